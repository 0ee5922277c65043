import { Form, Input, Select } from 'antd';
import { Dialog } from '../../components/Dialog';
import { useEffect, useState } from 'react';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { useReturnFocus } from '../../components/useReturnFocus';
import { discretionary } from '../../shared/budgetMath';
import type { Cents } from '../../shared/money';
import type { AllocationCategory, BankAccount } from '../../shared/schemas/setup';
import { budgetMessages } from '../../shared/budgetMessages';
import { useMassUpdateBudgetsMutation } from './budgetsApi';
import { massUpdatePayload, type MassEditTarget } from './futureBudgetGrid';
import { useWriteAction } from '../../platform/messages/useWriteAction';

interface Props {
  target: MassEditTarget | null;
  categories: AllocationCategory[];
  accounts: BankAccount[];
  onClose: () => void;
}

interface Values {
  name: string;
  choice: number | undefined;
}

/** "Mass Edit Income" / "Mass Edit Allocation": one line's amount in every open budget, saved at once. */
export function MassEditDialog({ target, ...rest }: Props) {
  if (!target) return null;
  return <MassEditForm key={`${target.type}-${target.name}-${target.categoryId ?? ''}`} target={target} {...rest} />;
}

function MassEditForm({ target, categories, accounts, onClose }: Props & { target: MassEditTarget }) {
  useReturnFocus();
  const allocation = target.type === 'allocation';
  const [amounts, setAmounts] = useState<Cents[]>(() => target.entries.map((entry) => entry.originalAmount));
  const [massUpdate, { isLoading }] = useMassUpdateBudgetsMutation();
  const { run } = useWriteAction();
  const initialChoice = allocation ? (target.categoryId ?? undefined) : (target.bankAccountId ?? 0);
  const { close, markDirty } = useGuardedClose(onClose, allocation ? 'this allocation' : 'this income');
  const [formChanged, setFormChanged] = useState(false);
  const amountsChanged = amounts.some((amount, index) => amount !== target.entries[index].originalAmount);
  useEffect(() => markDirty(formChanged || amountsChanged), [formChanged, amountsChanged, markDirty]);

  const submit = async ({ name, choice }: Values) => {
    const saved = await run({
      success: budgetMessages.updatesSaved,
      failure: budgetMessages.updatesNotSaved,
      write: () => massUpdate(massUpdatePayload(target, name, amounts, choice ?? null)).unwrap(),
    });
    if (saved) onClose();
  };

  const choiceOptions = allocation
    ? categories.map((category) => ({ value: category.id, label: category.name }))
    : [{ value: 0, label: 'none' }, ...accounts.map((account) => ({ value: account.id, label: account.name }))];

  return (
    <Dialog
      open
      title={allocation ? 'Mass Edit Allocation' : 'Mass Edit Income'}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={isLoading}
      okButtonProps={{ htmlType: 'submit', form: 'mass-edit-form' }}
      onCancel={close}
      width={allocation ? 760 : 520}
      styles={{ body: { maxHeight: 600, overflowY: 'auto' } }}
    >
      <Form<Values> id="mass-edit-form" layout="vertical" initialValues={{ name: target.name, choice: initialChoice }} onValuesChange={() => setFormChanged(true)} onFinish={submit}>
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: "Name can't be blank" }]}>
          <Input />
        </Form.Item>
        <Form.Item
          label={allocation ? 'Allocation Category' : 'Bank Account'}
          name="choice"
          rules={allocation ? [{ required: true, message: 'Choose a category' }] : []}
        >
          <Select options={choiceOptions} disabled={allocation && !target.isNew} />
        </Form.Item>
        <div className="ec-grid-wrap">
          <table className="ec-grid ec-mass-edit">
            <thead>
              <tr>
                <th>Budget</th>
                <th className="ec-num">Amount</th>
                {allocation && (
                  <>
                    <th className="ec-num">Total Income</th>
                    <th className="ec-num">Other Allocations</th>
                    <th className="ec-num">Discretionary Amount</th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {target.entries.map((entry, index) => (
                <tr key={entry.budgetId}>
                  <th scope="row">{entry.budgetName}</th>
                  <td className="ec-num">
                    <MoneyInput
                      aria-label={`Amount for ${entry.budgetName}`}
                      cents={amounts[index]}
                      onCents={(cents) => setAmounts((current) => current.map((value, i) => (i === index ? cents : value)))}
                    />
                  </td>
                  {allocation && (
                    <>
                      <td className="ec-num">
                        <Money cents={entry.budgetIncome} />
                      </td>
                      <td className="ec-num">
                        <Money cents={entry.otherAllocations} />
                      </td>
                      <td className="ec-num" data-testid={`discretionary-${entry.budgetId}`}>
                        <Money cents={discretionary(entry.budgetIncome, entry.otherAllocations + amounts[index])} highlightPositive />
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Form>
    </Dialog>
  );
}
