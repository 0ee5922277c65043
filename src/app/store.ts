import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { authReducer } from '../platform/authSlice';
import { budgetEditReducer } from '../features/budgets/budgetEditSlice';
import { messagesReducer } from '../platform/messages/messagesSlice';
import { sinkFundEditSlot } from '../features/sink-funds/sinkFundEditSlot';
import { transactionEditSlot } from '../features/transactions/transactionEditSlot';
import { api } from '../platform/api';
import { listenerMiddleware } from './listeners';
import { refetchWhenNotLive } from '../platform/liveStream';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
  messages: messagesReducer,
  budgetEdit: budgetEditReducer,
  // The drafts' code loads with their areas (platform/reducerSlot.ts).
  sinkFundEdit: sinkFundEditSlot.reducer,
  transactionEdit: transactionEditSlot.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function setupStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listenerMiddleware.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch, refetchWhenNotLive);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
