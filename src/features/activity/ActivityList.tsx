import { Button, Spin, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
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
  const { undoChange, refusalAlert } = useUndoChange({ refusalsOnPage: true });
  const undoEntry = (entry: ActivityEntry) => undoChange(entry.id, { title: 'Undo this change?', content: entry.text });

  return (
    <>
      {refusalAlert}
      <Spin spinning={loading}>
        {entries?.length ? (
          <ul className="ec-activity-list">
            {entries.map((entry) => {
              const link = activityLink(entry);
              return (
                <li key={entry.id} className="ec-activity-entry" aria-label={entry.text}>
                  <div className="ec-activity-entry__body">
                    <Typography.Text delete={entry.undone} className="ec-activity-text">
                      {entry.text}
                    </Typography.Text>
                    <Typography.Text type="secondary" className="ec-activity-entry__when">
                      {`${when(entry.created_at)}${entry.undone ? ' · undone' : ''}`}
                    </Typography.Text>
                  </div>
                  <div className="ec-activity-entry__actions">
                    {link && <Link to={link}>Open</Link>}
                    {entry.undoable && (
                      <Button size="small" onClick={() => void undoEntry(entry)} aria-label={`Undo: ${entry.text}`}>
                        Undo
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="ec-activity-empty">{loading ? null : 'No changes yet.'}</p>
        )}
      </Spin>
    </>
  );
}
