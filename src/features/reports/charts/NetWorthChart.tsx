import { Line, LineChart } from 'recharts';
import { periodLabel } from '../../../shared/reports';
import type { NetWorthRow } from '../../../shared/schemas/reports';
import { ChartFigure, moneyChartFrame, palette, periodClick } from './chartParts';

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
  const data = rows.map((row) => ({ ...row, label: periodLabel(row.period) }));
  return (
    <ChartFigure caption="Net worth at the end of each period (solid line) and the period's net change (dashed line).">
      <LineChart data={data} onClick={periodClick(rows, onOpen)} title="Net Worth" desc="Net worth and net change per period; the table lists the same figures.">
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
