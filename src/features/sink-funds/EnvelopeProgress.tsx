import type { Cents } from '../../shared/money';
import { progressPercent } from '../../shared/sinkFundMath';

/** An envelope's balance against its target as a bar: full (green) at or over the target, red while overspent. */
export function EnvelopeProgress({ name, balance, target }: { name: string; balance: Cents; target: Cents }) {
  const percent = progressPercent(balance, target);
  if (percent === null) return <span className="ec-progress-none">No target</span>;
  const state = balance >= target ? 'full' : balance < 0 ? 'negative' : 'partial';
  return (
    <span className="ec-progress">
      <span
        className="ec-progress-track"
        role="progressbar"
        aria-label={`${name} towards its target`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className={`ec-progress-fill ec-progress-fill--${state}`} style={{ width: `${percent}%` }} />
      </span>
      <span className="ec-progress-text">{percent}%</span>
    </span>
  );
}
