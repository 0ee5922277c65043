import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom without fetch: install Node's own fetch classes, with relative URLs resolved against the page,
 * so RTK Query runs unchanged and tests mock the network at the fetch level.
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
  }
}
