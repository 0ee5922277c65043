import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import { Tag } from 'antd';
import { memo, useCallback } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { ActionRow, DeleteHeaderCell, EditableAmountCell, RowDeleteToggle, TextCell } from '../../components/gridCells';
import { Money } from '../../components/Money';
import { CLASH_ROW_CLASS, hasClash, TheirValue } from '../../components/TheirValue';
import { formatMoney, type Cents } from '../../shared/money';
import type { SinkFund } from '../../shared/schemas/sinkFunds';
import { sinkFundAllocationStatusSchema, type SinkFundAllocationStatus } from '../../shared/schemas/transactions';
import { outstandingOf } from '../../shared/sinkFundMath';
import { EnvelopeProgress } from './EnvelopeProgress';
import type { EnvelopeFields } from './envelopeRows';
import { envelopeAdded, envelopeChanged, envelopeDeleteToggled } from './sinkFundEditSlice';
import { selectEnvelope, selectEnvelopeClash, selectEnvelopeLayout, selectEnvelopeTotals } from './sinkFundSelectors';
import { HelpTip, type GlossaryTermId } from '../glossary';
import { counted } from '../../shared/wording';

const statusLabels: Record<SinkFundAllocationStatus, string> = { open: 'Open', closed: 'Closed' };

export interface EnvelopeTarget {
  id: number;
  name: string;
}

interface RowProps {
  accountId: number;
  rowKey: number;
  editing: boolean;
  mobile: boolean;
  refusals: string[] | undefined;
  onShowTransactions: (target: EnvelopeTarget) => void;
}

/** One envelope; subscribes to its own row so a keystroke re-renders only the row being typed in. */
const EnvelopeRow = memo(function EnvelopeRow({ accountId, rowKey, editing, mobile, refusals, onShowTransactions }: RowProps) {
  const dispatch = useAppDispatch();
  const row = useAppSelector((state) => selectEnvelope(state, accountId, rowKey));
  const clash = useAppSelector((state) => selectEnvelopeClash(state, accountId, rowKey));
  const change = useCallback((changes: Partial<EnvelopeFields>) => dispatch(envelopeChanged({ key: rowKey, changes })), [dispatch, rowKey]);
  const changeTarget = useCallback((target: Cents) => change({ target }), [change]);
  if (!row) return null;

  const label = row.name || 'new envelope';
  const progress = <EnvelopeProgress name={label} balance={row.current_balance} target={row.target} />;
  const status = editing ? (
    <select
      className="ec-input ec-select"
      aria-label={`Status of ${label}`}
      value={row.status}
      onChange={(event) => change({ status: sinkFundAllocationStatusSchema.parse(event.target.value) })}
    >
      {sinkFundAllocationStatusSchema.options.map((value) => (
        <option key={value} value={value}>
          {statusLabels[value]}
        </option>
      ))}
    </select>
  ) : mobile ? (
    row.status === 'closed' && <Tag>Closed</Tag>
  ) : (
    statusLabels[row.status]
  );
  const comment = editing ? <TextCell label={`Comment for ${label}`} placeholder="Comment" value={row.comment} onText={(text) => change({ comment: text })} /> : row.comment;
  const theirs = editing ? clash : {};
  const className = [row.deleted && 'ec-row--deleted', row.status === 'closed' && 'ec-row--closed', refusals && 'ec-row--refused', hasClash(theirs) && CLASH_ROW_CLASS].filter(Boolean).join(' ') || undefined;
  const theirStatus = theirs.status !== undefined && <TheirValue value={statusLabels[theirs.status]} />;
  const theirComment = theirs.comment !== undefined && <TheirValue value={theirs.comment || 'No comment'} />;

  return (
    <tr className={className} data-envelope={row.name}>
      <td className="ec-envelope-name">
        {editing ? <TextCell label="Envelope name" placeholder="Name" value={row.name} onText={(name) => change({ name })} /> : <span className="ec-envelope-title">{row.name}</span>}
        {theirs.name !== undefined && <TheirValue value={theirs.name} />}
        {mobile && (
          <span className="ec-envelope-details">
            {progress}
            {(editing || row.comment) && (
              <span className="ec-envelope-comment">
                {comment}
                {theirComment}
              </span>
            )}
            {status}
            {theirStatus}
          </span>
        )}
        {refusals && (
          <span className="ec-field-error" role="alert">
            {refusals.join(' ')}
          </span>
        )}
      </td>
      <td className="ec-num ec-spent">
        {row.id > 0 && mobile ? (
          <button
            type="button"
            className="ec-link-button"
            // The visible amount starts the name (what a speech-input user says), then what the button opens.
            aria-label={`${formatMoney(row.current_balance)}: Transactions for ${row.name}`}
            onClick={() => onShowTransactions({ id: row.id, name: row.name })}
          >
            <Money cents={row.current_balance} />
          </button>
        ) : (
          <Money cents={row.current_balance} />
        )}
        {row.id > 0 && !mobile && (
          <button type="button" className="ec-icon-button" aria-label={`Transactions for ${row.name}`} title="Transactions" onClick={() => onShowTransactions({ id: row.id, name: row.name })}>
            <UnorderedListOutlined />
          </button>
        )}
      </td>
      <EditableAmountCell editing={editing} label={`Target for ${label}`} cents={row.target} onCents={changeTarget}>
        {theirs.target !== undefined && <TheirValue value={<Money cents={theirs.target} />} />}
      </EditableAmountCell>
      {!(mobile && editing) && (
        <td className="ec-num">
          <Outstanding cents={outstandingOf(row.current_balance, row.target)} />
        </td>
      )}
      {!mobile && (
        <>
          <td>{progress}</td>
          <td>
            {comment}
            {theirComment}
          </td>
          <td>
            {status}
            {theirStatus}
          </td>
        </>
      )}
      {editing && (
        <td className="ec-delete-cell">
          <RowDeleteToggle
            deleted={row.deleted}
            name={row.name}
            onToggle={() => dispatch(envelopeDeleteToggled(rowKey))}
            disabledReason={row.transaction_count > 0 ? `Has ${counted(row.transaction_count, 'transaction')}: close it instead` : undefined}
          />
        </td>
      )}
    </tr>
  );
});

