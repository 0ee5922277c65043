import type { ImportFormat } from './types';

/** What a file is: a format EveryCent reads, or one it names and refuses. */
type DetectedFormat = { format: ImportFormat } | { refused: string };

/** Formats recognised only to be named in a refusal, from their first characters. */
const UNREAD_FORMATS: [RegExp, string][] = [
  [/^%PDF/, 'PDF'],
  [/^\s*<(!doctype html|html)/i, 'web page (HTML)'],
  [/^\s*[[{]/, 'JSON'],
  [/^\s*<\?xml[^>]*>\s*(<!--[\s\S]*?-->\s*)*<Workbook/i, 'Excel (XML spreadsheet)'],
  [/urn:iso:std:iso:20022:tech:xsd:pain\./i, 'ISO 20022 payment order (pain)'],
  [/^0000\d[\s\S]{20,}\n1\d/, 'Belgian CODA'],
  [/^01,[^\n]*\n02,/, 'BAI2'],
  [/:20:[\s\S]*:34F:/, 'MT942 (interim statement)'],
];

/** Binary formats, by their first characters as decoded: a zip archive (XLSX) and an OLE document (XLS). */
function binaryFormat(head: string): string | null {
  if (head.startsWith('PK\u0003\u0004')) return 'Excel (XLSX) or other zipped';
  if (head.startsWith('\u00d0\u00cf\u0011\u00e0') || head.startsWith('\ufffd\ufffd\u0011\ufffd')) return 'Excel (XLS)';
  return null;
}

/** Which parser a file or pasted text needs, from its content first and its name second. */
export function detectFormat(content: string, fileName = ''): DetectedFormat {
  const head = content.slice(0, 4000);
  const binary = binaryFormat(head);
  if (binary) return { refused: binary };
  if (/OFXHEADER|<OFX>/i.test(head)) return { format: 'ofx' };
  if (/urn:iso:std:iso:20022:tech:xsd:camt\.05[234]|<(BkToCstmrStmt|BkToCstmrAcctRpt|BkToCstmrDbtCdtNtfctn)>/i.test(head)) return { format: 'camt' };
  if (/^:20:/m.test(head) && /^:(60[FM]|61):/m.test(content) && !/^:34F:/m.test(head)) return { format: 'mt940' };
  for (const [pattern, name] of UNREAD_FORMATS) if (pattern.test(head)) return { refused: name };
  if (/^\s*!(Type|Account|Option)/im.test(head.slice(0, 200))) return { format: 'qif' };
  if (/^\s*<\?xml|^\s*<[A-Za-z]/.test(head)) return { refused: 'XML file of a kind' };
  if (/\.(ofx|qfx|qbo)$/i.test(fileName)) return { format: 'ofx' };
  if (/\.qif$/i.test(fileName)) return { format: 'qif' };
  if (/\.(sta|mt940|940)$/i.test(fileName)) return { format: 'mt940' };
  return { format: 'csv' };
}

/** The sentence that names a file EveryCent does not read. */
export const refusalText = (name: string) =>
  `This looks like ${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name} file, which EveryCent cannot read yet. Export the statement from your bank as CSV, OFX, QFX, QIF, MT940 or CAMT instead.`;
