import type { ReactElement, ReactNode } from 'react';
import { CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MouseHandlerDataParam } from 'recharts';
import { useNarrowScreen } from '../../../platform/useNarrowScreen';
import { formatMoney } from '../../../shared/money';

/** Okabe–Ito colours, told apart with the common kinds of colour blindness; every series also has its own pattern or line style. */
export const palette = { blue: '#0072B2', orange: '#E69F00', green: '#009E73', vermillion: '#D55E00', grey: '#8c8c8c' };

/** Tooltip lines in the text colour: the series colours are for shapes and fall below 4.5:1 as text. */
export const tooltipItemStyle = { color: 'rgba(0, 0, 0, 0.88)' };

/** Fill references of the patterns `ChartPatterns` defines. */
export const fills = { hatchedOrange: 'url(#ec-hatched-orange)', hatchedVermillion: 'url(#ec-hatched-vermillion)', dottedGreen: 'url(#ec-dotted-green)' };

function Hatched({ id, color }: { id: string; color: string }) {
  return (
    <pattern id={id} patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">
      <rect width="8" height="8" fill={color} fillOpacity={0.3} />
      <line x1="0" y1="0" x2="0" y2="8" stroke={color} strokeWidth="5" />
    </pattern>
  );
}

/** Hatched and dotted fills, so that columns differ by pattern as well as by colour. */
export function ChartPatterns() {
  return (
    <defs>
      <Hatched id="ec-hatched-orange" color={palette.orange} />
      <Hatched id="ec-hatched-vermillion" color={palette.vermillion} />
      <pattern id="ec-dotted-green" patternUnits="userSpaceOnUse" width="7" height="7">
        <rect width="7" height="7" fill={palette.green} fillOpacity={0.3} />
        <circle cx="3.5" cy="3.5" r="2.2" fill={palette.green} />
      </pattern>
    </defs>
  );
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** An axis tick of cents, short ("4.3K"): the exact figures are in the tooltip and the table. */
const moneyTick = (cents: number) => compact.format(cents / 100);

/** Legend and tooltip list the series in the given order (recharts sorts them by name otherwise). */
export const inOrder = (keys: readonly string[]) => (item: { dataKey?: unknown }) => keys.indexOf(String(item.dataKey));

/**
 * What the money charts share: a grid, the periods along the bottom, amounts up the side (short ticks; the
 * tooltip gives the exact figure), a legend and a line at 0. Elements, not a component: they go straight into a chart.
 */
export function moneyChartFrame(seriesOrder: readonly string[]) {
  const order = inOrder(seriesOrder);
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" />,
    <XAxis key="periods" dataKey="label" />,
    <YAxis key="amounts" tickFormatter={moneyTick} width={56} />,
    <Tooltip key="tooltip" formatter={(value) => formatMoney(Number(value))} itemSorter={order} itemStyle={tooltipItemStyle} />,
    <Legend key="legend" itemSorter={order} />,
    <ReferenceLine key="zero" y={0} stroke={palette.grey} />,
  ];
}

/** A click anywhere on a period's column or point opens that period's budget. */
export function periodClick(rows: ReadonlyArray<{ budget_id: number }>, open: (budgetId: number) => void) {
  return (state: MouseHandlerDataParam) => {
    const index = Number(state.activeTooltipIndex);
    const row = Number.isInteger(index) ? rows[index] : undefined;
    if (row) open(row.budget_id);
  };
}

/**
 * A chart with its caption. The chart is a picture of the table next to it, which screen readers read instead;
 * the caption says so.
 */
export function ChartFigure({ caption, children }: { caption: ReactNode; children: ReactElement }) {
  const narrow = useNarrowScreen();
  const height = narrow ? 260 : 320;
  return (
    <figure className="ec-report-chart">
      <figcaption>{caption}</figcaption>
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
      <p className="ec-report-hint">Click a period to open its budget. The table has the same figures.</p>
    </figure>
  );
}
