import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from '../../../src/components/Dialog';

/** A page with a button that opens a dialog of a few fields. */
function Page({ firstDisabled = false, onOpened }: { firstDisabled?: boolean; onOpened?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog title="Example" open={open} onCancel={() => setOpen(false)} afterOpenChange={onOpened} footer={null} destroyOnHidden>
        <input type="hidden" name="token" />
        <input aria-label="Disabled first" disabled={firstDisabled} hidden={!firstDisabled} />
        <label>
          Name
          <input aria-label="Name" />
        </label>
        <label>
          Amount
          <input aria-label="Amount" />
        </label>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens with the focus in its first field, skipping hidden ones', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });

  it('skips a disabled field', async () => {
    const user = userEvent.setup();
    render(<Page firstDisabled />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });

  it('leaves a field the person moved to before the opening animation ended', async () => {
    const user = userEvent.setup();
    const opened = jest.fn();
    render(<Page onOpened={opened} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    screen.getByLabelText('Amount').focus();
    await waitFor(() => expect(opened).toHaveBeenCalledWith(true));
    expect(screen.getByLabelText('Amount')).toHaveFocus();
  });

  it('gives the focus back to the button that opened it when it closes', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });
});
