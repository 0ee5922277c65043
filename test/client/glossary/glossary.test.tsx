import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import GlossaryPage from '../../../src/features/glossary/GlossaryPage';
import { HelpTip } from '../../../src/features/glossary/HelpTip';
import { glossary, glossaryTermIds } from '../../../src/features/glossary/terms';
import { renderWithProviders } from '../../support/render';

describe('help popover', () => {
  it('opens a short explanation beside the word, with a link to the Glossary entry', async () => {
    renderWithProviders(
      <p>
        Unpaid Difference <HelpTip term="unpaid-difference" />
      </p>,
    );
    // The "?" is drawn by CSS: the word's own text stays exact.
    expect(screen.getByText(/Unpaid Difference/).textContent?.trim()).toBe('Unpaid Difference');
    const button = screen.getByRole('button', { name: 'What is "Unpaid Difference"?' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    const popup = screen.getByRole('dialog', { name: 'Unpaid Difference' });
    expect(popup).toHaveTextContent(glossary['unpaid-difference'].short);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', popup.id);
    expect(screen.getByRole('link', { name: 'More in the Glossary' })).toHaveAttribute('href', '/glossary?term=unpaid-difference');
  });

  it('Escape closes it and gives the focus back to its button; a click elsewhere closes it too', async () => {
    renderWithProviders(
      <div>
        <HelpTip term="paid" />
        <button type="button">Elsewhere</button>
      </div>,
    );
    const button = screen.getByRole('button', { name: 'What is "Paid?"?' });
    await userEvent.click(button);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('inside a label, opening it neither follows nor toggles the labelled control', async () => {
    const changed = jest.fn();
    renderWithProviders(
      <label>
        Fixed Amount? <HelpTip term="fixed-amount" />
        <input type="checkbox" onChange={changed} />
      </label>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'What is "Fixed amount"?' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(glossary['fixed-amount'].short);
    expect(changed).not.toHaveBeenCalled();
  });
});

describe('glossary page', () => {
  it('explains every word the brief names, each once', () => {
    renderWithProviders(<GlossaryPage />, { path: '/glossary' });
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(glossaryTermIds.map((id) => glossary[id].term));
    for (const word of ['Sink fund', 'Envelope', 'Unassigned Money', 'Discretionary amount', 'Fixed amount', 'Month end', 'Carried-forward rows (B/F)', 'Paid?', 'Unpaid Difference', 'Needs, wants and savings'])
      expect(terms).toContain(word);
    expect(screen.getByText(/On other accounts the tick only records/)).toBeInTheDocument();
  });

  it('opened from a popover (?term=…), the chosen word has the focus and stands out', () => {
    renderWithProviders(<GlossaryPage />, { path: '/glossary', url: '/glossary?term=sink-fund' });
    const term = screen.getByText('Sink fund', { selector: 'dt' });
    expect(term).toHaveFocus();
    expect(term.parentElement).toHaveClass('ec-glossary__entry--chosen');
    expect(screen.getByText('Envelope', { selector: 'dt' }).parentElement).not.toHaveClass('ec-glossary__entry--chosen');
  });
});
