import type { ServerRefusal } from '../apiErrors';

/** One list of a save's body, as sent: the row keys and names index for index, and what an unnamed row is called. */
interface SentList<Key> {
  keys: readonly Key[];
  names: readonly string[];
  unnamed: string;
}

interface RowRefusal<Lists extends string, Key> {
  /** Every reason as its own sentence, in the person's words: "Groceries: amount is too large." */
  reasons: string[];
  /** Per list, the rows named (by key) with their fields. */
  rows: Record<Lists, Map<Key, string[]>>;
  /** Per list, what the server said of each row (by key), as it said it: for a message drawn on the row. */
  said: Record<Lists, Map<Key, string[]>>;
}

const fieldWords = (field: string) => field.replace(/_id$/, '').replace(/_/g, ' ');
const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/**
 * The one mapper from a refusal's `field_errors` to rows, for every edit-mode grid. The server names refused
 * fields by their place in the save (`allocations.1.amount`, `transactions[3].date`, with messages such as
 * "allocations.1.amount is too large" or "Name can't be blank"): each becomes the row's name and the reason
 * without the path, and the row (by key, through the list as sent) is marked with the field. Reasons the server
 * gave for the whole save follow as they are.
 */
export function rowsOfRefusal<Lists extends string, Key>(refusal: Pick<ServerRefusal, 'messages' | 'fieldErrors'>, lists: Record<Lists, SentList<Key>>): RowRefusal<Lists, Key> {
  const names = Object.keys(lists) as Lists[];
  const rows = Object.fromEntries(names.map((name) => [name, new Map<Key, string[]>()])) as Record<Lists, Map<Key, string[]>>;
  const said = Object.fromEntries(names.map((name) => [name, new Map<Key, string[]>()])) as Record<Lists, Map<Key, string[]>>;
  const reasons: string[] = [];
  const placed = new Set<string>();
  for (const [path, messages] of Object.entries(refusal.fieldErrors)) {
    const match = /^(\w+)(?:\.(\d+)|\[(\d+)\])(?:\.(\w+))?/.exec(path);
    const list = match && names.includes(match[1] as Lists) ? (match[1] as Lists) : undefined;
    if (!match || !list) continue;
    const index = Number(match[2] ?? match[3]);
    const sent = lists[list];
    const key = sent.keys[index];
    if (key === undefined) continue;
    const field = match[4] ?? '';
    const fields = rows[list].get(key) ?? [];
    if (field && !fields.includes(field)) fields.push(field);
    rows[list].set(key, fields);
    const known = said[list].get(key) ?? [];
    said[list].set(key, [...known, ...messages.filter((message) => !known.includes(message))]);
    const name = sent.names[index]?.trim() || sent.unnamed;
    for (const message of messages) {
      placed.add(message);
      // "allocations.1.allocation_category_id is required" → "allocation category is required"
      const reason = message.startsWith(`${path} `) ? `${fieldWords(field)} ${message.slice(path.length + 1)}` : message;
      // A list whose rows have no name (the window's: the server's message names the row) is not prefixed.
      reasons.push(sentence(name ? `${name}: ${reason}` : reason));
    }
  }
  for (const message of refusal.messages) if (!placed.has(message)) reasons.push(sentence(message));
  return { reasons: [...new Set(reasons)], rows, said };
}
