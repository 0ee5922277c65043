import { Button, List, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import type { ActivityEntry } from '../../shared/schemas/activity';
import { useUndoChange } from './useUndoChange';
import './activity.css';

/** Where an entry's change can be seen: its budget, its transactions window, its account. */
function activityLink(entry: ActivityEntry): string | null {
  if (entry.kind === 'window_save' && entry.bank_account_id && entry.budget_id) {
    return paths.transactionsFor({ bankAccountId: entry.bank_account_id, budgetId: entry.budget_id });
  }
  if (entry.kind === 'sink_fund' && entry.bank_account_id) return paths.sinkFundsFor(entry.bank_account_id);
  if (entry.kind === 'special_event') return paths.specialEvents;
  if (entry.kind === 'balance_adjustment') return paths.accountBalances;
  if (entry.kind === 'setup' && entry.bank_account_id) return paths.bankAccounts;
  if (entry.kind === 'budget_delete') return paths.budgets;
  if (entry.budget_id) return paths.budget(entry.budget_id);
  return null;
}

/** "Nov 25, 16:40" in the person's own clock. */
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });

/** Activity entries, newest first, each linking to what it changed, with "Undo" where it can be undone. */
export function ActivityList({ entries, loading }: { entries: ActivityEntry[] | undefined; loading: boolean }) {
  const { undoChange, refusalAlert } = useUndoChange();
  const undoEntry = (entry: ActivityEntry) => undoChange(entry.id, { title: 'Undo this change?', content: entry.text });

  return (
    <>
      {refusalAlert}
      <List<ActivityEntry>
        className="ec-activity-list"
        size="small"
        loading={loading}
        dataSource={entries}
        locale={{ emptyText: 'No changes yet.' }}
        renderItem={(entry) => {
          const link = activityLink(entry);
          return (
            <List.Item
              aria-label={entry.text}
              actions={[
                link && (
                  <Link key="open" to={link}>
                    Open
                  </Link>
                ),
                entry.undoable && (
                  <Button key="undo" size="small" onClick={() => void undoEntry(entry)} aria-label={`Undo: ${entry.text}`}>
                    Undo
                  </Button>
                ),
              ].filter(Boolean)}
            >
              <List.Item.Meta
                title={
                  <Typography.Text delete={entry.undone} className="ec-activity-text">
                    {entry.text}
                  </Typography.Text>
                }
                description={`${when(entry.created_at)}${entry.undone ? ' · undone' : ''}`}
              />
            </List.Item>
          );
        }}
      />
    </>
  );
}
