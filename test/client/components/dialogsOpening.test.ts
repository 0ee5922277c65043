import { dialogOpening, noDialogOpening } from '../../../src/components/dialogsOpening';

describe('a question waits for dialogs still opening', () => {
  afterEach(() => jest.useRealTimers());

  it('goes at once when no dialog is opening, else once the last one has opened (each counted once)', async () => {
    await expect(noDialogOpening()).resolves.toBeUndefined();
    const first = dialogOpening();
    const second = dialogOpening();
    let asked = false;
    const question = noDialogOpening().then(() => (asked = true));
    first();
    first();
    await Promise.resolve();
    expect(asked).toBe(false);
    second();
    await question;
    expect(asked).toBe(true);
  });

  it('waits a second at most (a dialog that never reports its end of opening does not silence questions)', async () => {
    jest.useFakeTimers();
    const stuck = dialogOpening();
    let asked = false;
    const question = noDialogOpening().then(() => (asked = true));
    jest.advanceTimersByTime(999);
    await Promise.resolve();
    expect(asked).toBe(false);
    jest.advanceTimersByTime(1);
    await question;
    expect(asked).toBe(true);
    stuck();
  });
});
