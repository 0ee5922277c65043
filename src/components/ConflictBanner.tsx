import { Alert } from './Alert';
import { Button } from './Button';

const WHAT_RELOAD_DOES = {
  kept: 'Your changes are still here. Reload to bring in the other changes; your edits stay on top, then save again.',
  dropped: 'Reload to bring in the other changes; what you typed here is replaced by them.',
} as const;

interface Props {
  /** The server's refusal: someone else saved first. */
  message: string;
  /** What Reload does with the person's edits: kept on top of the fresh copy, or replaced by it. */
  edits: keyof typeof WHAT_RELOAD_DOES;
  onReload: () => void;
  reloading?: boolean;
}

/** A 409's banner: someone else saved first; "Reload" brings in their change. Drawn without antd: the budget detail loads antd's Table alone. */
export function ConflictBanner({ message, edits, onReload, reloading = false }: Props) {
  return (
    <Alert
      type="warning"
      showIcon
      title={message}
      description={WHAT_RELOAD_DOES[edits]}
      action={
        <Button size="small" onClick={onReload} loading={reloading}>
          Reload
        </Button>
      }
    />
  );
}
