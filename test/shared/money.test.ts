import { formatMoney, MAX_CENTS, parseMoney } from '../../src/shared/money';

describe('money', () => {
  it.each([
    ['1,234.56', 123456],
    ['0.29', 29],
    ['1.005', 101],
    ['-12.345', -1235],
    ['abc', 0],
    ['', 0],
    ['12', 1200],
    ['.5', 50],
    ['99999999999999999', MAX_CENTS + 1],
    ['-99999999999999999', -(MAX_CENTS + 1)],
  ])('parses %p to %p cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each([
    [123456789, '1,234,567.89'],
    [-5, '-0.05'],
    [0, '0.00'],
  ])('formats %p as %p', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});
