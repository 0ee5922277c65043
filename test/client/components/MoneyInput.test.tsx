import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MoneyInput } from '../../../src/components/MoneyInput';

function Harness({ onCents }: { onCents: (cents: number) => void }) {
  const [cents, setCents] = useState(1000);
  return (
    <MoneyInput
      aria-label="Amount"
      cents={cents}
      onCents={(next) => {
        setCents(next);
        onCents(next);
      }}
    />
  );
}

describe('MoneyInput', () => {
  it('reports cents with commas stripped and tidies the text on blur', async () => {
    const seen: number[] = [];
    render(<Harness onCents={(c) => seen.push(c)} />);
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveValue('10.00');
    await userEvent.clear(input);
    await userEvent.type(input, '1,250.5');
    expect(seen.at(-1)).toBe(125050);
    await userEvent.tab();
    expect(input).toHaveValue('1250.50');
  });

  it('treats non-numeric text as 0', async () => {
    const seen: number[] = [];
    render(<Harness onCents={(c) => seen.push(c)} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.clear(input);
    await userEvent.type(input, 'abc');
    expect(seen.at(-1)).toBe(0);
  });
});

describe('MoneyInput, as every dialog and grid uses it', () => {
  it('selects its text on focus, so clicking and typing 500 gives 500.00 (not 0.00500)', async () => {
    const user = userEvent.setup();
    const seen: number[] = [];
    render(<Harness onCents={(c) => seen.push(c)} />);
    const input = screen.getByLabelText('Amount');
    await user.click(input);
    await user.keyboard('500');
    expect(seen.at(-1)).toBe(50000);
    await user.tab();
    expect(input).toHaveValue('500.00');
  });

  it('counts a non-numeric entry as 0 and says so with what was typed, until the person types again', async () => {
    const user = userEvent.setup();
    const seen: number[] = [];
    render(<Harness onCents={(c) => seen.push(c)} />);
    const input = screen.getByLabelText('Amount');
    await user.click(input);
    await user.keyboard('12o');
    await user.tab();
    expect(seen.at(-1)).toBe(0);
    expect(input).toHaveValue('0.00');
    expect(screen.getByRole('status')).toHaveTextContent('“12o” is not an amount: counted as 0.00');
    expect(input).toHaveAccessibleDescription('“12o” is not an amount: counted as 0.00');
    await user.click(input);
    await user.keyboard('12');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(seen.at(-1)).toBe(1200);
  });

  it('gives no warning for an amount, a blank field or a typed minus sign', async () => {
    const user = userEvent.setup();
    render(<Harness onCents={() => undefined} />);
    const input = screen.getByLabelText('Amount');
    for (const text of ['1,250.50', '-3', '']) {
      await user.click(input);
      if (text) await user.keyboard(text);
      else await user.keyboard('{Backspace}');
      await user.tab();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    }
  });
});
