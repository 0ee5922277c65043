import type { ActionCreatorWithPayload } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import type { RootState } from '../../app/store';
import { rowDeleteToggled, type RowKind } from './budgetEditSlice';
import type { RowView } from './budgetSelectors';

export { TheirValue } from '../../components/TheirValue';
export { ActionRow, amountLabel, deleteHeading, EditableAmount, EditableText, RowDeleteToggle, TextCell } from '../../components/gridCells';

/** A row's look: struck through when marked deleted, highlighted when a refused save named it or someone else changed it too. */
export const rowClass = (deleted: boolean, refused: string[], clash: object = {}) =>
  [deleted && 'ec-row--deleted', refused.length > 0 && 'ec-row--refused', Object.keys(clash).length > 0 && 'ec-row--clash'].filter(Boolean).join(' ') || undefined;

/**
 * One row's view of the store (`selectIncomeRowView` or `selectAllocationRowView`), through one subscription
 * whose selector stays the same while the row does.
 */
export function useRowView<Line>(select: (state: RootState, budgetId: number, key: number) => RowView<Line>, budgetId: number, rowKey: number): RowView<Line> {
  const selectRow = useCallback((state: RootState) => select(state, budgetId, rowKey), [select, budgetId, rowKey]);
  return useAppSelector(selectRow, shallowEqual);
}

/** Dispatches one row's field changes; stable for the row, so memoised inputs are not re-rendered by it. */
export function useRowChange<Fields>(rowKey: number, changed: ActionCreatorWithPayload<{ key: number; changes: Partial<Fields> }>) {
  const dispatch = useAppDispatch();
  return useCallback((changes: Partial<Fields>) => dispatch(changed({ key: rowKey, changes })), [dispatch, changed, rowKey]);
}

/** Marks an income or allocation deleted (it is removed on save) or brings it back: for `RowDeleteToggle`. */
export function useDeleteToggle(kind: RowKind, rowKey: number) {
  const dispatch = useAppDispatch();
  return useCallback(() => dispatch(rowDeleteToggled({ kind, key: rowKey })), [dispatch, kind, rowKey]);
}
