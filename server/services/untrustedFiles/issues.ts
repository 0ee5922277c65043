import type { z } from 'zod';
import { formatMoney, MAX_CENTS } from '../../../src/shared/money';
import { malformedTextIn, malformedTextMessage } from '../../../src/shared/unicode';
import { unprocessable } from '../../errors';

/**
 * One problem zod found, in words: the field, the schema's own message, and for an amount the limit it broke
 * ("withdrawal_amount is too large (one amount may be at most 100,000,000.00)").
 */
export function issueText(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  const limit = issue.code === 'too_big' || issue.code === 'too_small' ? (issue.origin === 'number' && Math.abs(Number(issue.code === 'too_big' ? issue.maximum : issue.minimum)) === MAX_CENTS ? ` (one amount may be at most ${formatMoney(MAX_CENTS)} either way)` : '') : '';
  return `${field ? `${field} ` : ''}${issue.message}${limit}`;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * An uploaded JSON document, from its bytes: UTF-8 (invalid bytes are refused, never replaced), JSON, and every
 * text in it valid Unicode. `damaged` words the refusal.
 */
export function jsonDocumentOf(bytes: Uint8Array, damaged: (why: string) => string): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw unprocessable(damaged('it is not UTF-8 text'));
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw unprocessable(damaged('it is not complete JSON'));
  }
  const malformed = malformedTextIn(document);
  if (malformed !== null) throw unprocessable(damaged(malformedTextMessage(malformed)));
  return document;
}
