import { useAppDispatch, useAppSelector } from '../hooks';
import { retryQuery } from '../retryQuery';
import { messageDismissed } from './messagesSlice';

/**
 * The blue (info) or red (error) banner of the current message, with "Retry" on a failed load and "Undo" on a
 * confirmed change (where the page gives `onUndo`: signed in).
 */
export function MessageBar({ className = '', onUndo }: { className?: string; onUndo?: (activityId: number) => void }) {
  const message = useAppSelector((state) => state.messages.current);
  const dispatch = useAppDispatch();
  return (
    <div className={`ec-message-area ${className}`} aria-live="polite">
      {message && (
        <div key={message.id} className={`ec-message ec-message-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          <span className="ec-message-text">{message.text}</span>
          {message.retry && (
            <button
              type="button"
              className="ec-message-action"
              onClick={() => {
                dispatch(messageDismissed(message.id));
                if (message.retry) dispatch(retryQuery(message.retry));
              }}
            >
              Retry
            </button>
          )}
          {message.undoActivityId !== undefined && onUndo && (
            <button
              type="button"
              className="ec-message-action"
              onClick={() => {
                dispatch(messageDismissed(message.id));
                if (message.undoActivityId !== undefined) onUndo(message.undoActivityId);
              }}
            >
              Undo
            </button>
          )}
          <button type="button" className="ec-message-close" aria-label="Dismiss message" onClick={() => dispatch(messageDismissed(message.id))}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
