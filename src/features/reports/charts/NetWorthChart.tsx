import { Line, LineChart } from 'recharts';
import type { NetWorthRow } from '../../../shared/schemas/reports';
import { ChartFigure, moneyChartFrame, palette, periodClick } from './chartParts';
import { chartSeries, sumOf } from './chartSeries';

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
}

/** Net Change's points are squares (Net Worth's are circles): the two lines differ by more than colour. */
const squareDot = ({ cx, cy, index }: DotProps) =>
  cx == null || cy == null ? <g key={index} /> : <rect key={index} x={cx - 4} y={cy - 4} width={8} height={8} fill={palette.vermillion} />;

/** Net worth at the end of each period (solid line, circles) and the period's net change (dashed, squares). */
export default function NetWorthChart({ rows, onOpen }: { rows: NetWorthRow[]; onOpen: (budgetId: number) => void }) {
  const series = chartSeries(rows, (group) => ({ net_worth: group[group.length - 1].net_worth, net_change: sumOf(group, (row) => row.net_change) }));
  const unit = series.yearly ? 'year' : 'period';
  return (
    <ChartFigure caption={`Net worth at the end of each ${unit} (solid line) and the ${unit}'s net change (dashed line).`}>
      <LineChart data={series.points} onClick={periodClick(series.opens, onOpen)} title="Net Worth" desc="Net worth and net change per period; the table lists the same figures.">
        {moneyChartFrame(['net_worth', 'net_change'])}
        <Line dataKey="net_worth" name="Net Worth" stroke={palette.blue} strokeWidth={3} dot={{ r: 4, fill: palette.blue }} isAnimationActive={false} />
        <Line
          dataKey="net_change"
          name="Net Change"
          stroke={palette.vermillion}
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={squareDot}
          legendType="square"
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFigure>
  );
}
