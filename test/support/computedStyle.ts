import { createRequire } from 'node:module';
import { implForWrapper } from 'jsdom/lib/jsdom/living/generated/utils';

/** The cssom shapes jsdom's style sheets are made of (cssom ships no types). */
interface Declarations {
  readonly length: number;
  readonly [index: number]: string;
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
}
interface SheetRule {
  selectorText?: string;
  style: Declarations;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<SheetRule>;
}
interface Sheet {
  cssRules: ArrayLike<SheetRule>;
}
interface ComputedDeclaration {
  setProperty(property: string, value: string, priority?: string): void;
}
interface ElementImpl {
  _ownerDocument: { styleSheets: { _list: Sheet[] } };
}

// jsdom's own modules, so the rules, the selector engine and the declaration class are the ones it uses.
const fromJsdom = createRequire(require.resolve('jsdom'));
const { CSSStyleDeclaration } = fromJsdom('cssstyle') as { CSSStyleDeclaration: new () => ComputedDeclaration };
const cssom = fromJsdom('cssom') as { parse(text: string): Sheet };
const defaultStyleSheet = fromJsdom('./jsdom/browser/default-stylesheet') as string;
const { matchesDontThrow } = fromJsdom('./jsdom/living/helpers/selectors') as { matchesDontThrow(element: ElementImpl, selector: string | undefined): boolean };

/** A rule in cascade order, with the classes each of its selectors needs on the element itself. */
interface IndexedRule {
  rule: SheetRule;
  /** Per comma-separated selector, the classes its last compound names; null when the text was not read. */
  needs: string[][] | null;
  setsVisibility: boolean;
}

/** Masks what is inside brackets, parentheses and quotes (with a character no name or combinator has), so only the top level is read. */
function topLevel(selector: string): string {
  let depth = 0;
  let quote = '';
  let out = '';
  const mask = '\u0001';
  for (const char of selector) {
    if (quote) {
      if (char === quote) quote = '';
      out += mask;
    } else if (char === '"' || char === "'") {
      quote = char;
      out += mask;
    } else if (char === '(' || char === '[') {
      depth += 1;
      out += mask;
    } else if (char === ')' || char === ']') {
      depth -= 1;
      out += mask;
    } else out += depth > 0 ? mask : char;
  }
  return out;
}

function classesNeeded(selectorText: string | undefined): string[][] | null {
  if (typeof selectorText !== 'string' || selectorText.includes('\\')) return null;
  return topLevel(selectorText)
    .split(',')
    .map((selector) => {
      const compounds = selector.trim().split(/[\s>+~]+/);
      const last = compounds[compounds.length - 1] ?? '';
      return [...last.matchAll(/\.(-?[_a-zA-Z\u00a0-\uffff][-_a-zA-Z0-9\u00a0-\uffff]*)/g)].map((match) => match[1].toLowerCase());
    });
}

const indexes = new WeakMap<Sheet, { length: number; first: SheetRule | undefined; rules: IndexedRule[] }>();

/** The sheet's rules as jsdom walks them (a media rule's own rules only when it lists "screen"), indexed once per sheet. */
function rulesOf(sheet: Sheet): IndexedRule[] {
  const { cssRules } = sheet;
  const known = indexes.get(sheet);
  if (known && known.length === cssRules.length && known.first === cssRules[0]) return known.rules;
  const rules: IndexedRule[] = [];
  const add = (rule: SheetRule) => rules.push({ rule, needs: classesNeeded(rule.selectorText), setsVisibility: Boolean(rule.style?.getPropertyValue('visibility')) });
  for (const rule of Array.from(cssRules)) {
    if (rule.media) {
      if (Array.from(rule.media).includes('screen')) for (const inner of Array.from(rule.cssRules ?? [])) add(inner);
    } else add(rule);
  }
  indexes.set(sheet, { length: cssRules.length, first: cssRules[0], rules });
  return rules;
}

let defaultSheet: Sheet | undefined;

