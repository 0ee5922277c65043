import { reducerSlot } from '../../../src/platform/reducerSlot';

describe('a reducer slot', () => {
  it('keeps its initial state until its reducer is provided, then hands every action to it', () => {
    const slot = reducerSlot<{ count: number }>({ count: 0 });
    const added = { type: 'counter/added' };
    const before = slot.reducer(undefined, added);
    expect(before).toEqual({ count: 0 });
    expect(slot.reducer(before, added)).toBe(before);
    slot.provide((state = { count: 0 }, action) => (action.type === 'counter/added' ? { count: state.count + 1 } : state));
    expect(slot.reducer(before, added)).toEqual({ count: 1 });
  });
});
