import type { Cents } from '../../src/shared/money';

/** Deterministic pseudo-random numbers (mulberry32) so every demo household looks the same. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: T[]): T => items[Math.floor(next() * items.length)],
  };
}
export type Random = ReturnType<typeof randomSource>;

/** `total` split into `count` positive parts that add up exactly. */
export function split(total: Cents, count: number, random: Random, even: boolean): Cents[] {
  if (count <= 1) return [total];
  const weights = Array.from({ length: count }, () => (even ? 1 : 0.4 + random.next()));
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.max(1, Math.floor((total * w) / sum)));
  parts[parts.length - 1] += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}
