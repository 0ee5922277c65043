// jsdom's own wrapper-to-implementation lookup; the test environment reaches the document's style engine through it.
declare module 'jsdom/lib/jsdom/living/generated/utils' {
  export function implForWrapper(wrapper: object): object;
}
