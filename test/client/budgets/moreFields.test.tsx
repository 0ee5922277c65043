import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { setupStore } from '../../../src/app/store';
import { AllocationsTable } from '../../../src/features/budgets/AllocationsTable';
import { editStarted } from '../../../src/features/budgets/budgetEditSlice';
import type * as BudgetTableModule from '../../../src/features/budgets/budgetTable';
import { IncomesTable } from '../../../src/features/budgets/IncomesTable';
import { accounts, householdSettings, sampleBudget } from './fixtures';

// Each row's last cell (its "More" toggle) drawn, by its row's name: a row that re-renders draws it again.
const mockTogglesDrawn: string[] = [];
jest.mock('../../../src/features/budgets/budgetTable', () => {
  const actual = jest.requireActual<typeof BudgetTableModule>('../../../src/features/budgets/budgetTable');
  return {
    ...actual,
    RowEndCell: (props: Parameters<typeof actual.RowEndCell>[0]) => {
      mockTogglesDrawn.push(props.name);
      return actual.RowEndCell(props);
    },
  };
});

/** Both tables at a phone's width over the sample budget (its rows, through the draft), reading or editing. */
function renderTables(editing: boolean) {
  const store = setupStore();
  store.dispatch(editStarted(sampleBudget()));
  render(
    <Provider store={store}>
      <IncomesTable budgetId={7} editing={editing} accounts={accounts} partners={householdSettings()} mobile />
      <AllocationsTable budgetId={7} editing={editing} mobile />
    </Provider>,
  );
}

async function rowsDrawnByToggling(name: string) {
  const user = userEvent.setup();
  const toggle = screen.getByRole('button', { name: `More fields: ${name}` });
  mockTogglesDrawn.length = 0;
  await user.click(toggle);
  expect(screen.getByRole('group', { name: `More fields of ${name}` })).toBeInTheDocument();
  const opened = [...new Set(mockTogglesDrawn)];
  mockTogglesDrawn.length = 0;
  await user.click(toggle);
  expect(screen.queryByRole('group', { name: `More fields of ${name}` })).not.toBeInTheDocument();
  return [opened, [...new Set(mockTogglesDrawn)]];
}

describe('"More fields" on a phone', () => {
  it.each([
    ['reading', false],
    ['editing', true],
  ])('opening and closing one row re-renders that row alone, %s', async (_mode, editing) => {
    renderTables(editing);
    expect(await rowsDrawnByToggling('Groceries')).toEqual([['Groceries'], ['Groceries']]);
    expect(await rowsDrawnByToggling('Salary')).toEqual([['Salary'], ['Salary']]);
  });
});
