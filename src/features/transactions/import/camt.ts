import { isValidDate } from '../../../shared/dates';
import { parseAmountText } from './values';
import { splitSigned, type ImportedRow, type ParseResult } from './types';

const children = (parent: Element, name: string) => Array.from(parent.children).filter((child) => child.localName === name);

/** The text at a path of child element names below `parent` (namespace-blind: camt versions differ). */
function at(parent: Element, ...path: string[]): string {
  let nodes: Element[] = [parent];
  for (const name of path) nodes = nodes.flatMap((node) => children(node, name));
  return nodes[0]?.textContent?.trim() ?? '';
}

/** All texts at a path (a remittance can have several Ustrd lines). */
function allAt(parent: Element, ...path: string[]): string[] {
  let nodes: Element[] = [parent];
  for (const name of path) nodes = nodes.flatMap((node) => children(node, name));
  return nodes.map((node) => node.textContent?.trim() ?? '').filter(Boolean);
}

function entryDescription(entry: Element): string {
  const details = children(entry, 'NtryDtls').flatMap((d) => children(d, 'TxDtls'));
  for (const tx of details) {
    const remittance = allAt(tx, 'RmtInf', 'Ustrd').join(' ');
    const party = at(tx, 'RltdPties', 'Cdtr', 'Nm') || at(tx, 'RltdPties', 'Cdtr', 'Pty', 'Nm') || at(tx, 'RltdPties', 'Dbtr', 'Nm') || at(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm');
    const text = [party, remittance].filter(Boolean).join(' - ');
    if (text) return text;
  }
  return at(entry, 'AddtlNtryInf');
}

function entryRef(entry: Element): string {
  return (
    at(entry, 'AcctSvcrRef') ||
    at(entry, 'NtryRef') ||
    at(entry, 'NtryDtls', 'TxDtls', 'Refs', 'AcctSvcrRef') ||
    at(entry, 'NtryDtls', 'TxDtls', 'Refs', 'EndToEndId')
  );
}

/** An entry's status: a plain text in camt versions up to 8, a code inside it from version 8 on. */
const entryStatus = (entry: Element) => (at(entry, 'Sts', 'Cd') || at(entry, 'Sts')).toUpperCase();

/**
 * ISO 20022 bank-to-customer messages, read with the browser's DOMParser: statements (camt.053), intraday
 * reports (camt.052) and notifications (camt.054). Only booked entries are imported; pending ones are named.
 */
export function parseCamt(content: string): ParseResult {
  const rows: ImportedRow[] = [];
  const problems: string[] = [];
  const skipped: string[] = [];
  const document = new DOMParser().parseFromString(content, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) return { rows, problems: ['This CAMT file is not well-formed XML and cannot be read. Download it again from your bank.'] };
  const entries = Array.from(document.getElementsByTagNameNS('*', 'Ntry'));
  entries.forEach((entry, index) => {
    const status = entryStatus(entry);
    if (status === 'PDNG' || status === 'INFO' || status === 'FUTR') {
      skipped.push(`Entry ${index + 1}: not booked yet (${status === 'PDNG' ? 'pending' : status === 'FUTR' ? 'future' : 'information only'})`);
      return;
    }
    // Booking date first; dates are read as their first 10 characters, never through a time zone.
    const dateText = (at(entry, 'BookgDt', 'Dt') || at(entry, 'BookgDt', 'DtTm') || at(entry, 'ValDt', 'Dt') || at(entry, 'ValDt', 'DtTm')).slice(0, 10);
    const amount = parseAmountText(at(entry, 'Amt'));
    const direction = at(entry, 'CdtDbtInd');
    if (!isValidDate(dateText) || amount === null || (direction !== 'CRDT' && direction !== 'DBIT')) {
      problems.push(`Entry ${index + 1}: the booking date, amount or credit/debit indicator (CRDT/DBIT) is missing or unreadable.`);
      return;
    }
    const ref = entryRef(entry);
    rows.push({
      transaction_date: dateText,
      description: entryDescription(entry),
      ...splitSigned(direction === 'DBIT' ? -Math.abs(amount) : Math.abs(amount)),
      ...(ref ? { bank_ref: ref } : {}),
    });
  });
  return { rows, problems, skipped };
}
