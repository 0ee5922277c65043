// The budgets area's public face: a special event's page lists an allocation's transactions with this dialog.
export { default as AllocationTransactionsDialog, type SpentTarget } from './AllocationTransactionsDialog';
