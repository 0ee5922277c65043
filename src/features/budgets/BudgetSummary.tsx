import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../platform/hooks';
import { Money } from '../../components/Money';
import { type OwnedIncome, partnerShares, type PartnerShare } from '../../shared/budgetMath';
import type { Cents } from '../../shared/money';
import type { Settings } from '../../shared/schemas/setup';
import { useGetSettingsQuery } from '../setup/settingsApi';
import { selectBudgetTotals, selectClassSummary, selectOwnedIncomes } from './budgetSelectors';
import { HelpTip } from '../glossary';

/** Single: the person's amount alone. Couple: the total, then each half. */
function discretionaryLines(settings: Settings | undefined, amount: Cents, incomes: ReadonlyArray<OwnedIncome>): PartnerShare[] {
  const shares = partnerShares(settings, amount, incomes);
  return settings?.family_type === 'single' ? shares : [{ label: 'Total Discretionary Amount', amount }, ...shares];
}

/** A share to a tenth of a percent ("30.6%"), or "–" without income. */
const percentText = (percent: number | null) => (percent === null || Number.isNaN(percent) ? '–' : `${percent.toFixed(1)}%`);

function DiscretionarySummary({ budgetId }: { budgetId: number }) {
  const { data: settings } = useGetSettingsQuery();
  const amount = useAppSelector((state) => selectBudgetTotals(state, budgetId).discretionary);
  const incomes = useAppSelector((state) => selectOwnedIncomes(state, budgetId));
  return (
    <table className="ec-grid ec-summary" aria-label="Discretionary Summary">
      <tbody>
        {discretionaryLines(settings, amount, incomes).map((line, index) => (
          <tr key={line.label}>
            <th scope="row">
              {line.label}
              {index === 0 && <HelpTip term="discretionary" />}
            </th>
            <td className="ec-num">
              <Money cents={line.amount} highlightPositive />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WantsSummary({ budgetId }: { budgetId: number }) {
  const summary = useAppSelector((state) => selectClassSummary(state, budgetId), shallowEqual);
  // Wants is what is allocated to wants; the income given to no allocation is its own line.
  const lines = [
    { label: 'Needs', amount: summary.needs, percent: summary.needsPercent },
    { label: 'Wants', amount: summary.wants, percent: summary.wantsPercent },
    { label: 'Savings', amount: summary.savings, percent: summary.savingsPercent },
    { label: 'Unallocated', amount: summary.rest, percent: summary.restPercent },
  ];
  return (
    <table className="ec-grid ec-summary" aria-label="Wants Summary">
      <caption>
        Wants Summary
        <HelpTip term="needs-wants-savings" />
      </caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label}>
            <th scope="row">{line.label}</th>
            <td className="ec-num">
              <Money cents={line.amount} />
            </td>
            <td className="ec-num">{percentText(line.percent)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A couple's halves under the partners' names, for the figures bar: "Alice 1,100.01", "Bob 1,100.00". */
function splitByName(settings: Settings | undefined, amount: Cents, incomes: ReadonlyArray<OwnedIncome>): { name: string; amount: Cents }[] {
  if (settings?.family_type !== 'couple') return [];
  const [wife, husband] = partnerShares(settings, amount, incomes);
  return [
    { name: settings.wife, amount: wife.amount },
    { name: settings.husband, amount: husband.amount },
  ];
}

/**
 * "Unallocated" and the couple's split, kept at the bottom of the window while a long budget scrolls (sticky),
 * live while editing; the full summaries stay at the end of the page.
 */
export function BudgetFiguresBar({ budgetId }: { budgetId: number }) {
  const { data: settings } = useGetSettingsQuery();
  const amount = useAppSelector((state) => selectBudgetTotals(state, budgetId).discretionary);
  const incomes = useAppSelector((state) => selectOwnedIncomes(state, budgetId));
  return (
    <div className="ec-budget-figures" role="group" aria-label="Unallocated and discretionary split">
      <span className="ec-budget-figure">
        Unallocated: <Money cents={amount} highlightPositive />
      </span>
      {splitByName(settings, amount, incomes).map((share) => (
        <span key={share.name} className="ec-budget-figure">
          {share.name}: <Money cents={share.amount} highlightPositive />
        </span>
      ))}
    </div>
  );
}

/** Both summaries, live over the draft while editing. */
export function BudgetSummary({ budgetId }: { budgetId: number }) {
  return (
    <div className="ec-summaries">
      <DiscretionarySummary budgetId={budgetId} />
      <WantsSummary budgetId={budgetId} />
    </div>
  );
}
