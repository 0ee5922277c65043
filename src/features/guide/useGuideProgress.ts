import { useAppSelector } from '../../platform/hooks';
import { useGetBudgetsQuery } from '../budgets/budgetsApi';
import { useGetLastUpdateQuery } from '../home/homeApi';
import { useGetBankAccountsQuery } from '../setup/bankAccountsApi';
import { guideSteps, type GuideStep } from './guideSteps';
import { useGuideSkips } from './guideSkips';

export type GuideStepState = 'done' | 'skipped' | 'todo';

interface GuideProgress {
  /** False until every answer the steps depend on has arrived. */
  ready: boolean;
  steps: { step: GuideStep; state: GuideStepState }[];
  /** The first step neither done nor skipped; undefined once the guide is through. */
  next?: GuideStep;
  skip: (step: GuideStep['id']) => void;
  unskip: (step: GuideStep['id']) => void;
  skipAll: () => void;
}

/** Which steps the household's data shows done (never stored: both partners see the same). */
export function useGuideDone({ askAfresh }: { askAfresh: boolean }): { ready: boolean; done: Record<GuideStep['id'], boolean> } {
  const fresh = { refetchOnMountOrArgChange: askAfresh };
  const accounts = useGetBankAccountsQuery(undefined, fresh);
  const budgets = useGetBudgetsQuery(undefined, fresh);
  const lastUpdate = useGetLastUpdateQuery(undefined, fresh);
  return {
    ready: accounts.isSuccess && budgets.isSuccess && lastUpdate.isSuccess,
    done: {
      accounts: (accounts.data?.length ?? 0) > 0,
      budget: (budgets.data?.length ?? 0) > 0,
      entries: lastUpdate.data?.has_transactions ?? false,
      reconcile: (accounts.data ?? []).some((account) => account.reconciled_through !== null),
    },
  };
}

/** Where the household stands in the guided start: each step done (from its data), skipped (by the person) or to do. */
export function useGuideProgress(): GuideProgress {
  const uid = useAppSelector((state) => state.auth.user?.uid ?? '');
  // Asked afresh on each visit: a partner (or an import, or the CLI) may have done a step since.
  const { ready, done } = useGuideDone({ askAfresh: true });
  const { skipped, skip, unskip, skipAll } = useGuideSkips(uid);

  const steps = guideSteps.map((step) => ({
    step,
    state: (done[step.id] ? 'done' : skipped.includes(step.id) ? 'skipped' : 'todo') as GuideStepState,
  }));
  return {
    ready,
    steps,
    next: steps.find(({ state }) => state === 'todo')?.step,
    skip,
    unskip,
    skipAll: () => skipAll(guideSteps.map((step) => step.id)),
  };
}
