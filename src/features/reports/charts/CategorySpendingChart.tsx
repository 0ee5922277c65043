import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../shared/money';
import { periodLabel } from '../../../shared/reports';
import type { CategorySpendingRow } from '../../../shared/schemas/reports';
import { ChartFigure, ChartPatterns, fills, inOrder, moneyTick, palette, periodClick } from './chartParts';

const order = inOrder(['budgeted', 'spent']);

/** Budgeted (solid) next to spent (hatched) per period, for one category. */
export default function CategorySpendingChart({ rows, onOpen }: { rows: CategorySpendingRow[]; onOpen: (budgetId: number) => void }) {
  const data = rows.map((row) => ({ ...row, label: periodLabel(row.period) }));
  const category = rows[0]?.category_name ?? '';
  return (
    <ChartFigure caption={`${category}: budgeted (solid columns) and spent (hatched columns) in each period.`}>
      <BarChart data={data} onClick={periodClick(rows, onOpen)} title={`Category Spending: ${category}`} desc="Budgeted and spent per period; the table lists the same figures.">
        <ChartPatterns />
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" />
        <YAxis tickFormatter={moneyTick} width={56} />
        <Tooltip formatter={(value) => formatMoney(Number(value))} itemSorter={order} />
        <Legend itemSorter={order} />
        <ReferenceLine y={0} stroke={palette.grey} />
        <Bar dataKey="budgeted" name="Budgeted" fill={palette.blue} isAnimationActive={false} />
        <Bar dataKey="spent" name="Spent" fill={fills.hatchedVermillion} stroke={palette.vermillion} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
