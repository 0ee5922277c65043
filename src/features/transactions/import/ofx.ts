import { fromParts, isValidDate } from '../../../shared/dates';
import { parseAmountText } from './values';
import { splitSigned, type ImportedRow, type ParseResult } from './types';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntities = (text: string) =>
  text
    .replace(/&#(x[0-9a-f]+|\d+);/gi, (_, code: string) => String.fromCodePoint(code[0].toLowerCase() === 'x' ? parseInt(code.slice(1), 16) : Number(code)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? whole);

/** Element text as the person should read it: CDATA unwrapped, HTML and XML entities decoded (twice: banks escape twice). */
function plain(value: string): string {
  return decodeEntities(decodeEntities(value.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')))
    .replace(/\s+/g, ' ')
    .trim();
}

/** NAME is often the start of MEMO, or MEMO a part of NAME: the longer one then says it all. */
const nameAndMemo = (name: string, memo: string) => (!name || memo.startsWith(name) ? memo : !memo || name.includes(memo) ? name : `${name} ${memo}`);

/**
 * The value of each element in one STMTTRN block. SGML OFX 1 leaves elements unclosed (`<TRNAMT>-12.50`),
 * XML OFX 2 closes them; either way a value runs to the next tag. CDATA sections are kept whole.
 */
function elementValues(block: string): Map<string, string> {
  const values = new Map<string, string>();
  const pattern = /<([A-Z0-9.]+)>((?:<!\[CDATA\[[\s\S]*?\]\]>|[^<])*)/gi;
  for (let match = pattern.exec(block); match; match = pattern.exec(block)) {
    const name = match[1].toUpperCase();
    if (!values.has(name)) values.set(name, plain(match[2]));
  }
  return values;
}

/** OFX dates look like 20260304120000[-5:EST]: the first 8 digits are the day, whatever the zone says. */
export function ofxDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  if (!match) return null;
  const date = fromParts(Number(match[1]), Number(match[2]), Number(match[3]));
  return isValidDate(date) ? date : null;
}

/**
 * OFX and QFX (Quicken's OFX) statements, bank or credit card, version 1 (SGML) or 2 (XML). Read by a tolerant
 * scan of the STMTTRN blocks rather than a strict parser: banks' files break the grammar in many small ways.
 */
export function parseOfx(content: string): ParseResult {
  const rows: ImportedRow[] = [];
  const problems: string[] = [];
  if (!/<OFX>/i.test(content)) return { rows, problems: ['This file has an OFX header but no <OFX> statement in it.'] };
  const blocks = content.split(/<STMTTRN>/i).slice(1).map((block) => block.split(/<\/STMTTRN>|<\/BANKTRANLIST>|<STMTTRN>/i)[0]);
  if (blocks.length === 0 && /<INVTRANLIST>/i.test(content)) return { rows, problems: ['This OFX file is an investment statement (trades and holdings), which EveryCent cannot read yet.'] };
  blocks.forEach((block, index) => {
    const values = elementValues(block);
    const date = ofxDate(values.get('DTPOSTED') ?? '') ?? ofxDate(values.get('DTUSER') ?? '');
    const amountText = values.get('TRNAMT') ?? '';
    const amount = parseAmountText(amountText, /^[-+]?\d+,\d+$/.test(amountText));
    if (!date || amount === null) {
      problems.push(`Transaction ${index + 1}${values.get('FITID') ? ` (FITID ${values.get('FITID')})` : ''}: the date "${values.get('DTPOSTED') ?? ''}" or the amount "${amountText}" cannot be read.`);
      return;
    }
    const name = values.get('NAME') ?? '';
    const memo = values.get('MEMO') ?? '';
    const ref = values.get('FITID') ?? '';
    rows.push({
      transaction_date: date,
      description: nameAndMemo(name, memo),
      ...splitSigned(amount),
      ...(ref ? { bank_ref: ref } : {}),
    });
  });
  return { rows, problems };
}
