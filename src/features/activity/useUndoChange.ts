import type { ConfirmOptions } from '../../components/confirm';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { useUndoActivityMutation } from './activityApi';

const undoMessages = { undoing: 'Undoing...', undone: 'Change undone.', notUndone: 'Not undone.' } as const;

/**
 * Undoes a change by its activity entry, from the Activity list (after asking) or from the message that
 * confirmed it. A refusal (something newer touched the same rows) names that change and stays to be read.
 */
export function useUndoChange({ refusalsOnPage = false }: { refusalsOnPage?: boolean } = {}) {
  const [undo] = useUndoActivityMutation();
  const { run, refusalAlert } = useWriteAction({ refusalsOnPage });
  const undoChange = (activityId: number, question?: ConfirmOptions) =>
    run({
      question,
      progress: undoMessages.undoing,
      write: () => undo(activityId).unwrap(),
      success: undoMessages.undone,
      failure: undoMessages.notUndone,
      lingers: true,
    });
  return { undoChange, refusalAlert };
}
