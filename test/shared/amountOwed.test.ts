import { amountOwedNote, enteredBalance, storedBalance } from '../../src/shared/amountOwed';

describe('money owed', () => {
  it('stores an amount owed typed positive or negative as the same negative balance', () => {
    expect(storedBalance('liability', 61_240)).toBe(-61_240);
    expect(storedBalance('liability', -61_240)).toBe(-61_240);
    expect(storedBalance('liability', 0)).toBe(0);
    expect(enteredBalance('liability', -61_240)).toBe(61_240);
  });

  it('leaves other accounts signed as typed', () => {
    expect(storedBalance('current', -500)).toBe(-500);
    expect(storedBalance('asset', 500)).toBe(500);
    expect(amountOwedNote('current', -500)).toBeNull();
  });

  it('keeps a balance saved before while the field still shows it, a credit included, and says so', () => {
    expect(storedBalance('liability', -61_240, 61_240)).toBe(61_240);
    expect(storedBalance('liability', 61_240, -61_240)).toBe(-61_240);
    expect(storedBalance('liability', -100, 61_240)).toBe(-100);
    expect(amountOwedNote('liability', -61_240, 61_240)).toBe('Saved before as a credit of 612.40 (a positive balance): it is kept unless you type the amount owed.');
  });

  it('explains a negative amount owed and says nothing of a positive one', () => {
    expect(amountOwedNote('liability', -61_240)).toBe('-612.40 is read as 612.40 owed. An amount owed is typed as a positive number; it is stored and shown as a negative balance.');
    expect(amountOwedNote('liability', 61_240)).toBeNull();
  });
});
