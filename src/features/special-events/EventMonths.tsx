import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { Money } from '../../components/Money';
import type { SpecialEvent } from '../../shared/schemas/specialEvents';
import { eventMonths } from './eventFigures';

/** Month by month: what each budget puts aside for the event and spends on it, against the planned budget. */
export function EventMonths({ event, narrow }: { event: SpecialEvent; narrow: boolean }) {
  const months = eventMonths(event.budget_amount, event.allocations);
  if (months.length === 0) return null;
  return (
    <table className="ec-event-months" aria-label="Month by month">
      <caption>
        Month by month, against the planned <Money cents={event.budget_amount} />
      </caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col" className="ec-num">
            Allocated
          </th>
          <th scope="col" className="ec-num">
            Spent
          </th>
          {!narrow && (
            <th scope="col" className="ec-num">
              Allocated so far
            </th>
          )}
          <th scope="col" className="ec-num">
            Left to allocate
          </th>
        </tr>
      </thead>
      <tbody>
        {months.map((month) => (
          <tr key={month.budgetId}>
            <th scope="row">
              <Link to={paths.budget(month.budgetId)}>{month.month}</Link>
            </th>
            <td className="ec-num">
              <Money cents={month.allocated} />
            </td>
            <td className="ec-num">
              <Money cents={month.spent} />
            </td>
            {!narrow && (
              <td className="ec-num">
                <Money cents={month.allocatedSoFar} />
              </td>
            )}
            <td className="ec-num">
              <Money cents={month.leftToAllocate} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
