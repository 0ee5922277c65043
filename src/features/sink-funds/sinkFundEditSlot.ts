import { reducerSlot } from '../../platform/reducerSlot';
import type { SinkFundEditState } from './sinkFundEditSlice';

/** The store's place for a sink fund's draft; `sinkFundEditSlice` provides its reducer when the area loads. */
export const sinkFundEditSlot = reducerSlot<SinkFundEditState>({ draft: null });
