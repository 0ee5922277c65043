// The reconcile flow's public face: the transactions window and Account Balances both open this one dialog.
export { ReconcileDialog, type ReconcilableAccount } from './ReconcileDialog';
