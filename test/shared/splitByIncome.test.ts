import { partnerShares, splitByIncome } from '../../src/shared/budgetMath';

const couple = { family_type: 'couple' as const, wife: 'Ana', husband: 'Ben', single_person: 'Me' };

describe('the split by income', () => {
  it("follows each partner's income, shared incomes half to each", () => {
    // Ana 3,000 + half of 1,000 shared = 3,500; Ben 1,000 + 500 = 1,500: 70 % / 30 %.
    const incomes = [
      { amount: 300_000, owner: 'wife' as const },
      { amount: 100_000, owner: 'husband' as const },
      { amount: 100_000, owner: 'shared' as const },
    ];
    expect(splitByIncome(100_000, incomes)).toEqual({ wife: 70_000, husband: 30_000 });
  });

  it('gives the odd cent by rounding (a tie to the wife, listed first), and always adds up', () => {
    const incomes = [
      { amount: 100_000, owner: 'wife' as const },
      { amount: 200_000, owner: 'husband' as const },
    ];
    // 66.67 rounds to 67 (issue 42: the cent went to the wife whatever the rounding said).
    expect(splitByIncome(100, incomes)).toEqual({ wife: 33, husband: 67 });
    expect(splitByIncome(-100, incomes)).toEqual({ wife: -33, husband: -67 });
    // 1,819.52 weighed 10,036.64 / 8,158.56: Ben's exact share is 815.856, so 1,003.66 / 815.86, not 1,003.67 / 815.85.
    const seen = [
      { amount: 1_003_664, owner: 'wife' as const },
      { amount: 815_856, owner: 'husband' as const },
    ];
    expect(splitByIncome(181_952, seen)).toEqual({ wife: 100_366, husband: 81_586 });
    // An exact half: the cent goes to the wife.
    expect(splitByIncome(1, [{ amount: 500, owner: 'shared' as const }])).toEqual({ wife: 1, husband: 0 });
    expect(splitByIncome(-1, [{ amount: 500, owner: 'shared' as const }])).toEqual({ wife: -1, husband: 0 });
  });

  it('splits 50/50 without income to weigh, and ignores rows deleted in the draft', () => {
    expect(splitByIncome(101, [])).toEqual({ wife: 51, husband: 50 });
    expect(splitByIncome(100, [{ amount: 500, owner: 'husband', deleted: true }])).toEqual({ wife: 50, husband: 50 });
  });

  it('is exact for amounts whose product with an income passes 2^53', () => {
    const split = splitByIncome(9_999_999_999, [
      { amount: 9_999_999_999, owner: 'wife' },
      { amount: 1, owner: 'husband' },
    ]);
    expect(split.wife + split.husband).toBe(9_999_999_999);
    // 9,999,999,999 × 2 / 20,000,000,000 = 0.9999999999 cents: rounded, one cent.
    expect(split.husband).toBe(1);
  });

  it('applies only with the setting: 50/50 stays the default rule', () => {
    const incomes = [{ amount: 300_000, owner: 'wife' as const }];
    expect(partnerShares(couple, 1000, incomes).map((s) => s.amount)).toEqual([500, 500]);
    expect(partnerShares({ ...couple, split_rule: 'income' }, 1000, incomes).map((s) => s.amount)).toEqual([1000, 0]);
  });
});
