// The light quick-add page's entry (webpack builds it apart from the app: no React, no Redux).
import { registerServiceWorker } from './platform/serviceWorker';
import { startQuickAddPage } from './features/quick-add/light/quickAddLightPage';

startQuickAddPage();
// Opened from the home screen, the page itself then comes from the worker's cache (its data never does).
if (process.env.NODE_ENV === 'production') registerServiceWorker();
