import { Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useEffect } from 'react';
import type { Cents } from '../../shared/money';
import { HelpTip } from '../glossary';
import { AMOUNT_OWED_HINT, AMOUNT_OWED_LABEL, amountOwedNote, ENTERED_AS_AMOUNT_OWED } from '../../shared/amountOwed';
import { dateSchema, moneySchema, nameSchema } from '../../shared/schemas/common';
import { bankAccountBodySchema, type BankAccount } from '../../shared/schemas/setup';
import { BalanceInput } from '../../components/BalanceInput';
import {
  accountCategoryLabels,
  accountTypeLabels,
  BANK_ACCOUNT_LABELS as LABELS,
  bodyFromValues,
  importFormatLabels,
  newBankAccountValues,
  savedBalanceFor,
  valuesFromAccount,
  type BankAccountValues,
} from './bankAccountForm';
import { FormDialog } from '../../components/FormDialog';
import { OpeningBalanceNote, useDefaultOpeningDate } from './OpeningBalanceNote';
import { zodRule } from '../../components/formRules';
import { useCreateBankAccountMutation, useUpdateBankAccountMutation } from './bankAccountsApi';
import { useGetInstitutionsQuery } from './institutionsApi';
import { useDialogForm } from '../../components/useDialogForm';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const dayRule = (label: string) => zodRule(bankAccountBodySchema.shape.statement_day, label);
const valuesOf = (account?: BankAccount) => (account ? valuesFromAccount(account) : newBankAccountValues());

interface Props {
  open: boolean;
  /** The account being edited; none for "Add Bank Account". */
  account?: BankAccount;
  onDone: () => void;
}

/** Every detail of a bank account; statement and payment days only for credit cards. */
export function BankAccountDialog({ open, account, onDone }: Props) {
  const { form, saving, problems, save } = useDialogForm(open, account, valuesOf, LABELS);
  const accountType = Form.useWatch('account_type', form);
  const openingDate = Form.useWatch('opening_date', form);
  const defaultDate = useDefaultOpeningDate(!open || account !== undefined);
  useEffect(() => {
    // A default is not an edit: the field stays untouched, so Cancel does not ask "Close without saving?".
    if (defaultDate && form.getFieldValue('opening_date') === '') form.setFields([{ name: 'opening_date', value: defaultDate, touched: false }]);
  }, [defaultDate, form, openingDate]);
  const category = Form.useWatch('account_category', form);
  const owed = category !== undefined && ENTERED_AS_AMOUNT_OWED.has(category);
  const balanceLabel = owed ? AMOUNT_OWED_LABEL : LABELS.opening_balance;
  const entered = Form.useWatch('opening_balance', form) as Cents | undefined;
  const owedNote = owed && category !== undefined ? amountOwedNote(category, entered ?? 0, savedBalanceFor({ account_category: category }, account)) : null;
  const institutions = useGetInstitutionsQuery(undefined, { skip: !open });
  const [create] = useCreateBankAccountMutation();
  const [update] = useUpdateBankAccountMutation();

  const submit = async (values: BankAccountValues) => {
    const body = bodyFromValues(values, account);
    const write = () => (account ? update({ id: account.id, ...body }) : create(body)).unwrap();
    if (await save({ write, success: 'Bank Account saved.', failure: 'Bank Account not saved.' })) onDone();
  };

  return (
    <FormDialog
      title={account ? `Edit Bank Account: ${account.name}` : 'Add Bank Account'}
      open={open}
      form={form}
      saving={saving}
      problems={problems}
      onSubmit={submit}
      onCancel={onDone}
      changesTo="this bank account"
    >
      <Form.Item name="name" label={LABELS.name} rules={[zodRule(nameSchema, LABELS.name)]}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item name="account_type" label={LABELS.account_type}>
        <Radio.Group
          options={options(accountTypeLabels)}
          optionType="button"
          // A new credit card is money owed, not cash in hand; the person can still choose otherwise.
          onChange={(event) => {
            if (!account && event.target.value === 'credit_card') form.setFieldsValue({ account_category: 'liability', is_cash: false });
          }}
        />
      </Form.Item>
      <Form.Item name="account_category" label={LABELS.account_category}>
        <Radio.Group options={options(accountCategoryLabels)} optionType="button" />
      </Form.Item>
      <Form.Item name="is_cash" valuePropName="checked">
        <Checkbox>{LABELS.is_cash}</Checkbox>
      </Form.Item>
      <Form.Item name="institution_id" label={LABELS.institution_id}>
        <Select
          allowClear
          placeholder="None"
          loading={institutions.isLoading}
          options={(institutions.data ?? []).map(({ id, name }) => ({ value: id, label: name }))}
        />
      </Form.Item>
      <Form.Item name="account_no" label={LABELS.account_no}>
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="opening_balance"
        label={balanceLabel}
        rules={[zodRule(moneySchema, balanceLabel)]}
        extra={
          owed ? (
            <>
              {AMOUNT_OWED_HINT} <HelpTip term="amount-owed" />
              {owedNote && (
                <span role="status" className="ec-amount-owed-note">
                  {' '}
                  {owedNote}
                </span>
              )}
            </>
          ) : undefined
        }
      >
        <BalanceInput />
      </Form.Item>
      <Form.Item
        name="opening_date"
        label={LABELS.opening_date}
        rules={[zodRule(dateSchema, LABELS.opening_date)]}
        extra={<OpeningBalanceNote openingDate={openingDate} correcting={account !== undefined} />}
      >
        <Input type="date" />
      </Form.Item>
      <Form.Item name="import_format" label={LABELS.import_format}>
        <Select allowClear placeholder="None" options={options(importFormatLabels)} />
      </Form.Item>
      <Form.Item name="status" label={LABELS.status}>
        <Radio.Group options={[{ value: 'open', label: 'Open' }, { value: 'closed', label: 'Closed' }]} optionType="button" />
      </Form.Item>
      {accountType === 'credit_card' && (
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="statement_day" label={LABELS.statement_day} rules={[dayRule(LABELS.statement_day)]}>
              <InputNumber inputMode="numeric" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="payment_due_day" label={LABELS.payment_due_day} rules={[dayRule(LABELS.payment_due_day)]}>
              <InputNumber inputMode="numeric" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </FormDialog>
  );
}
