/**
 * Registers the service worker (src/service-worker.ts) once the page has loaded, after its first paint, so that
 * it never competes with the first screen for the network or the CPU. When a new build's worker takes over an
 * open page, the page moves to the new code at its next navigation (a reload then), not under the person's hands.
 */
import { SERVICE_WORKER_FILE } from '../shared/builtFiles';

/** `reload` loads the page anew (a parameter so that tests can see it happen). */
export function registerServiceWorker(reload = () => window.location.reload()): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const register = () => {
    container.register(SERVICE_WORKER_FILE, { scope: './' }).catch(() => undefined);
  };
  const afterLoad = () => setTimeout(register, 0);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });

  // The first worker taking charge changes nothing on screen; a later one brings a new build.
  let hadWorker = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (!hadWorker) {
      hadWorker = true;
      return;
    }
    window.addEventListener('hashchange', reload, { once: true });
  });
}
