// The setup area's public face: Account Balances names account types as the bank account dialog does.
export { accountTypeLabels } from './bankAccountForm';
