import { Alert } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { AntdTheme } from '../../components/AntdTheme';
import { Dialog } from '../../components/Dialog';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { remaining } from '../../shared/budgetMath';
import type { Budget } from '../../shared/schemas/budgets';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { budgetMessages } from '../../shared/budgetMessages';
import { useUpdateBudgetMutation } from './budgetsApi';
import { coverChoices, coverFigures, coverSaveBody, sourceKey } from './coverOverspending';

export interface CoverTarget {
  id: number;
  name: string;
}

/**
 * "Cover": moves money to an overspent allocation from another one with money remaining (or from Unallocated),
 * saved as one ordinary budget save. The figures after the move follow the amount and the source as they change.
 */
export default function CoverOverspendingDialog({ budget, target, onClose }: { budget: Budget; target: CoverTarget; onClose: () => void }) {
  const [updateBudget] = useUpdateBudgetMutation();
  const { run, pending, refusalAlert } = useWriteAction({ refusalsOnPage: true });
  const line = budget.allocations.find((candidate) => candidate.id === target.id);
  const overspent = line ? -remaining(line.amount, line.spent) : 0;
  const choices = useMemo(() => coverChoices(budget, target.id), [budget, target.id]);
  const [proposedSource] = useState(() => (choices[0] ? sourceKey(choices[0].source) : ''));
  const [sourceText, setSourceText] = useState(proposedSource);
  const choice = choices.find((candidate) => sourceKey(candidate.source) === sourceText);
  const [proposedAmount] = useState(() => Math.min(overspent, choices[0]?.available ?? 0));
  const [amount, setAmount] = useState(proposedAmount);
  const { close, markDirty } = useGuardedClose(onClose, 'this move');
  useEffect(() => markDirty(sourceText !== proposedSource || amount !== proposedAmount), [sourceText, proposedSource, amount, proposedAmount, markDirty]);

  const figures = line && choice ? coverFigures(budget, target.id, choice.source, amount) : null;
  const problem = !choice ? null : amount <= 0 ? 'Enter an amount to move.' : amount > choice.available ? `${choice.label} has only ${(choice.available / 100).toFixed(2)} to give.` : null;

  const save = async () => {
    if (!choice || problem) return;
    const saved = await run({
      write: () => updateBudget({ id: budget.id, body: coverSaveBody(budget, target.id, choice.source, amount) }).unwrap(),
      success: budgetMessages.saved,
      failure: budgetMessages.notSaved,
    });
    if (saved) onClose();
  };

  return (
    <AntdTheme>
      <Dialog
        open
        title={`Cover ${target.name}`}
        okText="Move Money"
        onOk={() => void save()}
        okButtonProps={{ disabled: !choice || problem !== null, loading: pending }}
        cancelButtonProps={{ disabled: pending }}
        onCancel={close}
        width={440}
      >
        <p>
          {target.name} is overspent by <Money cents={overspent} />.
        </p>
        {choices.length === 0 ? (
          <Alert type="warning" showIcon title="No other allocation has money remaining, and nothing is unallocated." />
        ) : (
          <div className="ec-cover-form">
            <label>
              Take from
              <select className="ec-input ec-select" aria-label="Take from" value={sourceText} onChange={(event) => setSourceText(event.target.value)}>
                {choices.map((candidate) => (
                  <option key={sourceKey(candidate.source)} value={sourceKey(candidate.source)}>
                    {`${candidate.label} (${(candidate.available / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} available)`}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Amount
              <MoneyInput aria-label="Amount to move" cents={amount} onCents={setAmount} aria-invalid={problem ? true : undefined} />
            </label>
            {problem && (
              <div className="ec-field-error" role="alert">
                {problem}
              </div>
            )}
            {figures && choice && (
              <dl className="ec-cover-figures" aria-label="After the move" aria-live="polite">
                <dt>{`${target.name} remaining`}</dt>
                <dd>
                  <Money cents={figures.targetRemaining} highlightPositive />
                </dd>
                {choice.source.kind === 'allocation' && (
                  <>
                    <dt>{`${choice.label} remaining`}</dt>
                    <dd>
                      <Money cents={figures.sourceRemaining} highlightPositive />
                    </dd>
                  </>
                )}
                <dt>Unallocated</dt>
                <dd>
                  <Money cents={figures.unallocated} highlightPositive />
                </dd>
              </dl>
            )}
          </div>
        )}
        {refusalAlert}
      </Dialog>
    </AntdTheme>
  );
}
