import { periodLabel } from '../../../shared/reports';

/** Up to three years of budgets are drawn a column (or point) each; a longer range is drawn a year each. */
const MAX_CHART_PERIODS = 36;

interface ChartSeries<Point> {
  /** What the chart draws, each with its axis label. */
  points: Array<Point & { label: string }>;
  /** The budget a click on each point opens: the period's, or the latest of the year's. */
  opens: Array<{ budget_id: number }>;
  /** Whether each point is a year. */
  yearly: boolean;
}

/**
 * A chart's series: one point per period, or, over more than MAX_CHART_PERIODS periods, one per year made by
 * `combine` from the year's rows (in period order). Fifteen years draw 15 columns, not 180: the time to paint
 * stays the same however long the history (issue 35); the table beside the chart keeps every period.
 */
export function chartSeries<Row extends { period: string; budget_id: number }, Point>(rows: readonly Row[], combine: (rows: Row[]) => Point): ChartSeries<Point> {
  if (rows.length <= MAX_CHART_PERIODS) {
    return { points: rows.map((row) => ({ ...combine([row]), label: periodLabel(row.period) })), opens: [...rows], yearly: false };
  }
  const years = new Map<string, Row[]>();
  for (const row of rows) {
    const year = row.period.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), row]);
  }
  const groups = [...years];
  return {
    points: groups.map(([year, group]) => ({ ...combine(group), label: year })),
    opens: groups.map(([, group]) => group[group.length - 1]),
    yearly: true,
  };
}

export const sumOf = <Row>(rows: Row[], value: (row: Row) => number) => rows.reduce((sum, row) => sum + value(row), 0);

/** The mean of the figures present, rounded; null when none is. */
export function meanOf<Row>(rows: Row[], value: (row: Row) => number | null): number | null {
  const present = rows.map(value).filter((figure): figure is number => figure !== null);
  return present.length ? Math.round(sumOf(present, (figure) => figure) / present.length) : null;
}
