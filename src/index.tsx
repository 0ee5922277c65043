import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './app/App';
import { startSignedInApp } from './app/boot';
import { hashPath } from './platform/headStart';
import { registerServiceWorker } from './platform/serviceWorker';
import { setupStore } from './app/store';
import './app/base.css';
import { keepClearButtonsOutOfTabOrder } from './components/clearButtons';

const store = setupStore();
keepClearButtonsOutOfTabOrder(document.body);
const root = createRoot(document.getElementById('root')!);
const render = (routedApp?: ComponentType) =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <App routedApp={routedApp} />
      </Provider>
    </StrictMode>,
  );

// With a session stored, the first render waits for the router chunk (index.html shows the loading bar until
// then): rendering a Suspense fallback first would hold the budget back by React's reveal throttle (300 ms).
const routedApp = startSignedInApp(store, hashPath());
if (routedApp) routedApp.then(render, () => render());
else render();
// Development builds are not named by content: a worker there would only serve stale pages.
if (process.env.NODE_ENV === 'production') registerServiceWorker();
// The live stream's code comes after the first screen (the page's load), as the service worker does: neither is
// needed to show it, and both would compete with it for the network and the CPU.
const afterLoad = (start: () => void) => {
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
};
afterLoad(() => void import(/* webpackChunkName: "live-updates" */ './app/liveUpdates').then(({ startLiveUpdates }) => startLiveUpdates(store)));
