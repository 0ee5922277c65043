import { Button, Select } from 'antd';
import { useMemo } from 'react';
import { periodLabel, periodOf } from '../../shared/reports';
import { useGetBudgetsQuery } from '../budgets/budgetsApi';
import type { ReportRange } from './reportsApi';

const NO_BUDGETS: never[] = [];

/**
 * "From" and "To": the periods of the household's budgets. Without a choice in the URL the report shows the
 * last 12 budgets, and the pickers show the periods it covers (`shown`).
 */
export function PeriodRangePicker({
  range,
  shown,
  onChange,
}: {
  range: ReportRange;
  shown: { from?: string; to?: string };
  onChange: (range: ReportRange) => void;
}) {
  const { data: budgets = NO_BUDGETS } = useGetBudgetsQuery();
  const periods = useMemo(() => [...new Set(budgets.map((budget) => periodOf(budget.end_date)))].sort(), [budgets]);
  const from = range.from ?? shown.from;
  const to = range.to ?? shown.to;
  const option = (period: string, disabled: boolean) => ({ value: period, label: periodLabel(period), disabled });
  return (
    <div className="ec-report-range" role="group" aria-label="Periods">
      <label>
        From
        <Select
          aria-label="From"
          value={from}
          options={periods.map((period) => option(period, !!to && period > to.slice(0, 7)))}
          onChange={(value: string) => onChange({ from: value, to })}
        />
      </label>
      <label>
        To
        <Select
          aria-label="To"
          value={to}
          options={periods.map((period) => option(period, !!from && period < from.slice(0, 7)))}
          onChange={(value: string) => onChange({ from, to: value })}
        />
      </label>
      {(range.from || range.to) && <Button onClick={() => onChange({})}>Last 12 Budgets</Button>}
    </div>
  );
}
