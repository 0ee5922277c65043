import { Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { Money } from '../../components/Money';
import { daysInMonth, fromParts, today } from '../../shared/dates';
import { stillToPay, type StillToPayRow } from '../../shared/schedules/stillToPay';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';
import { DueBills } from './DueBills';
import { useGetUpcomingQuery } from './schedulesApi';

const columns: ColumnsType<StillToPayRow> = [
  { title: 'Bank Account', dataIndex: 'name' },
  { title: 'Still to pay', dataIndex: 'total', align: 'right', render: (cents: number) => <Money cents={cents} /> },
  { title: 'Balance after bills', dataIndex: 'balance_after', align: 'right', render: (cents: number) => <Money cents={cents} /> },
];

/** Home: what the schedules still take or bring this month, per account, and each balance after it. */
export function StillToPay() {
  const todayDate = today();
  const year = Number(todayDate.slice(0, 4));
  const month = Number(todayDate.slice(5, 7));
  const monthEnd = fromParts(year, month, daysInMonth(year, month));
  const { data: upcoming = [], isLoading } = useGetUpcomingQuery({ from: todayDate, to: monthEnd });
  const { data: accounts = [] } = useGetBankAccountsQuery({ includeCurrentBalance: true });
  const rows = stillToPay(upcoming, accounts);
  return (
    <Card title="Still to pay this month" className="ec-home-card" size="small" extra={<Link to={paths.scheduled}>Scheduled</Link>}>
      <DueBills />
      {rows.length === 0 && !isLoading ? (
        <Typography.Text type="secondary">Nothing scheduled for the rest of this month.</Typography.Text>
      ) : (
        <Table<StillToPayRow> rowKey="bank_account_id" size="small" loading={isLoading} dataSource={rows} columns={columns} pagination={false} />
      )}
    </Card>
  );
}
