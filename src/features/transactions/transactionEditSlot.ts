import { reducerSlot } from '../../platform/reducerSlot';
import type { TransactionEditState } from './transactionEditSlice';

/** The store's place for the window's draft; `transactionEditSlice` provides its reducer when the area loads. */
export const transactionEditSlot = reducerSlot<TransactionEditState>({ draft: null });
