// The light quick-add page's entry (webpack builds it apart from the app: no React, no Redux).
import { startQuickAddPage } from './features/quick-add/light/quickAddLightPage';

startQuickAddPage();
