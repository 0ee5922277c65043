import { createSlice } from '@reduxjs/toolkit';

export interface BudgetEditState {
  draft: null;
}

const budgetEditSlice = createSlice({ name: 'budgetEdit', initialState: { draft: null } as BudgetEditState, reducers: {} });

export const budgetEditReducer = budgetEditSlice.reducer;
