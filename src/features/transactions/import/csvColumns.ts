import type { CsvLine, Delimiter } from './csvLines';
import { PENDING } from './csvTable';
import { BALANCE_LINE } from './types';
import { dateFormatsReadingAll, dateLike, parseAmountText, type DateFormat } from './values';

/** What a column's name says it holds, in the languages of the banks seen so far. */
export const HEADER = {
  date: /dat|buchung|posted|posting|created|time|fecha|päivä|dátum/,
  valueDate: /valuta|wertstellung|value|rente|valeur|verrekening|settle|execution|proveden|effective/,
  amount: /amount|betrag|bedrag|importe|montant|valor|beløb|belopp|summe|összeg|částka|kwota|sum\b|value/,
  /** What moved the account after fees: preferred over the gross amount and the fee. */
  net: /\bnet\b|netto|neto/,
  gross: /gross|brutto|bruto/,
  notAmount:
    /balance|saldo|kontostand|solde|guthaben|running|\bid\b|nummer|number|\bno\b|\bnr\b|account|konto|rekening|iban|bic|blz|check|cheque|slip|ref|symbol|code|card|kaart|karte|rate|kurs|koers|fee|kosten|gebühr|original|fremd|foreign|local|oorspr|exchange|tax|shipping|insurance|quantity/,
  /** A running balance: the account's balance after each line. */
  balance: /balance|saldo|kontostand|solde|guthaben|running bal/,
  withdrawal: /withdraw|debit|debet|paid out|money out|soll|outflow|ausgang|\baf\b|uitgaven|charge/,
  deposit: /deposit|credit|paid in|money in|haben|inflow|eingang|\bbij\b|inkomsten/,
  ref: /\bid\b|ref|fitid|transaction id|volgnr|record id|buchungsreferenz|transactiereferentie/,
  description: [
    /description|omschrijving|beschreibung|libell|concepto|descri|histórico/,
    /payee|beguenstigter|begünstigter|empfänger|merchant|handelaar|partner|naam|name|counter|tegenpartij/,
    /details|narrative|buchungstext|verwendungszweck|memo|text|mededeling|zpráva|közlemény|message/,
  ],
};

export const has = (header: string, pattern: RegExp) => pattern.test(header.toLowerCase());

/** Which way a direction column (D/C, Af/Bij, Soll/Haben, Debit/Credit) says the money went; "memo": it did not move. */
const SIGN_TOKENS: Record<string, 'out' | 'in' | 'memo'> = {
  d: 'out', dr: 'out', debit: 'out', debet: 'out', dbit: 'out', af: 'out', s: 'out', soll: 'out', outflow: 'out', '-': 'out',
  c: 'in', cr: 'in', credit: 'in', crdt: 'in', bij: 'in', h: 'in', haben: 'in', k: 'in', inflow: 'in', '+': 'in',
  memo: 'memo',
};
export const signOf = (text: string) => SIGN_TOKENS[text.trim().toLowerCase()];

/** The balance text of an opening or closing balance line, if the line is one (a cheap test first: most lines are not). */
export const balanceText = (cells: string[]) => (/balance|saldo|kontostand|solde|turnover|total|sum/i.test(cells.join(' ')) ? cells.find((cell) => BALANCE_LINE.test(cell)) : undefined);

/** Nearly all values fit (a footer or a broken line may not; those are reported by line): one in ten, or one. */
const mostly = (fitting: number, all: number) => fitting > all - fitting && all - fitting <= Math.max(1, Math.floor(all / 10));

/**
 * The layouts that read every date of a column (one layout throughout). Values that are no date in any
 * layout (a footer, "Pending") do not decide the layout; they are reported as unreadable lines later. A column
 * is a date column only when nearly all its values are dates, and plain numbers only as YYYYMMDD.
 */
function columnDateFormats(values: string[]): DateFormat[] {
  const filled = values.filter((value) => !PENDING.test(value));
  if (filled.length === 0 || filled.slice(0, 20).filter(dateLike).length * 2 < Math.min(filled.length, 20)) return [];
  const dates = filled.filter(dateLike);
  if (!mostly(dates.length, filled.length)) return [];
  const formats = dateFormatsReadingAll(dates);
  return dates.every((value) => /^\d+$/.test(value)) ? formats.filter((format) => format === 'YYYYMMDD') : formats;
}

