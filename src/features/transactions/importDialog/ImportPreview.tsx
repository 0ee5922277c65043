import { Alert } from 'antd';
import { Money } from '../../../components/Money';
import { formatShortDate } from '../../../shared/dates';
import { counted } from '../../../shared/wording';
import type { BankFileReading, ImportTotals } from '../import/bankFile';
import type { ImportedRow } from '../import/types';
import type { BalanceCheck } from '../import/runningBalance';
import './importPreview.css';

/** The headings of a previewed row's cells. */
export const PreviewHeadings = () => (
  <>
    <th>Date</th>
    <th>Description</th>
    <th>Withdrawn</th>
    <th>Deposited</th>
  </>
);

/** A previewed row's cells: its date, description and amounts. */
export const PreviewCells = ({ row }: { row: Pick<ImportedRow, 'transaction_date' | 'description' | 'withdrawal_amount' | 'deposit_amount'> }) => (
  <>
    <td>{formatShortDate(row.transaction_date)}</td>
    <td>{row.description}</td>
    <td>
      <Money cents={row.withdrawal_amount} />
    </td>
    <td>
      <Money cents={row.deposit_amount} />
    </td>
  </>
);

/** The first rows a reading gives, as they will be added. */
export function PreviewRows({ rows, label }: { rows: readonly ImportedRow[]; label: string }) {
  return (
    <table className="ec-import-preview" aria-label={label}>
      <thead>
        <tr>
          <PreviewHeadings />
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <PreviewCells row={row} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The figures to compare with the bank's statement: rows, money in, money out, first and last day. */
export function TotalsLine({ totals, label }: { totals: ImportTotals; label: string }) {
  return (
    <p className="ec-import-totals" aria-label={label}>
      {counted(totals.rows, 'row')} · deposits <Money cents={totals.deposits} /> · withdrawals <Money cents={totals.withdrawals} />
      {totals.firstDate && totals.lastDate && ` · ${formatShortDate(totals.firstDate)} to ${formatShortDate(totals.lastDate)}`}
    </p>
  );
}

const verdict = (balance: BalanceCheck) => {
  if (balance.disagreement) return 'these amounts do not explain it';
  return balance.explained === 0 ? 'too few lines to check the amounts against it' : `these amounts explain ${balance.explained === 1 ? 'its step' : `each of its ${balance.explained} steps`}`;
};

/** The file's own running balance beside a reading: where it starts and ends, and whether the reading explains it. */
export function FileBalance({ balance, label }: { balance: BalanceCheck; label: string }) {
  return (
    <p className={`ec-import-balance${balance.disagreement ? ' ec-import-balance--wrong' : ''}`} aria-label={label}>
      The file&rsquo;s own balance ({balance.column}): <Money cents={balance.first.balance} /> on {formatShortDate(balance.first.date)}, <Money cents={balance.last.balance} /> on{' '}
      {formatShortDate(balance.last.date)}; {verdict(balance)}.
    </p>
  );
}

const listed = (lines: readonly string[]) => lines.slice(0, 5).join('; ') + (lines.length > 5 ? `; and ${lines.length - 5} more` : '');

/** What will not be added and why: the file's balance contradicting the reading, unreadable lines, lines left out. */
export function ReadingNotes({ reading }: { reading: BankFileReading }) {
  return (
    <>
      {reading.withheld && <Alert type="error" showIcon title="The file's own balance disagrees with these rows, so none will be added" description={reading.withheld} />}
      {reading.problems.length > 0 && (
        <Alert type="warning" showIcon title={`${counted(reading.problems.length, 'line')} could not be read and will not be added`} description={listed(reading.problems)} />
      )}
      {reading.skipped.length > 0 && <Alert type="info" showIcon title={`${counted(reading.skipped.length, 'line')} left out`} description={listed(reading.skipped)} />}
    </>
  );
}

/**
 * Before "Add": the file's rows that pay a scheduled bill, each named with its bill, so the person knows which
 * rows take a bill's place (and are not added beside it) before anything reaches the window.
 */
export function ScheduledMatches({ matched }: { matched: readonly string[] }) {
  if (matched.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="region"
      aria-label="Scheduled bills in this file"
      title={`${counted(matched.length, 'row')} of this file ${matched.length === 1 ? 'pays a scheduled bill' : 'pay scheduled bills'} and will take ${matched.length === 1 ? 'its' : 'their'} place, not be added twice`}
      description={
        <ul className="ec-import-matches">
          {matched.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      }
    />
  );
}
