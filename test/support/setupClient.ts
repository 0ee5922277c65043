import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Areas load their code lazily (antd among it); on a busy two-core machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout engine: antd asks for these.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;

// antd's forms batch their watchers through MessageChannel, which jsdom lacks. A timer has the same
// "later, as a macrotask" meaning and keeps no handle open after the test.
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimerMessageChannel {
    port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
    port2 = { postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data }), 0) };
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = TimerMessageChannel;
}

afterEach(() => {
  window.localStorage.clear();
});

// An antd deprecation warning fails the test that caused it, so the client stays on antd's current APIs.
const deprecations: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const text = args.map(String).join(' ');
  if (text.includes('[antd: ') && text.includes('deprecated')) deprecations.push(text);
  consoleError(...args);
};
afterEach(() => {
  const found = deprecations.splice(0);
  if (found.length > 0) throw new Error(`antd deprecation warnings:\n${found.join('\n')}`);
});
