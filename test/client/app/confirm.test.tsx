import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from 'antd';
import { confirm } from '../../../src/components/confirm';

afterEach(() => Modal.destroyAll());

describe('confirm', () => {
  it('asks with "Yes" and "No" and resolves true on Yes', async () => {
    const answer = confirm({ title: 'Close Budget Period?', content: 'Are you ready to close off this budget?' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Close Budget Period?');
    expect(dialog).toHaveTextContent('Are you ready to close off this budget?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on No', async () => {
    const answer = confirm({ title: 'Copy Budget?' });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await expect(answer).resolves.toBe(false);
  });
});
