import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { UnsavedChangesGuard } from '../../../src/components/UnsavedChangesGuard';

/** A screen with the guard, links to another page and to the same page with another query, and another page. */
function renderGuarded(dirty: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/sink_funds',
        element: (
          <>
            <Link to="/budgets">Budgets</Link>
            <Link to="/sink_funds?bank_account_id=2">Other account</Link>
            <UnsavedChangesGuard dirty={dirty} changesTo="this sink fund" />
          </>
        ),
      },
      { path: '/budgets', element: <h1>Budgets page</h1> },
    ],
    { initialEntries: ['/sink_funds?bank_account_id=1'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const question = () => screen.findByRole('dialog', { name: 'Leave without saving?' });
const unloadIsHeld = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('UnsavedChangesGuard', () => {
  it('asks before leaving for another page while dirty, saying what would be lost: "No" stays, "Yes" leaves', async () => {
    const user = userEvent.setup();
    const router = renderGuarded(true);
    await user.click(screen.getByRole('link', { name: 'Budgets' }));
    const dialog = await question();
    expect(dialog).toHaveTextContent('You have unsaved changes to this sink fund. Leave this page and lose them?');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(router.state.location.pathname).toBe('/sink_funds');

    await user.click(screen.getByRole('link', { name: 'Budgets' }));
    await user.click(within(await question()).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Budgets page' })).toBeInTheDocument();
  });

  it('asks too before the same page opens with another query (another account)', async () => {
    const user = userEvent.setup();
    const router = renderGuarded(true);
    await user.click(screen.getByRole('link', { name: 'Other account' }));
    await user.click(within(await question()).getByRole('button', { name: 'No' }));
    expect(router.state.location.search).toBe('?bank_account_id=1');
  });

  it('lets a screen without unsaved edits go without asking', async () => {
    const user = userEvent.setup();
    renderGuarded(false);
    await user.click(screen.getByRole('link', { name: 'Budgets' }));
    expect(await screen.findByRole('heading', { name: 'Budgets page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("holds the browser tab's unload (the browser's own warning) only while dirty", () => {
    renderGuarded(true);
    expect(unloadIsHeld()).toBe(true);
  });

  it('leaves the unload alone while clean', () => {
    renderGuarded(false);
    expect(unloadIsHeld()).toBe(false);
  });
});
