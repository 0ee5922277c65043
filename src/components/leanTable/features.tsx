import type { ReactNode } from 'react';

/*
 * What antd's InternalTable asks of the features the budget detail's tables turn off (pagination={false}, no
 * sorter, filter, selection, loading or virtual scroll), answered with "nothing": columns and data pass unchanged.
 * Only the lean copy of the Table imports these (scripts/leanAntdTable.js); the signatures are antd 6's.
 */

const unchanged = <T,>(value: T) => value;
const NONE: never[] = [];
const NO_KEYS = new Set<never>();
const NOTHING = {};

/** `./hooks/useSorter`: no column sorts. */
export const useSorter = () => [unchanged, NONE, NOTHING, () => NOTHING] as const;
export const getSortData = unchanged;

/** `./hooks/useFilter`: no column filters. */
export const useFilter = () => [unchanged, NONE, NOTHING] as const;
export const getFilterData = unchanged;

/** `./hooks/useSelection`: no row selection (its constants stay, Table re-exports them). */
export const useSelection = () => [unchanged, NO_KEYS] as const;
export const SELECTION_COLUMN = {};
export const SELECTION_ALL = 'SELECT_ALL';
export const SELECTION_INVERT = 'SELECT_INVERT';
export const SELECTION_NONE = 'SELECT_NONE';

/** `../pagination` and `./RcTable/VirtualTable`: never drawn. */
export const Nothing = () => null;

/** `../spin`: the table as it is, never covered by a loading spinner. */
export const NoSpin = ({ children }: { children?: ReactNode }) => <>{children}</>;
