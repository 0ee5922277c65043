import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './app/App';
import { hashPath, startSignedInApp } from './app/boot';
import { setupStore } from './app/store';
import './app/base.css';

const store = setupStore();
startSignedInApp(store, hashPath());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);
