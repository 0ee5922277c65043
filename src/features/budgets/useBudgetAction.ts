import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { confirm, type ConfirmOptions } from '../../components/confirm';
import { errorShown, infoShown } from '../messages/messagesSlice';
import { apiErrorMessages } from '../../app/apiErrors';

export interface BudgetAction {
  /** Asked first; "No" ends the action without a request. */
  question?: ConfirmOptions;
  progress?: string;
  success: string;
  /** The failure headline; the server's reason follows it. */
  failure?: string;
  run: () => Promise<unknown>;
}

/** Confirm, say what is happening, then say how it went (with the server's reason when it refused). */
export function useBudgetAction() {
  const dispatch = useAppDispatch();
  return useCallback(
    async ({ question, progress, success, failure, run }: BudgetAction): Promise<boolean> => {
      if (question && !(await confirm(question))) return false;
      if (progress) dispatch(infoShown(progress));
      try {
        await run();
        dispatch(infoShown(success));
        return true;
      } catch (error) {
        const reasons = apiErrorMessages(error);
        dispatch(errorShown((failure ? [failure, ...reasons] : reasons).join(' ')));
        return false;
      }
    },
    [dispatch],
  );
}
