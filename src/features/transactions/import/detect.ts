import type { ImportFormat } from './types';

/** Which parser a file or pasted text needs, from its content first and its name second. */
export function detectFormat(content: string, fileName = ''): ImportFormat {
  const head = content.slice(0, 2000);
  if (/OFXHEADER|<OFX>/i.test(head) || /\.(ofx|qfx)$/i.test(fileName)) return 'ofx';
  if (/camt\.053|<BkToCstmrStmt>/i.test(head) || (/^\s*<\?xml/.test(head) && /<Document/i.test(head))) return 'camt053';
  return 'csv';
}
