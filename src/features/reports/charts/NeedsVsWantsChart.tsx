import { Bar, BarChart, CartesianGrid, LabelList, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { useNarrowScreen } from '../../../platform/useNarrowScreen';
import { classTitles, SPENDING_CLASSES, type Basis } from '../../../shared/reports';
import type { NeedsVsWantsRow } from '../../../shared/schemas/reports';
import { percentText } from '../ReportTable';
import { ChartFigure, ChartPatterns, fills, inOrder, palette, periodClick, tooltipItemStyle } from './chartParts';
import { chartSeries, meanOf } from './chartSeries';

const looks = {
  needs: { fill: palette.blue, stroke: palette.blue },
  wants: { fill: fills.hatchedOrange, stroke: palette.orange },
  savings: { fill: fills.dottedGreen, stroke: palette.green },
  unspent: { fill: '#fff', stroke: '#8c8c8c' },
};
/** Actual wants is what was spent on wants: the income not spent is a part of its own (open, at the top). */
const PARTS = { budgeted: SPENDING_CLASSES, actual: [...SPENDING_CLASSES, 'unspent'] } as const;
const titles = { ...classTitles, unspent: 'Unspent' };

// Each share is written on its column (the axis gives the unit), dark on a light outline so it reads on any fill.
const labelStyle = { fill: '#000', stroke: '#fff', strokeWidth: 3, paintOrder: 'stroke', fontSize: 11 } as const;
const guideLabel = (value: string) => ({ value, position: 'right' as const, fontSize: 12 });

/**
 * Needs (solid), wants (hatched) and savings (dotted) as shares of the income, stacked to 100 % per period,
 * with the 50/30/20 guide: needs up to the 50 % line, savings above the 80 % line. A period without income has
 * no shares and no column.
 */
export default function NeedsVsWantsChart({ rows, basis, onOpen }: { rows: NeedsVsWantsRow[]; basis: Basis; onOpen: (budgetId: number) => void }) {
  const narrow = useNarrowScreen();
  // A year's column is the mean of its periods' shares: each period's shares stay as the report computes them.
  const actual = basis === 'actual';
  const series = chartSeries(rows, (group) => ({
    needs: meanOf(group, (row) => row[`${basis}_needs_percent`]),
    wants: meanOf(group, (row) => (actual ? row.actual_wants_spent_percent : row.budgeted_wants_percent)),
    savings: meanOf(group, (row) => row[`${basis}_savings_percent`]),
    ...(actual ? { unspent: meanOf(group, (row) => row.actual_unspent_percent) } : {}),
  }));
  const parts = PARTS[basis];
  const order = inOrder(parts);
  return (
    <ChartFigure
      caption={`Shares of the income, ${basis}${series.yearly ? ', the mean of each year\'s periods' : ''}: needs (solid), wants (hatched) and savings (dotted)${actual ? ', and what is not spent (open)' : ''}. The dashed lines are the 50/30/20 guide: needs up to the lower line, savings above the upper one.`}
    >
      <BarChart
        data={series.points}
        stackOffset="sign"
        margin={{ top: 8, right: narrow ? 8 : 96, bottom: 0, left: 0 }}
        onClick={periodClick(series.opens, onOpen)}
        title={`Needs vs Wants, ${basis}`}
        desc="Needs, wants and savings as percentages of the income per period; the table lists the same figures."
      >
        <ChartPatterns />
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" />
        <YAxis unit=" %" width={52} ticks={[0, 20, 50, 80, 100]} domain={[(min: number) => Math.min(0, min), (max: number) => Math.max(100, max)]} />
        <Tooltip formatter={(value) => percentText(Number(value))} itemSorter={order} itemStyle={tooltipItemStyle} />
        <Legend itemSorter={order} />
        {parts.map((part) => (
          <Bar key={part} dataKey={part} name={titles[part]} stackId="income" {...looks[part]} isAnimationActive={false}>
            <LabelList dataKey={part} position="center" style={labelStyle} />
          </Bar>
        ))}
        <ReferenceLine y={50} stroke="#000" strokeDasharray="8 4" label={narrow ? undefined : guideLabel('Needs ≤ 50 %')} />
        <ReferenceLine y={80} stroke="#000" strokeDasharray="8 4" label={narrow ? undefined : guideLabel('Savings ≥ 20 %')} />
      </BarChart>
    </ChartFigure>
  );
}
