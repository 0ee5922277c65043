import { memo, useId, useState, type InputHTMLAttributes } from 'react';
import { formatMoney, MAX_CENTS, moneyInputText, parseMoney, type Cents } from '../shared/money';
import './money.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  cents: Cents;
  onCents: (cents: Cents) => void;
};

/** Text that is not an amount ("12o"): the product counts it as 0, and the field says so. */
const notAnAmount = (text: string) => {
  const cleaned = text.replace(/,/g, '').trim();
  return cleaned !== '' && !/^[-+]?\d*(?:\.\d*)?$/.test(cleaned);
};

/** What the field says, as it is typed, of an amount beyond the accepted maximum. */
const OVER_LIMIT_MESSAGE = `Too large: the most an amount can be is ${formatMoney(MAX_CENTS)}`;

/**
 * The one money field of every dialog and grid: the person types freely ("1,250.5"); the value reported is cents
 * (commas stripped, non-numeric → 0, rounded to whole cents) on every keystroke, and the text is tidied on blur.
 * Focus selects the text, so typing replaces "0.00" as in a spreadsheet instead of appending to it.
 */
export const MoneyInput = memo(function MoneyInput({ cents, onCents, className, onBlur, onFocus, ...rest }: Props) {
  const [text, setText] = useState(() => moneyInputText(cents));
  /** The amount `text` was last matched to: when `cents` changes from outside, the text follows in this render. */
  const [textCents, setTextCents] = useState(cents);
  /** What the person typed when it was counted as 0, shown next to the field until they type again. */
  const [ignored, setIgnored] = useState<string | null>(null);
  const warningId = useId();
  const overLimit = Math.abs(cents) > MAX_CENTS;
  const warning = overLimit ? OVER_LIMIT_MESSAGE : ignored !== null ? `“${ignored}” is not an amount: counted as 0.00` : null;
  // Adjusted while rendering rather than in an effect: a grid mounts hundreds of these at once ("Make Changes").
  if (textCents !== cents) {
    setTextCents(cents);
    if (parseMoney(text) !== cents) setText(moneyInputText(cents));
  }
  const input = (
    <input
      {...rest}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      aria-describedby={warning === null ? rest['aria-describedby'] : warningId}
      aria-invalid={overLimit || rest['aria-invalid']}
      className={`ec-input ec-money-input${cents < 0 ? ' ec-money--negative' : ''}${className ? ` ${className}` : ''}`}
      value={text}
      onFocus={(event) => {
        event.currentTarget.select();
        onFocus?.(event);
      }}
      onChange={(event) => {
        setText(event.target.value);
        setIgnored(null);
        const next = parseMoney(event.target.value);
        if (next !== cents) onCents(next);
      }}
      onBlur={(event) => {
        const typed = event.target.value;
        const parsed = parseMoney(typed);
        if (notAnAmount(typed)) setIgnored(typed.trim());
        // An over-limit amount keeps the text as typed, next to the error that names it.
        if (Math.abs(parsed) <= MAX_CENTS) setText(moneyInputText(parsed));
        onBlur?.(event);
      }}
    />
  );
  // A sibling rather than a wrapper, so the input is never remounted (and never loses focus) when it appears.
  return (
    <>
      {input}
      {warning !== null && (
        <span id={warningId} role="status" className="ec-money-input-warning">
          {warning}
        </span>
      )}
    </>
  );
});
