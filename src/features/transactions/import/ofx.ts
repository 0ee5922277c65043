import { parseSync } from 'ofx-js';
import { fromParts, isValidDate } from '../../../shared/dates';
import { parseAmountText } from './values';
import { splitSigned, type ImportedRow, type ParseResult } from './types';

type OfxNode = string | { [name: string]: OfxNode | OfxNode[] };

/** Every STMTTRN in the file, wherever it sits (bank and credit-card statements nest them differently). */
function collectTransactions(node: OfxNode | OfxNode[] | undefined, found: Record<string, OfxNode>[]): void {
  if (node === undefined || typeof node === 'string') return;
  if (Array.isArray(node)) {
    for (const item of node) collectTransactions(item, found);
    return;
  }
  for (const [name, child] of Object.entries(node)) {
    if (name === 'STMTTRN') {
      for (const item of Array.isArray(child) ? child : [child]) if (typeof item === 'object') found.push(item as Record<string, OfxNode>);
    } else {
      collectTransactions(child, found);
    }
  }
}

const text = (value: OfxNode | OfxNode[] | undefined) => (typeof value === 'string' ? value.trim() : '');

/** OFX dates look like 20260304120000[-5:EST]: the first 8 digits are the day, whatever the zone says. */
export function ofxDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  if (!match) return null;
  const date = fromParts(Number(match[1]), Number(match[2]), Number(match[3]));
  return isValidDate(date) ? date : null;
}

/** OFX and QFX (Quicken's OFX) statements, bank or credit card. */
export function parseOfx(content: string): ParseResult {
  const rows: ImportedRow[] = [];
  const problems: string[] = [];
  let parsed: ReturnType<typeof parseSync>;
  try {
    parsed = parseSync(content);
  } catch {
    return { rows, problems: ['This file could not be read as OFX'] };
  }
  const found: Record<string, OfxNode>[] = [];
  collectTransactions(parsed.OFX as OfxNode, found);
  found.forEach((transaction, index) => {
    const date = ofxDate(text(transaction.DTPOSTED));
    const amount = parseAmountText(text(transaction.TRNAMT), /^[-+]?\d+,\d+$/.test(text(transaction.TRNAMT)));
    if (!date || amount === null) {
      problems.push(`Transaction ${index + 1}: missing or unreadable date or amount`);
      return;
    }
    const name = text(transaction.NAME);
    const memo = text(transaction.MEMO);
    const ref = text(transaction.FITID);
    rows.push({
      transaction_date: date,
      description: name && memo && !name.includes(memo) ? `${name} ${memo}` : name || memo,
      ...splitSigned(amount),
      ...(ref ? { bank_ref: ref } : {}),
    });
  });
  return { rows, problems };
}
