import { AntdTheme } from './AntdTheme';
import { Dialog } from './Dialog';

/** "Leave without saving?": the question of UnsavedChangesGuard, loaded with antd when it is first asked. */
export default function LeaveDialog({ open, changesTo, onLeave, onStay }: { open: boolean; changesTo: string; onLeave: () => void; onStay: () => void }) {
  return (
    <AntdTheme>
      <Dialog title="Leave without saving?" open={open} okText="Yes" cancelText="No" onOk={onLeave} onCancel={onStay}>
        You have unsaved changes to {changesTo}. Leave this page and lose them?
      </Dialog>
    </AntdTheme>
  );
}
