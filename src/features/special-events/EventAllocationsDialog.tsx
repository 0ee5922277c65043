import { Alert } from 'antd';
import { type ReactNode, useState } from 'react';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { Dialog } from '../../components/Dialog';

/**
 * An event's allocations saved in one write, in the area's words: a refusal's reasons stay in the dialog (it
 * stays open), a save closes it.
 */
export function useEventAllocationsSave(onDone: () => void) {
  const { run, pending: saving } = useWriteAction();
  const [problems, setProblems] = useState<string[]>([]);
  const save = async (write: () => Promise<unknown>) => {
    const saved = await run({ write, success: 'Special Event saved.', failure: 'Special Event not saved.', onRefused: (refusal) => setProblems(refusal.messages) });
    if (saved) onDone();
  };
  return { save, saving, problems, setProblems };
}

interface EventAllocationsDialogProps {
  title: string;
  width: number;
  saving: boolean;
  problems: string[];
  onSave: () => void;
  onCancel: () => void;
  /** shown above the reasons a save was refused */
  note?: ReactNode;
  children: ReactNode;
}

/** The frame of the dialogs that add or adjust an event's allocations: a form whose Enter or Save saves. */
export function EventAllocationsDialog({ title, width, saving, problems, onSave, onCancel, note, children }: EventAllocationsDialogProps) {
  return (
    <Dialog
      title={title}
      open
      width={{ xs: '100%', sm: width }}
      className="ec-adjust-allocations-dialog"
      okText="Save"
      cancelText="Cancel"
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      onCancel={onCancel}
      modalRender={(dialog) => (
        <form
          onSubmit={(submitEvent) => {
            submitEvent.preventDefault();
            onSave();
          }}
        >
          {dialog}
        </form>
      )}
    >
      <div className="ec-adjust-allocations">
        {note}
        {problems.length > 0 && <Alert type="error" showIcon role="alert" title={problems.join(' ')} />}
        {children}
      </div>
    </Dialog>
  );
}
