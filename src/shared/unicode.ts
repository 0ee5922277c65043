/** Half of a surrogate pair without its other half: not a character, and no database can store it as text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isWellFormedText = (text: string) => !LONE_SURROGATE.test(text);

/**
 * Where, in a value parsed from JSON, the first text that is not valid Unicode is ("transactions.3.description"),
 * or null when every text (keys too) is valid. Walked without recursion, so no depth of nesting can stop it.
 */
export function malformedTextIn(value: unknown): string | null {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (!isWellFormedText(item)) return path || 'the text';
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (!isWellFormedText(key)) return at;
        pending.push([child, at]);
      }
    }
  }
  return null;
}

export const malformedTextMessage = (where: string) => `${where} is not valid Unicode text (it holds half of a character)`;
