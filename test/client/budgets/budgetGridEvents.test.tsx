import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import configureStore from 'redux-mock-store';
import { setupStore, type RootState } from '../../../src/app/store';
import { AllocationsTable } from '../../../src/features/budgets/AllocationsTable';
import {
  allocationAdded,
  allocationChanged,
  editStarted,
  incomeAdded,
  incomeChanged,
  rowDeleteToggled,
} from '../../../src/features/budgets/budgetEditSlice';
import { IncomesTable } from '../../../src/features/budgets/IncomesTable';
import { accounts, householdSettings, sampleBudget } from './fixtures';

/** The grid in edit mode over a frozen state: each click or keystroke must dispatch exactly its event. */
function renderGrid() {
  const real = setupStore();
  real.dispatch(editStarted(sampleBudget()));
  const store = configureStore<RootState>([])(real.getState());
  render(
    <Provider store={store}>
      <IncomesTable budgetId={7} editing accounts={accounts} partners={householdSettings()} mobile={false} />
      <AllocationsTable budgetId={7} editing mobile={false} />
    </Provider>,
  );
  return store;
}

const rowOfInput = (label: string, value: string) =>
  screen
    .getAllByLabelText(label)
    .find((input) => (input as HTMLInputElement).value === value)!
    .closest('tr') as HTMLElement;

describe('budget grid events', () => {
  it('dispatches row added events from the add buttons', async () => {
    const user = userEvent.setup();
    const store = renderGrid();
    await user.click(screen.getByRole('button', { name: 'Add Income' }));
    await user.click(screen.getByRole('button', { name: 'Add Food Allocation' }));
    expect(store.getActions()).toEqual([incomeAdded({ bankAccountId: null }), allocationAdded({ categoryId: 2, categoryName: 'Food' })]);
  });

  it('dispatches a row changed event for the row typed in, in cents', async () => {
    const user = userEvent.setup();
    const store = renderGrid();
    const rent = rowOfInput('Allocation name', 'Rent');
    fireEvent.change(within(rent).getByLabelText(/ amount$/), { target: { value: '1,234.567' } });
    await user.selectOptions(within(rent).getByLabelText('Class'), 'Savings');
    await user.click(within(rent).getByLabelText('Fixed Amount?'));
    const salary = rowOfInput('Income name', 'Salary');
    await user.selectOptions(within(salary).getByLabelText('Bank Account'), 'none');
    await user.selectOptions(within(salary).getByLabelText('Whose: Salary'), "Bob's");
    expect(store.getActions()).toEqual([
      allocationChanged({ key: 21, changes: { amount: 123457 } }),
      allocationChanged({ key: 21, changes: { allocation_class: 'savings' } }),
      allocationChanged({ key: 21, changes: { is_fixed_amount: false } }),
      incomeChanged({ key: 11, changes: { bank_account_id: null } }),
      incomeChanged({ key: 11, changes: { owner: 'husband' } }),
    ]);
  });

  it('dispatches the delete toggle for its own row', async () => {
    const user = userEvent.setup();
    const store = renderGrid();
    await user.click(screen.getByRole('button', { name: 'Delete Dining' }));
    await user.click(screen.getByRole('button', { name: 'Delete Freelance' }));
    expect(store.getActions()).toEqual([
      rowDeleteToggled({ kind: 'allocation', key: 23 }),
      rowDeleteToggled({ kind: 'income', key: 12 }),
    ]);
  });
});
