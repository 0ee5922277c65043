import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import JSDOMEnvironment from 'jest-environment-jsdom';
import { implForWrapper } from 'jsdom/lib/jsdom/living/generated/utils';
import { installComputedStyle } from './computedStyle';

/** The part of an nwsapi engine's plan cache that the engine calls. */
interface PlanCache {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
  has(key: string): boolean;
  clear(): void;
  size(): number;
}

interface SelectorEngine {
  matchLambdas: PlanCache;
  matchResolvers: PlanCache;
}

function keepEveryPlan(cache: PlanCache): void {
  const plans = new Map<string, unknown>();
  cache.get = (key) => plans.get(key);
  cache.set = (key, value) => {
    plans.set(key, value);
    return value;
  };
  cache.has = (key) => plans.has(key);
  cache.clear = () => plans.clear();
  cache.size = () => plans.size;
}

/**
 * jsdom without fetch: install Node's own fetch classes, with relative URLs resolved against the page,
 * so RTK Query runs unchanged and tests mock the network at the fetch level.
 *
 * getComputedStyle matches every CSS rule in the document against the element and each of its ancestors (for
 * `visibility`), through one nwsapi engine whose compiled selectors sit in a 1,000-entry LRU cache. Once an antd
 * dialog is open, antd has injected more distinct selectors than that, so walking the rules in order evicts every
 * selector before its next use and each call recompiles all of them: 0.6 s a call, and user-event and role queries
 * make several per action. The engine's caches are swapped for unbounded ones: the same compiled selectors give the
 * same answers, compiled once per test file.
 */
export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const global = this.global as unknown as Record<string, unknown>;
    const base = () => String((this.global as unknown as Window).location.href);
    class BrowserRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, base()).toString() : input, init);
      }
    }
    global.Request = BrowserRequest;
    global.Response = Response;
    global.Headers = Headers;
    global.fetch = fetch;
    global.TextEncoder = TextEncoder;
    global.TextDecoder = TextDecoder;
    global.structuredClone = structuredClone;
    global.AbortController = AbortController;
    global.AbortSignal = AbortSignal;

    const window = this.global as unknown as Window;
    window.getComputedStyle(window.document.documentElement); // creates the style engine
    const styleEngine = (implForWrapper(window.document) as { _nwsapiDontThrow?: SelectorEngine })._nwsapiDontThrow;
    if (!styleEngine?.matchLambdas || !styleEngine.matchResolvers) {
      throw new Error('jsdom no longer keeps its style selector engine where jsdomEnvironment.ts looks for it: review the cache swap there');
    }
    keepEveryPlan(styleEngine.matchLambdas);
    keepEveryPlan(styleEngine.matchResolvers);
    installComputedStyle(window);
  }
}