function classesOf(element: Element): Set<string> {
  return new Set((element.getAttribute('class') ?? '').toLowerCase().split(/\s+/).filter(Boolean));
}

/** The rules that match the element, in jsdom's order; `only` narrows the walk to the rules that can matter. */
function matchingRules(element: Element, only?: (rule: IndexedRule) => boolean): SheetRule[] {
  const impl = implForWrapper(element) as ElementImpl;
  defaultSheet ??= cssom.parse(defaultStyleSheet);
  const classes = classesOf(element);
  const found: SheetRule[] = [];
  for (const sheet of [defaultSheet, ...impl._ownerDocument.styleSheets._list]) {
    for (const indexed of rulesOf(sheet)) {
      if (only && !only(indexed)) continue;
      // A class the selector's last compound names must be on the element: without it, the selector cannot match.
      if (indexed.needs && !indexed.needs.some((needed) => needed.every((name) => classes.has(name)))) continue;
      if (matchesDontThrow(impl, indexed.rule.selectorText)) found.push(indexed.rule);
    }
  }
  return found;
}

/** `visibility` as jsdom resolves it: the last matching rule's, the inline style's, else the parent's, else visible. */
function visibilityOf(element: Element): string {
  let value = '';
  for (const rule of matchingRules(element, (indexed) => indexed.setsVisibility)) value = rule.style.getPropertyValue('visibility') || value;
  const inline = (element as HTMLElement).style?.getPropertyValue('visibility');
  if (inline) value = inline;
  if (value) return value;
  return element.parentElement ? visibilityOf(element.parentElement) : 'visible';
}

/**
 * jsdom's getComputedStyle, with the same answer for the same document, made fast enough for antd pages.
 *
 * jsdom matches every rule of every sheet against the element, and again against each ancestor to resolve
 * `visibility`. antd injects thousands of rules, and the accessible name of each candidate in a role query asks
 * for the style of each of its descendants, so a role query on a dialog cost seconds. Here a rule is tried only
 * when the element carries every class its selector's last compound names (a selector that names a class the
 * element lacks cannot match), the ancestor walk tries only the rules that set `visibility`, and the declaration is
 * not serialised after each property. EVERYCENT_TEST_CHECK_COMPUTED_STYLE=1 compares every answer with jsdom's (slow:
 * for checking this file after a jsdom or antd upgrade).
 */
export function installComputedStyle(window: Window): void {
  const jsdomComputedStyle = window.getComputedStyle.bind(window);
  const { Element } = window as unknown as { Element: typeof globalThis.Element };
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if ((pseudoElement !== undefined && pseudoElement !== null && pseudoElement !== '') || !(element instanceof Element)) {
      return jsdomComputedStyle(element, pseudoElement);
    }
    const declaration = new CSSStyleDeclaration();
    // Each setProperty serialises the whole declaration for a change callback that a computed style does not have.
    Object.defineProperty(declaration, 'cssText', { configurable: true, get: () => '' });
    for (const rule of matchingRules(element)) {
      for (const property of Array.from(rule.style)) {
        declaration.setProperty(property, rule.style.getPropertyValue(property), rule.style.getPropertyPriority(property));
      }
    }
    declaration.setProperty('visibility', visibilityOf(element));
    const inline: CSSStyleDeclaration | undefined = (element as HTMLElement).style;
    for (const property of inline ? Array.from(inline) : []) {
      declaration.setProperty(property, inline.getPropertyValue(property), inline.getPropertyPriority(property));
    }
    delete (declaration as { cssText?: string }).cssText;
    if (process.env.EVERYCENT_TEST_CHECK_COMPUTED_STYLE) {
      const [jsdomText, fastText] = [jsdomComputedStyle(element).cssText, (declaration as unknown as CSSStyleDeclaration).cssText];
      if (jsdomText !== fastText) throw new Error(`Computed style differs from jsdom's for ${element.outerHTML.slice(0, 200)}\njsdom: ${jsdomText}\nhere:  ${fastText}`);
    }
    return declaration as unknown as CSSStyleDeclaration;
  };
}
