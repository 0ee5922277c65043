import { memo, useEffect, useState, type InputHTMLAttributes } from 'react';
import { MAX_CENTS, moneyInputText, parseMoney, type Cents } from '../shared/money';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  cents: Cents;
  onCents: (cents: Cents) => void;
};

/**
 * A money field: the person types freely ("1,250.5"); the value reported is cents (commas stripped,
 * non-numeric → 0, rounded to whole cents) on every keystroke, and the text is tidied on blur.
 */
export const MoneyInput = memo(function MoneyInput({ cents, onCents, className, onBlur, ...rest }: Props) {
  const [text, setText] = useState(() => moneyInputText(cents));
  useEffect(() => {
    setText((current) => (parseMoney(current) === cents ? current : moneyInputText(cents)));
  }, [cents]);
  return (
    <input
      {...rest}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      className={`ec-input ec-money-input${cents < 0 ? ' ec-money--negative' : ''}${className ? ` ${className}` : ''}`}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const next = parseMoney(event.target.value);
        if (next !== cents) onCents(next);
      }}
      onBlur={(event) => {
        const parsed = parseMoney(event.target.value);
        // An over-limit amount keeps the text as typed, next to the error that names it.
        if (Math.abs(parsed) <= MAX_CENTS) setText(moneyInputText(parsed));
        onBlur?.(event);
      }}
    />
  );
});
