import { Money } from '../../components/Money';
import type { NetWorthFigures } from '../../shared/netWorth';

const LINES: Array<{ label: string; figure: keyof NetWorthFigures }> = [
  { label: 'Total Assets', figure: 'totalAssets' },
  { label: 'Total Liabilities', figure: 'totalLiabilities' },
  { label: 'Net Current Cash', figure: 'netCurrentCash' },
  { label: 'Net Cash Assets', figure: 'netCashAssets' },
  { label: 'Net Non Cash Assets', figure: 'netNonCashAssets' },
  { label: 'Net Worth', figure: 'netWorth' },
];

/** The household's totals under the five tables, from the current balances. */
export function NetWorthSummary({ figures }: { figures: NetWorthFigures }) {
  return (
    <dl className="ec-net-worth" aria-label="Net worth">
      {LINES.map(({ label, figure }) => (
        <div key={figure} className={`ec-net-worth__line ec-net-worth__line--${figure}`}>
          <dt>{label}</dt>
          <dd aria-label={label}>
            <Money cents={figures[figure]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