/**
 * What an envelope still lacks to reach its target (negative while short). Being under target is the normal
 * state of an envelope being filled, not money owed: it is marked quietly, not in the bold dark red of a debt.
 */
function Outstanding({ cents }: { cents: Cents }) {
  if (Number.isNaN(cents) || cents >= 0) return <Money cents={cents} />;
  return <span className="ec-money ec-money--short">{formatMoney(cents)}</span>;
}

/** "Sink Fund Account Balance" and "Unassigned Money": a label and an amount under Current Balance. */
function FigureRow({ label, cents, columns, term }: { label: string; cents: Cents; columns: number; term?: GlossaryTermId }) {
  return (
    <tr className="ec-row--figure">
      <th scope="row">
        {label}
        {term && <HelpTip term={term} />}
      </th>
      <td className="ec-num ec-balance" aria-label={label}>
        <Money cents={cents} />
      </td>
      <td colSpan={columns - 2} />
    </tr>
  );
}

/** The envelopes' totals, and the sum a person can check: envelopes plus Unassigned Money make the account balance. */
function Totals({ accountId, fund, showClosed, columns, outstanding }: { accountId: number; fund: SinkFund; showClosed: boolean; columns: number; outstanding: boolean }) {
  const totals = useAppSelector((state) => selectEnvelopeTotals(state, accountId, showClosed), shallowEqual);
  const layout = useAppSelector((state) => selectEnvelopeLayout(state, accountId, showClosed));
  const inEnvelopes = totals.balance + layout.hiddenBalance;
  return (
    <>
      <tr className="ec-row--total">
        <th scope="row">Total</th>
        <td className="ec-num ec-balance" aria-label="Total Balance">
          <Money cents={totals.balance} />
        </td>
        <td className="ec-num" aria-label="Total Target">
          <Money cents={totals.target} />
        </td>
        {outstanding && (
          <td className="ec-num" aria-label="Total Outstanding">
            <Outstanding cents={totals.outstanding} />
          </td>
        )}
        {columns > (outstanding ? 4 : 3) && <td colSpan={columns - (outstanding ? 4 : 3)} />}
      </tr>
      <tr className="ec-row--check">
        <td colSpan={columns} aria-label="How the balance adds up">
          Envelopes <Money cents={inEnvelopes} />
          {layout.hiddenCount > 0 && (
            <>
              {' '}
              (<Money cents={layout.hiddenBalance} /> of it in {counted(layout.hiddenCount, 'closed envelope')} not shown)
            </>
          )}{' '}
          + Unassigned Money <Money cents={fund.unassigned_balance} /> = Sink Fund Account Balance <Money cents={fund.current_balance} />
        </td>
      </tr>
    </>
  );
}

