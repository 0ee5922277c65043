import { Alert, Button, Select } from 'antd';
import { useEffect, useState } from 'react';
import { apiErrorMessages } from '../../platform/apiErrors';
import { useAppDispatch } from '../../platform/hooks';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { Dialog } from '../../components/Dialog';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { formatMoney, type Cents } from '../../shared/money';
import type { SinkFund } from '../../shared/schemas/sinkFunds';
import { infoShown } from '../../platform/messages/messagesSlice';
import { sinkFundMessages } from './sinkFundMessages';
import { useTransferSinkFundAllocationMutation } from './sinkFundsApi';

/** 0 is Unassigned Money, as in the API. */
const UNASSIGNED = 0;

interface Place {
  value: number;
  name: string;
  balance: Cents;
}

/** Where money can come from (Unassigned Money, every open envelope, a closed one still holding money) and go to (no closed envelope). */
function placesOf(fund: SinkFund) {
  const unassigned: Place = { value: UNASSIGNED, name: 'Unassigned Money', balance: fund.unassigned_balance };
  const envelopes = fund.sink_fund_allocations.map((e) => ({ value: e.id, name: e.name, balance: e.current_balance, open: e.status === 'open' }));
  return {
    from: [unassigned, ...envelopes.filter((e) => e.open || e.balance !== 0)],
    to: [unassigned, ...envelopes.filter((e) => e.open)],
  };
}

const options = (places: Place[]) => places.map((place) => ({ value: place.value, label: `${place.name} (${formatMoney(place.balance)})` }));

interface FormProps {
  fund: SinkFund;
  onDone: () => void;
  /** Cancel: asks first once something was chosen or typed. */
  onCancel: () => void;
  markDirty: (dirty: boolean) => void;
}

function TransferForm({ fund, onDone, onCancel, markDirty }: FormProps) {
  const dispatch = useAppDispatch();
  const places = placesOf(fund);
  const [from, setFrom] = useState(UNASSIGNED);
  const [firstTo] = useState(() => places.to.find((place) => place.value !== UNASSIGNED)?.value ?? UNASSIGNED);
  const [to, setTo] = useState(firstTo);
  const [amount, setAmount] = useState<Cents>(0);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [transfer, { isLoading }] = useTransferSinkFundAllocationMutation();
  const source = places.from.find((place) => place.value === from);
  const target = places.to.find((place) => place.value === to);
  const samePlace = from === to;
  useEffect(() => markDirty(amount !== 0 || from !== UNASSIGNED || to !== firstTo), [amount, from, to, firstTo, markDirty]);

  const submit = async () => {
    setRefusal([]);
    try {
      await transfer({ id: fund.id, existing_allocation_id: from, new_allocation_id: to, amount }).unwrap();
      dispatch(infoShown(sinkFundMessages.transferred));
      onDone();
    } catch (error) {
      setRefusal(apiErrorMessages(error));
    }
  };

  return (
    <form
      className="ec-sink-fund-transfer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!samePlace) void submit();
      }}
    >
      <label>
        From
        <Select aria-label="From" value={from} options={options(places.from)} onChange={setFrom} popupMatchSelectWidth={false} />
      </label>
      <label>
        To
        <Select aria-label="To" value={to} options={options(places.to)} onChange={setTo} popupMatchSelectWidth={false} />
      </label>
      <label>
        Amount
        <MoneyInput aria-label="Amount" cents={amount} onCents={setAmount} />
      </label>
      {samePlace && <span className="ec-field-error">Choose two different places to move money between.</span>}
      <div className="ec-sink-fund-balances" aria-label="Resulting balances">
        {source && !samePlace && (
          <>
            <span>{source.name} after the transfer</span>
            <Money cents={source.balance - amount} />
          </>
        )}
        {target && !samePlace && (
          <>
            <span>{target.name} after the transfer</span>
            <Money cents={target.balance + amount} />
          </>
        )}
      </div>
      {refusal.length > 0 && <Alert type="error" showIcon title={refusal.join(' ')} />}
      <div className="ec-sink-fund-actions">
        <Button type="primary" htmlType="submit" loading={isLoading} disabled={samePlace}>
          Transfer
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

/** "Transfer Money": moves money between two envelopes of the account, or between one and Unassigned Money. */
export function TransferMoneyDialog({ fund, open, onDone }: { fund: SinkFund; open: boolean; onDone: () => void }) {
  const { close, markDirty } = useGuardedClose(onDone, 'this transfer');
  return (
    <Dialog open={open} title="Transfer Money" footer={null} onCancel={close} destroyOnHidden>
      <TransferForm fund={fund} onDone={onDone} onCancel={close} markDirty={markDirty} />
    </Dialog>
  );
}
