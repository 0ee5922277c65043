import { Bar, BarChart } from 'recharts';
import { periodLabel } from '../../../shared/reports';
import type { CategorySpendingRow } from '../../../shared/schemas/reports';
import { ChartFigure, ChartPatterns, fills, moneyChartFrame, palette, periodClick } from './chartParts';

/** Budgeted (solid) next to spent (hatched) per period, for one category. */
export default function CategorySpendingChart({ rows, onOpen }: { rows: CategorySpendingRow[]; onOpen: (budgetId: number) => void }) {
  const data = rows.map((row) => ({ ...row, label: periodLabel(row.period) }));
  const category = rows[0]?.category_name ?? '';
  return (
    <ChartFigure caption={`${category}: budgeted (solid columns) and spent (hatched columns) in each period.`}>
      <BarChart data={data} onClick={periodClick(rows, onOpen)} title={`Category Spending: ${category}`} desc="Budgeted and spent per period; the table lists the same figures.">
        <ChartPatterns />
        {moneyChartFrame(['budgeted', 'spent'])}
        <Bar dataKey="budgeted" name="Budgeted" fill={palette.blue} isAnimationActive={false} />
        <Bar dataKey="spent" name="Spent" fill={fills.hatchedVermillion} stroke={palette.vermillion} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
