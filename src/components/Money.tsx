import { memo } from 'react';
import { formatMoney, type Cents } from '../shared/money';
import './money.css';

/** An amount as the household reads it: 2 decimals, thousands separators, negatives bold dark red. */
export const Money = memo(function Money({ cents, highlightPositive = false }: { cents: Cents; highlightPositive?: boolean }) {
  // A figure that counts an amount over the limit (NaN, see NOT_COUNTED) is never shown capped.
  if (Number.isNaN(cents)) {
    return (
      <span className="ec-money ec-money--not-counted" title="An amount is over the limit: fix it to see this figure">
        over the limit
      </span>
    );
  }
  const className = cents < 0 ? 'ec-money ec-money--negative' : highlightPositive && cents > 0 ? 'ec-money ec-money--positive' : 'ec-money';
  return <span className={className}>{formatMoney(cents)}</span>;
});
