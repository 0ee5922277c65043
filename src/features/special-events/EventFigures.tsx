import { Progress } from 'antd';
import { Money } from '../../components/Money';
import type { Cents } from '../../shared/money';
import { budgetUsedPercent, eventDifference } from './eventFigures';

const Figure = ({ label, cents }: { label: string; cents: Cents }) => (
  <div className="ec-event-figures__figure">
    <dt>{label}</dt>
    <dd aria-label={label}>
      <Money cents={cents} />
    </dd>
  </div>
);

/** Budget, Actual and Difference of an event, and a bar of actual against budget (red once over). */
export function EventFigures({ budget, actual }: { budget: Cents; actual: Cents }) {
  const percent = budgetUsedPercent(budget, actual);
  return (
    <div className="ec-event-figures">
      <dl>
        <Figure label="Budget" cents={budget} />
        <Figure label="Actual" cents={actual} />
        <Figure label="Difference" cents={eventDifference(budget, actual)} />
      </dl>
      <Progress
        aria-label="Actual against budget"
        percent={Math.min(percent, 100)}
        status={actual > budget ? 'exception' : 'normal'}
        format={() => `${percent}%`}
      />
    </div>
  );
}
