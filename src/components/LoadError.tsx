import { Alert } from './Alert';
import { Button } from './Button';

/** A page's data failed to load: the reason (already turned into text by the caller) and a "Retry" that loads it again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          Retry
        </Button>
      }
    />
  );
}
