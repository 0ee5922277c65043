/**
 * Dialogs still in their opening animation. When it ends, antd focuses the dialog (and Dialog.tsx its first
 * field), wherever the focus is by then: a question asked over a dialog that is still opening ("Close without
 * saving?" after a quick Escape) would lose "Yes" to it, and Enter would answer "No". So a question waits until
 * no dialog is opening (confirmDialog.ts), at most a second.
 */
let opening = 0;
let waiting: Array<() => void> = [];

/** Called when a dialog starts opening; the function returned, when it has opened (or gone). */
export function dialogOpening(): () => void {
  opening += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    opening -= 1;
    if (opening === 0) {
      const resume = waiting;
      waiting = [];
      resume.forEach((go) => go());
    }
  };
}

const LONGEST_WAIT_MS = 1000;

export function noDialogOpening(): Promise<void> {
  if (opening === 0) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
    setTimeout(resolve, LONGEST_WAIT_MS);
  });
}
