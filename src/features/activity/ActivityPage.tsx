import { Button, Select, Space } from 'antd';
import { useState } from 'react';
import { apiErrorText } from '../../platform/apiErrors';
import { LoadError } from '../../components/LoadError';
import { PageTitle } from '../../components/PageTitle';
import { useGetBudgetsQuery } from '../budgets/budgetsApi';
import { useGetMembersQuery } from '../members/membersApi';
import { useGetActivityQuery } from './activityApi';
import { ActivityList } from './ActivityList';
import './activity.css';
import { GuideNextStep } from '../guide';

/** Who did what, newest first: by person and by budget, a page at a time. */
export default function ActivityPage() {
  const [userId, setUserId] = useState<number | undefined>();
  const [budgetId, setBudgetId] = useState<number | undefined>();
  // The pages seen so far: each one starts before the last entry of the one before it.
  const [pages, setPages] = useState<number[]>([]);
  const beforeId = pages.at(-1);
  const activity = useGetActivityQuery({ userId, budgetId, beforeId }, { refetchOnMountOrArgChange: true, pollingInterval: 30_000 });
  const members = useGetMembersQuery();
  const budgets = useGetBudgetsQuery();

  const filter = (set: (id: number | undefined) => void) => (id: number | undefined) => {
    set(id);
    setPages([]);
  };

  return (
    <section aria-label="Activity" className="ec-activity">
      <PageTitle title="Activity" />
      <Space wrap className="ec-activity__filters">
        <Select
          allowClear
          aria-label="Person"
          placeholder="Everyone"
          className="ec-activity__filter"
          value={userId}
          onChange={filter(setUserId)}
          options={(members.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label="Budget"
          placeholder="All budgets"
          className="ec-activity__filter"
          value={budgetId}
          onChange={filter(setBudgetId)}
          options={(budgets.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
        />
      </Space>
      {activity.isError ? (
        <LoadError message={apiErrorText(activity.error)} onRetry={activity.refetch} />
      ) : (
        <ActivityList entries={activity.data?.entries} loading={activity.isFetching && !activity.data} />
      )}
      <Space className="ec-activity__pages">
        <Button disabled={pages.length === 0} onClick={() => setPages(pages.slice(0, -1))}>
          Newer
        </Button>
        <Button disabled={!activity.data?.next_before_id} onClick={() => setPages([...pages, activity.data!.next_before_id!])}>
          Older
        </Button>
      </Space>
      {activity.data?.entries.length === 0 && userId === undefined && budgetId === undefined && pages.length === 0 && (
        <GuideNextStep missing="Nothing has been changed in this household yet: each change either partner makes is listed here." />
      )}
    </section>
  );
}
