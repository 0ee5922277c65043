import { MoneyInput } from '../../components/MoneyInput';
import { MAX_CENTS, parseMoney, type Cents } from '../../shared/money';

/** Beyond what the API accepts, so the field's money rule reports "is too large". */
const TOO_LARGE = MAX_CENTS + 1;

/** parseMoney turns an over-limit number into 0; an opening balance must not silently become 0. */
function isTooLarge(text: string): boolean {
  const cleaned = text.replace(/,/g, '').trim();
  return /^[-+]?\d*\.?\d*$/.test(cleaned) && Math.abs(Number(cleaned)) * 100 > MAX_CENTS;
}

const ignoreCents = () => undefined;

interface Props {
  id?: string;
  value?: Cents;
  onChange?: (cents: Cents) => void;
  'aria-invalid'?: boolean;
}

/** MoneyInput as an antd form control: the form holds cents. */
export function BalanceInput({ id, value = 0, onChange, ...rest }: Props) {
  return (
    <MoneyInput
      {...rest}
      id={id}
      className="ant-input"
      cents={Math.abs(value) > MAX_CENTS ? 0 : value}
      // Every keystroke is reported from onInput, which also sees over-limit text; onCents would report 0 for it.
      onCents={ignoreCents}
      onInput={(event) => {
        const text = event.currentTarget.value;
        onChange?.(isTooLarge(text) ? Math.sign(Number(text.replace(/,/g, '')) || 1) * TOO_LARGE : parseMoney(text));
      }}
    />
  );
}
