import { Button, Card } from 'antd';
import { Money } from '../../components/Money';
import type { Cents } from '../../shared/money';
import type { SummaryFigures } from './summary';
import { HelpTip, type GlossaryTermId } from '../glossary';

const Figure = ({ label, cents, term }: { label: string; cents: Cents; term?: GlossaryTermId }) => (
  <>
    <dt>
      {label}
      {term && <HelpTip term={term} />}
    </dt>
    <dd aria-label={label}>
      <Money cents={cents} />
    </dd>
  </>
);

/** The reconciliation figures beside the table, live while editing. */
export function SummaryCard({ figures, selectedTotal, selectedCount, onClearSelection }: { figures: SummaryFigures; selectedTotal: Cents; selectedCount: number; onClearSelection: () => void }) {
  return (
    <Card size="small" title="Summary" className="ec-transactions-summary">
      <dl>
        <Figure label="Last Bank Balance" cents={figures.lastBankBalance} />
        <Figure label="Transaction Total" cents={figures.transactionTotal} />
        <Figure label="Current Bank Balance" cents={figures.currentBankBalance} />
        {figures.currentBudgetBalance !== undefined && <Figure label="Current Budget Balance" cents={figures.currentBudgetBalance} />}
        {figures.bankVsBudgetDifference !== undefined && <Figure label="Difference (Bank vs Budget)" cents={figures.bankVsBudgetDifference} term="bank-vs-budget-difference" />}
        {figures.unpaidBalance !== undefined && <Figure label="Unpaid Balance" cents={figures.unpaidBalance} term="unpaid-balance" />}
        {figures.unpaidDifference !== undefined && <Figure label="Unpaid Difference" cents={figures.unpaidDifference} term="unpaid-difference" />}
        {selectedCount > 0 && <Figure label="Selected Transaction Total" cents={selectedTotal} />}
      </dl>
      {selectedCount > 0 && (
        <Button size="small" onClick={onClearSelection} style={{ marginTop: 8 }}>
          Clear
        </Button>
      )}
    </Card>
  );
}
