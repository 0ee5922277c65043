import { useSyncExternalStore } from 'react';

/**
 * The guided start's skipped steps, kept on this device per signed-in person (localStorage): skipping is a
 * reading preference, not household data, so it needs no table and no API.
 */
const keyFor = (uid: string) => `everycent.guide.skipped.${uid}`;
const listeners = new Set<() => void>();
const EMPTY: readonly string[] = [];
let cached: { key: string; raw: string | null; steps: readonly string[] } | null = null;

function read(uid: string): readonly string[] {
  const key = keyFor(uid);
  const raw = window.localStorage.getItem(key);
  if (cached && cached.key === key && cached.raw === raw) return cached.steps;
  let steps: readonly string[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) steps = parsed.filter((item): item is string => typeof item === 'string');
  } catch {
    // A damaged entry counts as nothing skipped.
  }
  cached = { key, raw, steps };
  return steps;
}

function write(uid: string, steps: readonly string[]) {
  window.localStorage.setItem(keyFor(uid), JSON.stringify(steps));
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The steps this person skipped, and the ways to skip one, take a skip back, or skip the rest. */
export function useGuideSkips(uid: string) {
  const skipped = useSyncExternalStore(subscribe, () => read(uid));
  return {
    skipped,
    skip: (step: string) => write(uid, [...new Set([...read(uid), step])]),
    unskip: (step: string) => write(uid, read(uid).filter((item) => item !== step)),
    skipAll: (steps: readonly string[]) => write(uid, [...new Set([...read(uid), ...steps])]),
  };
}