interface TableProps {
  accountId: number;
  fund: SinkFund;
  editing: boolean;
  mobile: boolean;
  showClosed: boolean;
  refusals: Record<number, string[]>;
  onShowTransactions: (target: EnvelopeTarget) => void;
}

/** The account's figures, one row per envelope, and totals that add up to the account's balance. */
export function EnvelopesTable({ accountId, fund, editing, mobile, showClosed, refusals, onShowTransactions }: TableProps) {
  const dispatch = useAppDispatch();
  const layout = useAppSelector((state) => selectEnvelopeLayout(state, accountId, showClosed));
  // On a phone, editing trades Outstanding for room to type; it is back once saved.
  const outstanding = !(mobile && editing);
  const columns = (mobile ? 3 : 6) + (outstanding ? 1 : 0) + (editing ? 1 : 0);
  return (
    <div className="ec-grid-wrap">
      <table className={`ec-grid ec-envelopes${mobile ? ' ec-envelopes--narrow' : ''}`} aria-label="Sink Fund Allocations">
        <colgroup>
          <col className="ec-col-name" />
          <col className="ec-col-money" />
          <col className="ec-col-money" />
          {outstanding && <col className="ec-col-money" />}
          {!mobile && (
            <>
              <col className="ec-col-progress" />
              <col />
              <col className="ec-col-status" />
            </>
          )}
          {editing && <col className="ec-col-delete" />}
        </colgroup>
        <thead>
          <tr>
            <th>
              Name
              <HelpTip term="envelope" />
            </th>
            <th className="ec-num ec-balance">{mobile ? 'Balance' : 'Current Balance'}</th>
            <th className="ec-num">Target</th>
            {outstanding && <th className="ec-num">Outstanding</th>}
            {!mobile && (
              <>
                <th>Progress</th>
                <th>Comment</th>
                <th>Status</th>
              </>
            )}
            {editing && <DeleteHeaderCell />}
          </tr>
        </thead>
        <tbody>
          <FigureRow label="Sink Fund Account Balance" cents={fund.current_balance} columns={columns} />
          <FigureRow label="Unassigned Money" cents={fund.unassigned_balance} columns={columns} term="unassigned-money" />
          {layout.keys.map((key) => (
            <EnvelopeRow key={key} accountId={accountId} rowKey={key} editing={editing} mobile={mobile} refusals={refusals[key]} onShowTransactions={onShowTransactions} />
          ))}
          {layout.keys.length === 0 && !editing && (
            <tr>
              <td colSpan={columns}>No envelopes{layout.hiddenCount > 0 ? ' open' : ''} yet. Choose "Make Changes" to add one.</td>
            </tr>
          )}
          {editing && <ActionRow label="Add Envelope" columns={columns} onClick={() => dispatch(envelopeAdded())} />}
        </tbody>
        <tfoot>
          <Totals accountId={accountId} fund={fund} showClosed={showClosed} columns={columns} outstanding={outstanding} />
        </tfoot>
      </table>
    </div>
  );
}
