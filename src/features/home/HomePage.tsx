import { Card, Skeleton, Typography } from 'antd';
import { PageTitle } from '../../components/PageTitle';
import { GuideCard } from '../guide';
import { formatFullDate, isValidDate } from '../../shared/dates';
import { useGetLastUpdateQuery } from './homeApi';
import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { useGetActivityQuery } from '../activity/activityApi';
import { ActivityList } from '../activity';
import { StillToPay } from '../schedules';
import './home.css';

const recentUpdates = [
  'Sink Funds, Account Balances, Special Events and the three Reports are here.',
  'Partners: add a member in Settings › Members, see who changed what in Activity, and undo a save.',
  'Find Transactions searches the whole household; imports suggest each allocation from your history.',
  'An overspent allocation offers "Cover" to move money from another one.',
  'Quick Add records one transaction in seconds; on a phone, add its light page to the home screen.',
];

function LastTransactionDate() {
  const { data, isLoading, isError } = useGetLastUpdateQuery();
  if (isLoading) return <Skeleton.Input active size="small" style={{ width: 220 }} />;
  if (isError || !data || !isValidDate(data.transaction_date)) return <Typography.Text type="secondary">Not available</Typography.Text>;
  if (!data.has_transactions)
    return (
      <Typography.Text type="secondary">
        None yet: no transactions have been entered. <Link to={paths.quickAdd}>Add the first one with Quick Add</Link> or import your bank&apos;s export on{' '}
        <Link to={paths.transactions}>Transactions</Link>.
      </Typography.Text>
    );
  return <Typography.Text strong>{formatFullDate(data.transaction_date)}</Typography.Text>;
}

/** The household's last few changes, by either partner. */
function RecentActivity() {
  const { data, isLoading, isError } = useGetActivityQuery({ limit: 5 }, { refetchOnMountOrArgChange: true });
  if (isError) return <Typography.Text type="secondary">Not available</Typography.Text>;
  return <ActivityList entries={data?.entries} loading={isLoading} />;
}

export default function HomePage() {
  return (
    <div className="ec-home">
      <PageTitle title="Home" />
      <GuideCard />
      <Card title="Last Transaction Update" className="ec-home-card" extra={<Link to={paths.quickAdd}>Quick Add</Link>}>
        <div className="ec-home-last-update">
          <span>Last transaction entered:</span> <LastTransactionDate />
        </div>
      </Card>
      <StillToPay />
      <Card title="Recent activity" className="ec-home-card" size="small" extra={<Link to={paths.activity}>All activity</Link>}>
        <RecentActivity />
      </Card>
      <Card title="Recent updates" className="ec-home-card" size="small" extra={<Link to={paths.glossary}>Glossary</Link>}>
        <ul>
          {recentUpdates.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
