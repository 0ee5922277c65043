import { memo, useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Money } from '../../components/Money';
import type { BankAccount, IncomeOwner } from '../../shared/schemas/setup';
import { incomeAdded, incomeChanged } from './budgetEditSlice';
import type { IncomeFields } from './budgetRows';
import { selectBudgetTotals, selectIncomeKeys, selectIncomeRowView } from './budgetSelectors';
import { ActionRow, amountLabel, DeleteHeaderCell, EditableAmountCell, EditableTextCell, rowClass, RowDeleteToggle, useDeleteToggle, useRowChange, useRowView } from './gridCells';
import { OWNERS, ownerLabel, type Partners } from '../../shared/incomeOwners';

interface RowProps {
  budgetId: number;
  rowKey: number;
  editing: boolean;
  accounts: BankAccount[];
  accountNames: Map<number, string>;
  /** A couple's partner names: the row says whose it is (a column, or on a phone a tag by the name). */
  partners: Partners | null;
  mobile: boolean;
}

/** Whose the income is: a select while editing, the partner's name otherwise. */
function WhoseCell({ editing, partners, owner, name, onOwner, invalid }: { editing: boolean; partners: Partners; owner: IncomeOwner; name: string; onOwner: (owner: IncomeOwner) => void; invalid: boolean }) {
  return (
    <td>
      {editing ? (
        <select
          className="ec-input ec-select"
          aria-label={`Whose: ${name.trim() || 'New income'}`}
          aria-invalid={invalid || undefined}
          value={owner} onChange={(event) => onOwner(event.target.value as IncomeOwner)}>
          {OWNERS.map((choice) => (
            <option key={choice} value={choice}>
              {ownerLabel(partners, choice)}
            </option>
          ))}
        </select>
      ) : (
        ownerLabel(partners, owner)
      )}
    </td>
  );
}

/** One income; subscribes to its own row so typing elsewhere never re-renders it. */
const IncomeRow = memo(function IncomeRow({ budgetId, rowKey, editing, accounts, accountNames, partners, mobile }: RowProps) {
  const { row, refused, added } = useRowView(selectIncomeRowView, budgetId, rowKey);
  const change = useRowChange<IncomeFields>(rowKey, incomeChanged);
  const changeAmount = useCallback((amount: number) => change({ amount }), [change]);
  const toggleDelete = useDeleteToggle('income', rowKey);
  if (!row) return null;
  const accountName = row.bank_account_id ? (accountNames.get(row.bank_account_id) ?? '') : '';
  // On a phone, reading: whose it is rides on the name as a tag instead of taking a column.
  const ownerTag = partners && mobile && !editing;
  return (
    <tr className={rowClass(row.deleted, refused)}>
      {ownerTag ? (
        <th scope="row" className="ec-row-name">
          {row.name} <span className="ec-tag">{ownerLabel(partners, row.owner)}</span>
        </th>
      ) : (
        <EditableTextCell editing={editing} label="Income name" value={row.name} onText={(name) => change({ name })} invalid={refused.includes('name')} autoFocus={added} rowHeader />
      )}
      <EditableAmountCell editing={editing} label={amountLabel(row.name, 'New income')} cents={row.amount} onCents={changeAmount} invalid={refused.includes('amount')} />
      {partners && !ownerTag && <WhoseCell editing={editing} partners={partners} owner={row.owner} name={row.name} onOwner={(owner) => change({ owner })} invalid={refused.includes('owner')} />}
      <td>
        {editing ? (
          <select
            className="ec-input ec-select"
            aria-label="Bank Account"
            aria-invalid={refused.includes('bank_account_id') || undefined}
            value={row.bank_account_id ?? 0}
            onChange={(event) => change({ bank_account_id: Number(event.target.value) || null })}
          >
            <option value={0}>none</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        ) : (
          accountName
        )}
      </td>
      <EditableTextCell editing={editing} label="Income comment" value={row.comment} onText={(comment) => change({ comment })} invalid={refused.includes('comment')} />
      <td className="ec-delete-cell">{editing && <RowDeleteToggle deleted={row.deleted} name={row.name} onToggle={toggleDelete} />}</td>
    </tr>
  );
});

function IncomeTotal({ budgetId }: { budgetId: number }) {
  const total = useAppSelector((state) => selectBudgetTotals(state, budgetId).income);
  return <Money cents={total} />;
}

/** `partners`: a couple's names, when the household is a couple (each income then says whose it is). */
export function IncomesTable({
  budgetId,
  editing,
  accounts,
  partners,
  mobile,
}: {
  budgetId: number;
  editing: boolean;
  accounts: BankAccount[];
  partners: Partners | null;
  mobile: boolean;
}) {
  const keys = useAppSelector((state) => selectIncomeKeys(state, budgetId));
  const dispatch = useAppDispatch();
  const accountNames = useMemo(() => new Map(accounts.map((account) => [account.id, account.name])), [accounts]);
  const whoseColumn = partners !== null && !(mobile && !editing);
  const columns = whoseColumn ? 6 : 5;
  return (
    <div className="ec-grid-wrap">
      <table className="ec-grid ec-incomes" aria-label="Incomes">
        <caption>Incomes</caption>
        <thead>
          <tr>
            <th>Name</th>
            <th className="ec-num">Amount</th>
            {whoseColumn && <th>Whose</th>}
            <th>Bank Account</th>
            <th>Comment</th>
            <DeleteHeaderCell />
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <IncomeRow key={key} budgetId={budgetId} rowKey={key} editing={editing} accounts={accounts} accountNames={accountNames} partners={partners} mobile={mobile} />
          ))}
          {editing && <ActionRow label="Add Income" columns={columns} onClick={() => dispatch(incomeAdded())} />}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="ec-num">
              <IncomeTotal budgetId={budgetId} />
            </td>
            <td colSpan={columns - 2} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
