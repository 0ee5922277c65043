import { MoneyInput } from './MoneyInput';
import type { Cents } from '../shared/money';

interface Props {
  id?: string;
  value?: Cents;
  onChange?: (cents: Cents) => void;
  'aria-invalid'?: boolean;
}

/** MoneyInput as an antd form control: the form holds cents (an over-limit amount fails the form's money rule). */
export function BalanceInput({ id, value = 0, onChange, ...rest }: Props) {
  return <MoneyInput {...rest} id={id} className="ant-input" cents={value} onCents={(cents) => onChange?.(cents)} />;
}
