/**
 * What `import … from 'zod'` means in the web client (webpack.config.js aliases it here): zod, told before any
 * schema runs not to probe for eval with `new Function`, which the Content-Security-Policy (script-src 'self')
 * would report as a violation. Only the screens that validate forms load it; the budget screens do not.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z as default };
