import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { ErrorBoundary, PAGE_FAILED, PageErrorBoundary } from '../../../src/components/PageErrorBoundary';

let failing = true;
function Fragile() {
  if (failing) throw new Error('The number NaN cannot be converted to a BigInt');
  return <p>Drawn</p>;
}

/** State held outside the boundary, like an edit mode's draft in the store. */
function PageWithDraft() {
  const [draft, setDraft] = useState('');
  return (
    <>
      <input aria-label="Draft" value={draft} onChange={(event) => setDraft(event.target.value)} />
      <ErrorBoundary keeps="Your unsaved changes are kept.">
        {draft.length > 3 ? <Fragile /> : <p>Fine</p>}
      </ErrorBoundary>
    </>
  );
}

describe('error boundaries', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    failing = true;
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('show a part that failed to draw as an error, keep what is outside it, and draw it again on "Try again"', async () => {
    const user = userEvent.setup();
    render(<PageWithDraft />);
    await user.type(screen.getByLabelText('Draft'), 'abcd');
    expect(screen.getByRole('alert')).toHaveTextContent(PAGE_FAILED);
    expect(screen.getByRole('alert')).toHaveTextContent('Your unsaved changes are kept.');
    expect(screen.getByLabelText('Draft')).toHaveValue('abcd');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Drawn')).toBeInTheDocument();
    expect(screen.getByLabelText('Draft')).toHaveValue('abcd');
  });

  it('keep the menu when a page fails, and start afresh on another page', async () => {
    const user = userEvent.setup();
    const shell = (page: ReactElement) => (
      <>
        <Link to="/other">Other page</Link>
        <PageErrorBoundary>{page}</PageErrorBoundary>
      </>
    );
    const router = createMemoryRouter([
      { path: '/', element: shell(<Fragile />) },
      { path: '/other', element: shell(<p>Other</p>) },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('alert')).toHaveTextContent(PAGE_FAILED);
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(screen.getByText('Other')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
