import { Alert, Button, Card, Form, Input, Radio, Select, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { loadCredentials } from '../../platform/credentials';
import { MoneyInput } from '../../components/MoneyInput';
import { usePageHeading } from '../../components/usePageHeading';
import { allocationGroups } from '../../shared/allocationGroups';
import { today } from '../../shared/dates';
import { useGetBudgetsQuery } from '../budgets/budgetsApi';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';
import { budgetHolding } from '../../shared/dates';
import { useAddOneTransactionMutation, useGetBudgetAllocationsQuery, useGetSinkFundEnvelopesQuery, useSuggestAllocationsMutation } from '../transactions/transactionsApi';
import {
  defaultAccountId,
  type Direction,
  entryProblems,
  nextEntry,
  QUICK_ADD_NOT_SAVED,
  type QuickAddEntry,
  quickAddAccounts,
  quickAddBody,
  rememberAccount,
  rememberedAccount,
  savedMessage,
  SUGGEST_AFTER_MS,
  takesAllocation,
  takesEnvelope,
} from './quickAddRules';
import './quickAdd.css';

const firstEntry = (): QuickAddEntry => ({ bankAccountId: null, date: today(), description: '', amount: 0, direction: 'spent', allocationId: null, envelopeId: null });

/** Quick Add (`#/quick-add`): one transaction, the allocation suggested from its description; then the next one. */
export default function QuickAddPage() {
  usePageHeading('Quick Add');
  const uid = loadCredentials()?.uid ?? '';
  const accountsQuery = useGetBankAccountsQuery();
  const budgetsQuery = useGetBudgetsQuery();
  const accounts = useMemo(() => quickAddAccounts(accountsQuery.data ?? []), [accountsQuery.data]);
  const [entry, setEntry] = useState(firstEntry);
  /** The person picked the allocation (or "none"): no suggestion replaces it. */
  const [allocationChosen, setAllocationChosen] = useState(false);
  const [suggestedId, setSuggestedId] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const descriptionRef = useRef<HTMLInputElement>(null);

  const bankAccountId = entry.bankAccountId ?? defaultAccountId(accounts, rememberedAccount(uid));
  const account = accounts.find((a) => a.id === bankAccountId);
  const budget = budgetHolding(budgetsQuery.data ?? [], entry.date);
  const allocating = takesAllocation(account) && budget?.status === 'open';
  const allocationsQuery = useGetBudgetAllocationsQuery(budget?.id ?? 0, { skip: !allocating });
  const groups = useMemo(
    () => allocationGroups(allocationsQuery.data ?? []).map(({ category, allocations }) => ({ label: category, options: allocations.map((a) => ({ value: a.id, label: a.name })) })),
    [allocationsQuery.data],
  );
  const allocationId = !allocating ? null : allocationChosen ? entry.allocationId : suggestedId;
  const envelopesQuery = useGetSinkFundEnvelopesQuery(account?.id ?? 0, { skip: !takesEnvelope(account) });
  const envelopeOptions = useMemo(() => (envelopesQuery.data ?? []).map((envelope) => ({ value: envelope.id, label: envelope.name })), [envelopesQuery.data]);

  const [suggest] = useSuggestAllocationsMutation();
  const text = entry.description.trim();
  const budgetId = allocating ? budget.id : null;
  useEffect(() => {
    if (budgetId === null || text === '' || allocationChosen) return;
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const { suggestions } = await suggest({ budget_id: budgetId, descriptions: [text] }).unwrap();
        if (current) setSuggestedId(suggestions[0]?.allocation_id ?? null);
      } catch {
        // A suggestion is a convenience: without one, the person picks.
      }
    }, SUGGEST_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [budgetId, text, allocationChosen, suggest]);

  const change = (changes: Partial<QuickAddEntry>) => {
    setProblems([]);
    setEntry((current) => ({ ...current, ...changes }));
  };

  const [add] = useAddOneTransactionMutation();
  const { run, pending, refusalAlert } = useWriteAction({ refusalsOnPage: true });
  const save = async () => {
    const sent = { ...entry, bankAccountId, allocationId };
    const found = entryProblems(sent);
    setProblems(found);
    if (found.length) return;
    const body = quickAddBody(sent, account);
    const saved = await run({ write: () => add(body).unwrap(), success: savedMessage(body), failure: QUICK_ADD_NOT_SAVED });
    if (!saved) return;
    if (sent.bankAccountId !== null) rememberAccount(uid, sent.bankAccountId);
    setEntry(nextEntry(sent));
    setAllocationChosen(false);
    setSuggestedId(null);
    descriptionRef.current?.focus();
  };

  const loading = accountsQuery.isLoading || budgetsQuery.isLoading;
  const allocationNote = !budget ? 'No budget covers this date.' : budget.status === 'closed' ? 'This budget is closed.' : null;

  return (
    <Card className="ec-quick-add" title="Record one transaction">
      {accounts.length === 0 && !loading && <Alert type="info" showIcon title="Add a bank account first (Setup › Bank Accounts)." />}
      <Form layout="vertical" component="div">
        <Form.Item label="Account" htmlFor="quick-add-account">
          <Select
            id="quick-add-account"
            aria-label="Account"
            loading={loading}
            value={bankAccountId ?? undefined}
            options={accounts.map((a) => ({ value: a.id, label: a.name }))}
            onChange={(id: number) => {
              change({ bankAccountId: id, allocationId: null, envelopeId: null });
              setAllocationChosen(false);
            }}
          />
        </Form.Item>
        <Form.Item label="Date" htmlFor="quick-add-date">
          <Input id="quick-add-date" aria-label="Date" type="date" value={entry.date} onChange={(event) => change({ date: event.target.value, allocationId: null })} />
        </Form.Item>
        <Form.Item label="Description" htmlFor="quick-add-description">
          <input
            id="quick-add-description"
            aria-label="Description"
            ref={descriptionRef}
            className="ec-input"
            autoComplete="off"
            maxLength={500}
            value={entry.description}
            onChange={(event) => {
              change({ description: event.target.value });
              if (!allocationChosen) setSuggestedId(null);
            }}
          />
        </Form.Item>
        <Form.Item label="Amount" htmlFor="quick-add-amount">
          <MoneyInput id="quick-add-amount" aria-label="Amount" cents={entry.amount} onCents={(cents) => change({ amount: cents })} />
        </Form.Item>
        <Form.Item label="The amount is">
          <Radio.Group
            aria-label="The amount is"
            value={entry.direction}
            onChange={(event) => change({ direction: event.target.value as Direction })}
            options={[
              { value: 'spent', label: 'Withdrawn' },
              { value: 'received', label: 'Deposited' },
            ]}
          />
        </Form.Item>
        {takesAllocation(account) && (
          <Form.Item
            label="Allocation"
            htmlFor="quick-add-allocation"
            extra={allocationNote ?? (!allocationChosen && suggestedId !== null && allocationId !== null ? 'Suggested from earlier transactions like this one.' : undefined)}
          >
            <Select
              id="quick-add-allocation"
              aria-label="Allocation"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="No allocation"
              disabled={!allocating}
              loading={allocationsQuery.isFetching}
              value={allocationId ?? undefined}
              options={groups}
              onChange={(id?: number) => {
                change({ allocationId: id ?? null });
                setAllocationChosen(true);
              }}
            />
          </Form.Item>
        )}
        {takesEnvelope(account) && (
          <Form.Item label="Sink Fund Allocation" htmlFor="quick-add-envelope">
            <Select
              id="quick-add-envelope"
              aria-label="Sink Fund Allocation"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="No sink fund allocation"
              loading={envelopesQuery.isFetching}
              value={entry.envelopeId ?? undefined}
              options={envelopeOptions}
              onChange={(id?: number) => change({ envelopeId: id ?? null })}
            />
          </Form.Item>
        )}
        {problems.length > 0 && <Alert type="error" showIcon role="alert" title={`${QUICK_ADD_NOT_SAVED} ${problems.join(' ')}`} />}
        {refusalAlert}
        <Button type="primary" size="large" block loading={pending} disabled={loading} onClick={() => void save()}>
          Save
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" className="ec-quick-add-phone">
        On a phone, open <a href="/quick-add">the light Quick Add page</a> and add it to the home screen: it opens straight to this form.
      </Typography.Paragraph>
    </Card>
  );
}