/** What the values of one column look like, over every row of the table. */
export interface ColumnShape {
  header: string;
  filled: string[];
  dateFormats: DateFormat[];
  /** Every value an amount with a decimal point, or with a decimal comma. */
  money: { point: boolean; comma: boolean };
  /** Some value has cents (an id or a count has none). */
  cents: boolean;
  negative: boolean;
  /** Every value zero (a fee column on a statement without fees): never the transaction's amount. */
  zero: boolean;
  /** A leading zero ("0042") or a long run of digits: an id or an account number. */
  idShaped: boolean;
  /** Every value says which way the money went (D/C, Af/Bij...), or that it did not move ("Memo"). */
  signs: boolean;
  unique: boolean;
}

function columnShape(header: string, values: string[]): ColumnShape {
  const filled = values.filter((value) => value !== '');
  const all = (test: (value: string) => boolean) => filled.length > 0 && filled.every(test);
  // A few values that are no amount at all (a footer line) do not decide the column; they are reported by
  // line later. An amount with more than cents (an exchange rate) does: such a column is no money column.
  const money = (decimalComma: boolean) => {
    if (filled.slice(0, 10).filter((value) => parseAmountText(value, decimalComma) !== null).length * 2 < Math.min(filled.length, 10)) return false;
    const amounts = filled.filter((value) => parseAmountText(value, decimalComma) !== null);
    return mostly(amounts.length, filled.length) && !amounts.some((value) => (decimalComma ? /,\d{3,}\D*$/ : /\.\d{3,}\D*$/).test(value));
  };
  return {
    header,
    filled,
    dateFormats: columnDateFormats(filled),
    money: { point: money(false), comma: money(true) },
    cents: filled.some((value) => /\d[.,]\d{1,2}\D*$/.test(value)),
    negative: filled.some((value) => /^\s*-|-\s*$|^\(/.test(value)),
    zero: all((value) => !/[1-9]/.test(value)),
    idShaped: filled.some((value) => /^0\d/.test(value) || /\d{9,}/.test(value.replace(/[.,\s]/g, ''))),
    signs: all((value) => signOf(value) !== undefined) && filled.some((value) => signOf(value) !== 'memo'),
    unique: filled.length === values.length && new Set(filled).size === filled.length,
  };
}

/** Each column of the table described over its rows (balance lines left out), with its header's name. */
export function columnShapes(header: string[] | null, rows: CsvLine[]): ColumnShape[] {
  const width = rows.reduce((max, row) => Math.max(max, row.cells.length), header?.length ?? 0);
  return Array.from({ length: width }, (_, i) => columnShape(header?.[i] ?? '', rows.map((row) => row.cells[i] ?? '')));
}

export const columnLabel = (shapes: ColumnShape[], i: number) => (shapes[i]?.header ? `"${shapes[i].header}"` : `Column ${i + 1}`);

/** Decimal comma or point, from the amount-like columns: the style that some value needs and none refuses. */
export function decideDecimalComma(shapes: ColumnShape[], delimiter: Delimiter): boolean {
  let comma = 0;
  let point = 0;
  for (const shape of shapes) {
    if (shape.dateFormats.length > 0 || shape.idShaped) continue;
    if (shape.money.comma && !shape.money.point) comma += shape.cents ? 2 : 1;
    if (shape.money.point && !shape.money.comma) point += shape.cents ? 2 : 1;
  }
  return comma === point ? delimiter === ';' : comma > point;
}

/** The description: a column named like one; without a telling name, the column of words with the most different texts. */
export function chooseDescription(shapes: ColumnShape[], textColumns: number[]): number {
  const distinct = (i: number) => new Set(shapes[i].filled).size;
  // Of several columns, the one with the most different texts ("Name Zahlungsbeteiligter", not "Bankname Auftragskonto").
  const mostDistinct = (columns: number[]) => columns.reduce<number | undefined>((best, i) => (best === undefined || distinct(i) > distinct(best) ? i : best), undefined);
  for (const pattern of HEADER.description) {
    const found = mostDistinct(textColumns.filter((i) => has(shapes[i].header, pattern) && shapes[i].filled.length > 0));
    if (found !== undefined) return found;
  }
  // A column of ids or account numbers (more digits than letters) is no description while a column of words is there.
  const wordy = (value: string) => (value.match(/\p{L}/gu)?.length ?? 0) >= (value.match(/\d/g)?.length ?? 0);
  const words = textColumns.filter((i) => shapes[i].filled.filter(wordy).length * 2 > shapes[i].filled.length);
  return mostDistinct(words.length > 0 ? words : textColumns) ?? 0;
}
