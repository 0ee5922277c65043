import { createListenerMiddleware } from '@reduxjs/toolkit';

/** Cross-cutting reactions (failed requests → messages, 401 → log out) are registered here. */
export const listenerMiddleware = createListenerMiddleware();
