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
