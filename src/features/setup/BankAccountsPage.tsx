import { Button, Checkbox, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Money } from '../../components/Money';
import { useNarrowScreen } from '../../platform/useNarrowScreen';
import { PageTitle } from '../../components/PageTitle';
import type { BankAccount } from '../../shared/schemas/setup';
import { BankAccountDialog } from './BankAccountDialog';
import { accountCategoryLabels, accountTypeLabels, bodyFromValues, valuesFromAccount } from './bankAccountForm';
import { GuideChecklist } from '../guide';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { useDeleteBankAccountMutation, useGetBankAccountsQuery, useUpdateBankAccountMutation } from './bankAccountsApi';

export default function BankAccountsPage() {
  const [showClosed, setShowClosed] = useState(false);
  const { data, isLoading } = useGetBankAccountsQuery(showClosed ? { includeClosed: true } : undefined);
  const [update] = useUpdateBankAccountMutation();
  const [remove] = useDeleteBankAccountMutation();
  const [editing, setEditing] = useState<{ account?: BankAccount } | null>(null);
  const { run, refusalAlert } = useWriteAction({ refusalsOnPage: true });
  const narrow = useNarrowScreen();

  const closeAccount = (account: BankAccount) =>
    run({
      question: {
        title: 'Close Bank Account?',
        content: `Are you sure you want to close '${account.name}'? Closed accounts are listed only with "Show Closed Accounts?".`,
      },
      write: () => update({ id: account.id, ...bodyFromValues({ ...valuesFromAccount(account), status: 'closed' }, account) }).unwrap(),
      success: 'Bank Account saved.',
      failure: 'Bank Account not saved.',
    });

  const deleteAccount = (account: BankAccount) =>
    run({
      question: { title: 'Delete Bank Account?', content: `Are you sure you want to delete '${account.name}'?` },
      write: () => remove(account.id).unwrap(),
      success: 'Bank Account deleted.',
      failure: 'Bank Account not deleted.',
    });

  return (
    <section aria-label="Bank Accounts" className="ec-setup-page">
      <PageTitle title="Bank Accounts" />
      <GuideChecklist />
      <Space className="ec-setup-page__actions" wrap>
        <Button type="primary" onClick={() => setEditing({})}>
          Add Bank Account
        </Button>
        <Checkbox checked={showClosed} onChange={(event) => setShowClosed(event.target.checked)}>
          Show Closed Accounts?
        </Checkbox>
      </Space>
      {refusalAlert}
      <Table<BankAccount>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        // A wide screen fits every column, headings wrapping between words; a phone scrolls sideways instead.
        scroll={narrow ? { x: 'max-content' } : undefined}
        rowClassName={(account) => (account.status === 'closed' ? 'ec-row--closed' : '')}
        locale={{ emptyText: 'No bank accounts yet. Use "Add Bank Account" to create the first one.' }}
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            render: (name: string, account) => (
              <>
                {name} {account.status === 'closed' && <Tag>Closed</Tag>}
              </>
            ),
          },
          { title: 'Institution', key: 'institution', responsive: ['md'], render: (_v, account) => account.institution?.name ?? '' },
          { title: 'Account Features', dataIndex: 'account_type', responsive: ['sm'], render: (type: BankAccount['account_type']) => accountTypeLabels[type] },
          {
            title: 'Account Category',
            dataIndex: 'account_category',
            responsive: ['md'],
            render: (category: BankAccount['account_category']) => accountCategoryLabels[category],
          },
          { title: 'Cash?', dataIndex: 'is_cash', responsive: ['lg'], render: (isCash: boolean) => (isCash ? 'Yes' : 'No') },
          { title: 'Official Account #', dataIndex: 'account_no', responsive: ['lg'] },
          { title: 'Opening Balance', dataIndex: 'opening_balance', align: 'right', responsive: ['sm'], render: (cents: number) => <Money cents={cents} /> },
          {
            title: 'Actions',
            key: 'actions',
            // Pinned on a phone, so the row scrolling sideways never takes Delete out of sight. On a wide screen the
            // table fits, and a pinned column would only sit over Opening Balance.
            fixed: narrow ? 'right' : undefined,
            render: (_v, account) => (
              <Space size="small">
                <Button size="small" aria-label={`Edit ${account.name}`} onClick={() => setEditing({ account })}>
                  Edit
                </Button>
                {account.status === 'open' && (
                  <Button size="small" aria-label={`Close ${account.name}`} onClick={() => void closeAccount(account)}>
                    Close
                  </Button>
                )}
                <Button size="small" danger aria-label={`Delete ${account.name}`} onClick={() => void deleteAccount(account)}>
                  Delete
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <BankAccountDialog open={editing !== null} account={editing?.account} onDone={() => setEditing(null)} />
    </section>
  );
}
