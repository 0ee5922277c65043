import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from 'antd';
import { useState } from 'react';
import { keepClearButtonsOutOfTabOrder } from '../../../src/components/clearButtons';

function Form() {
  const [value, setValue] = useState<number | undefined>(1);
  return (
    <>
      <Select aria-label="Allocation" allowClear value={value} onChange={setValue} options={[{ value: 1, label: 'Groceries' }]} />
      <button type="button">Save</button>
    </>
  );
}

describe('clear buttons', () => {
  it('are out of the Tab order: Tab from a field goes to the next field, not to its "Clear" (issue 42)', async () => {
    const stop = keepClearButtonsOutOfTabOrder(document.body);
    const user = userEvent.setup();
    const { container } = render(<Form />);
    const clear = container.querySelector('button.ant-select-clear');
    expect(clear).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clear).toHaveAttribute('tabindex', '-1');
    screen.getByRole('combobox', { name: 'Allocation' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    stop();
  });
});
