/**
 * `useWriteAction()`: every save, delete, copy or close the person starts goes through `run`, so each screen
 * asks, reports and refuses the same way:
 *
 * 1. `question` (optional) is asked first with `confirm()` (Yes / No); "No" ends it without a request.
 * 2. `progress` (optional) shows while the request runs ("Copying...").
 * 3. `write` sends it (an RTK Query mutation's `.unwrap()`).
 * 4. Success shows `success` ("Bank Account saved.") and `run` resolves true. When the write answers a
 *    `Recorded` result (its activity entry), the message offers "Undo" and stays 10 s.
 * 5. A refusal shows `failure` followed by the server's reasons ("Bank Account not saved. Name can't be
 *    blank"; the reasons alone when there is no `failure`), hands the refusal to `onRefused` (fields, rows, a
 *    409's "Reload": `refusal.conflict`) and `run` resolves false. `lingers` keeps that message 10 s. Nothing is closed or reset: the dialog or
 *    edit mode stays open with every edit.
 *
 * `pending` is true while a write runs. `refusalAlert` is the last refusal as an alert the page can show (for
 * lists, where the message bar passes too quickly): the headline, then each reason on a line of its own. It stays
 * until dismissed or until a later write succeeds. A page that shows it says so (`{ refusalsOnPage: true }`): the
 * refusal is then said there only, not a second time in the message bar.
 *
 *   const { run, pending } = useWriteAction();
 *   const saved = await run({ write: () => save(body).unwrap(), success: 'Settings saved.', failure: 'Settings not saved.' });
 *   if (saved) onDone();
 */
import { Alert } from '../../components/Alert';
import { useCallback, useEffect, useRef, useState } from 'react';
import { asSentence, failureText, readServerRefusal, type ServerRefusal } from '../apiErrors';
import { useAppDispatch } from '../hooks';
import { recordedActivityId } from '../recordedWrites';
import { confirm, type ConfirmOptions } from '../../components/confirm';
import { errorShown, infoShown, lingeringErrorShown } from './messagesSlice';

export interface WriteAction {
  question?: ConfirmOptions;
  progress?: string;
  write: () => Promise<unknown>;
  success: string;
  failure?: string;
  onRefused?: (refusal: ServerRefusal) => void;
  /** The screen shows the refusal itself (at its rows, with its reasons): no pop-up says it a second time. */
  shownByScreen?: boolean;
  /** The refusal is worth reading slowly (an undo refused because of a newer change): its message stays 10 s. */
  lingers?: boolean;
}

interface ShownRefusal {
  headline: string;
  reasons: string[];
}

/** A refusal in the page: the headline, then one reason a line; it comes into view when it appears. */
function RefusalAlert({ refusal, onClose }: { refusal: ShownRefusal; onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Optional: not every environment lays pages out (jsdom has no scrollIntoView).
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refusal]);
  const [first, ...rest] = refusal.headline ? [refusal.headline, ...refusal.reasons] : refusal.reasons;
  return (
    <div ref={box}>
      <Alert
        type="error"
        showIcon
        closable
        role="alert"
        className="ec-refusal-alert"
        title={first}
        description={
          rest.length > 0 ? (
            <ul className="ec-refusal-reasons">
              {rest.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : undefined
        }
        onClose={onClose}
      />
    </div>
  );
}

export function useWriteAction({ refusalsOnPage = false }: { refusalsOnPage?: boolean } = {}) {
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState(false);
  const [lastRefusal, setLastRefusal] = useState<ShownRefusal | null>(null);

  const run = useCallback(
    async ({ question, progress, write, success, failure, onRefused, shownByScreen = false, lingers }: WriteAction): Promise<boolean> => {
      if (question && !(await confirm(question))) return false;
      if (progress) dispatch(infoShown(progress));
      setPending(true);
      try {
        const activityId = recordedActivityId(await write());
        setLastRefusal(null);
        dispatch(infoShown(success, activityId === null ? {} : { undoActivityId: activityId }));
        return true;
      } catch (error) {
        const refusal = readServerRefusal(error);
        const text = failureText(failure, refusal);
        setLastRefusal({ headline: failure ? asSentence(failure) : '', reasons: refusal.messages.map(asSentence) });
        if (!shownByScreen && !refusalsOnPage) dispatch(lingers ? lingeringErrorShown(text) : errorShown(text));
        onRefused?.(refusal);
        return false;
      } finally {
        setPending(false);
      }
    },
    [dispatch, refusalsOnPage],
  );

  const refusalAlert = lastRefusal && <RefusalAlert refusal={lastRefusal} onClose={() => setLastRefusal(null)} />;
  return { run, pending, refusalAlert };
}
