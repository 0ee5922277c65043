import { cardMonthWords } from '../../shared/cardPayments';
import { addDays } from '../../shared/dates';
import type { BudgetWindow } from '../../shared/transactionRules';
import type { DraftRow } from './draftRows';
import type { SummaryFigures } from './summary';

/** Under a card's figures: what is still owed and what Close will carry forward, in words. */
export function CardMonthNote({ figures, rows, window }: { figures: SummaryFigures; rows: readonly DraftRow[]; window: BudgetWindow }) {
  if (figures.unpaidBalance === undefined || figures.unpaidDifference === undefined) return null;
  const unpaidCount = rows.filter((row) => !row.deleted && row.status === 'unpaid').length;
  const words = cardMonthWords(
    { currentBankBalance: figures.currentBankBalance, unpaidBalance: figures.unpaidBalance, unpaidDifference: figures.unpaidDifference, unpaidCount },
    addDays(window.end_date, 1),
  );
  return (
    <div className="ec-card-month" aria-label="This card's month">
      {words.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
