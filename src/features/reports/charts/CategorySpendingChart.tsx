import { Bar, BarChart } from 'recharts';
import type { CategorySpendingRow } from '../../../shared/schemas/reports';
import { ChartFigure, ChartPatterns, fills, moneyChartFrame, palette, periodClick } from './chartParts';
import { chartSeries, sumOf } from './chartSeries';

/** Budgeted (solid) next to spent (hatched) per period, for one category. */
export default function CategorySpendingChart({ rows, onOpen }: { rows: CategorySpendingRow[]; onOpen: (budgetId: number) => void }) {
  const series = chartSeries(rows, (group) => ({ budgeted: sumOf(group, (row) => row.budgeted), spent: sumOf(group, (row) => row.spent) }));
  const category = rows[0]?.category_name ?? '';
  return (
    <ChartFigure caption={`${category}: budgeted (solid columns) and spent (hatched columns) in each ${series.yearly ? 'year' : 'period'}.`}>
      <BarChart data={series.points} onClick={periodClick(series.opens, onOpen)} title={`Category Spending: ${category}`} desc="Budgeted and spent per period; the table lists the same figures.">
        <ChartPatterns />
        {moneyChartFrame(['budgeted', 'spent'])}
        <Bar dataKey="budgeted" name="Budgeted" fill={palette.blue} isAnimationActive={false} />
        <Bar dataKey="spent" name="Spent" fill={fills.hatchedVermillion} stroke={palette.vermillion} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
