import type { AppStore } from '../../src/app/store';

/** Every message the screens showed, in order (a message expires after three seconds, a slow runner can take longer). */
export function recordMessages(store: AppStore): string[] {
  const texts: string[] = [];
  let lastId = 0;
  store.subscribe(() => {
    const current = store.getState().messages.current;
    if (current && current.id !== lastId) {
      lastId = current.id;
      texts.push(current.text);
    }
  });
  return texts;
}
