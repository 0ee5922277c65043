import { Alert, Button, Form, Input, Radio, Select } from 'antd';
import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { ConflictBanner } from '../../components/ConflictBanner';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { useEffect, useRef, useState } from 'react';
import { MissingSetupNotice, type MissingSetup } from '../../components/MissingSetupNotice';
import { PageLoading } from '../../components/PageLoading';
import { PageTitle } from '../../components/PageTitle';
import { HelpTip } from '../glossary';
import { partnerName } from '../../shared/incomeOwners';
import { blankableNameSchema, nameSchema } from '../../shared/schemas/common';
import type { FamilyType, Settings, SettingsBody, SplitRule } from '../../shared/schemas/setup';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { showRefusalOnForm, zodRule } from '../../components/formRules';
import { GuideChecklist } from '../guide';
import { useGetAllocationCategoriesQuery } from './categoriesApi';
import { useGetBankAccountsQuery } from './bankAccountsApi';
import { useGetSettingsQuery, useSaveSettingsMutation } from './settingsApi';

interface SettingsValues {
  family_type: FamilyType;
  single_person: string;
  husband: string;
  wife: string;
  split_rule: SplitRule;
  primary_budget_account_id?: number;
  default_allocation_category_id_for_special_events?: number;
}

const LABELS = {
  primary_budget_account_id: 'Primary Budget Account',
  default_allocation_category_id_for_special_events: 'Default Allocation Category for Special Events',
  family_type: 'Type of Household',
  single_person: "Person's Name",
  // The API keeps the fields' old names (wife, husband); the person sees two partners.
  husband: "Second Partner's Name",
  wife: "First Partner's Name",
  split_rule: 'Discretionary Split',
} as const satisfies Record<keyof SettingsValues, string>;

const valuesFrom = (settings: Settings): SettingsValues => ({
  family_type: settings.family_type,
  single_person: settings.single_person,
  husband: settings.husband,
  wife: settings.wife,
  split_rule: settings.split_rule ?? 'even',
  primary_budget_account_id: settings.primary_budget_account_id ?? undefined,
  default_allocation_category_id_for_special_events: settings.default_allocation_category_id_for_special_events ?? undefined,
});

const nameRule = (label: string) => [zodRule(nameSchema, label)];
// Blank names: the placeholders show the stand-ins the summary and the Whose column use.
const PLACEHOLDER_PARTNERS = { wife: '', husband: '' };

export default function SettingsPage() {
  const settings = useGetSettingsQuery();
  const accounts = useGetBankAccountsQuery();
  const categories = useGetAllocationCategoriesQuery();
  const [save, { isLoading: saving }] = useSaveSettingsMutation();
  const { run } = useWriteAction();
  const [form] = Form.useForm<SettingsValues>();
  const familyType = Form.useWatch('family_type', form);
  // The version the form's values came from: sent with the save so another person's change is never overwritten.
  const lockVersion = useRef<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  // Edited since the form was last filled from the server (loaded, saved or reloaded).
  const [dirty, setDirty] = useState(false);

  const fill = (loaded: Settings) => {
    form.setFieldsValue(valuesFrom(loaded));
    lockVersion.current = loaded.lock_version;
    setDirty(false);
  };

  useEffect(() => {
    // Only the first load fills the form; later refetches never overwrite what the person is typing.
    if (settings.data && lockVersion.current === null) fill(settings.data);
  });

  const submit = async () => {
    const values = form.getFieldsValue(true) as SettingsValues;
    const body: SettingsBody = {
      family_type: values.family_type,
      single_person: values.single_person.trim(),
      husband: values.husband.trim(),
      wife: values.wife.trim(),
      split_rule: values.split_rule,
      primary_budget_account_id: values.primary_budget_account_id ?? null,
      default_allocation_category_id_for_special_events: values.default_allocation_category_id_for_special_events ?? null,
      lock_version: lockVersion.current ?? undefined,
    };
    const saved = await run({
      write: async () => fill(await save(body).unwrap()),
      success: 'Settings saved.',
      failure: 'Settings not saved.',
      onRefused: (refusal) => {
        if (refusal.conflict) {
          setConflict(refusal.messages.join(' '));
          setProblems([]);
        } else {
          setProblems(showRefusalOnForm(form, refusal, LABELS));
        }
      },
    });
    if (saved) {
      setProblems([]);
      setConflict(null);
    }
  };

  const reload = async () => {
    const result = await settings.refetch();
    if (result.data) {
      fill(result.data);
      setConflict(null);
      setProblems([]);
    }
  };

  const missing: MissingSetup[] = [];
  if (accounts.data?.length === 0) missing.push('accounts');
  if (categories.data?.length === 0) missing.push('categories');

  return (
    <section aria-label="Settings" className="ec-setup-page ec-settings">
      <PageTitle title="Settings" />
      {missing.length > 0 ? <MissingSetupNotice missing={missing} /> : <GuideChecklist />}
      {!settings.data ? (
        settings.isLoading && <PageLoading />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} onValuesChange={() => setDirty(true)} className="ec-settings__form">
          {conflict && <ConflictBanner message={conflict} edits="dropped" onReload={() => void reload()} reloading={settings.isFetching} />}
          {problems.length > 0 && <Alert type="error" showIcon role="alert" title={problems.join(' ')} />}
          <Form.Item name="primary_budget_account_id" label={LABELS.primary_budget_account_id}>
            <Select
              allowClear
              placeholder="None"
              loading={accounts.isLoading}
              options={(accounts.data ?? []).map(({ id, name }) => ({ value: id, label: name }))}
            />
          </Form.Item>
          <Form.Item name="default_allocation_category_id_for_special_events" label={LABELS.default_allocation_category_id_for_special_events}>
            <Select
              allowClear
              placeholder="None"
              loading={categories.isLoading}
              options={(categories.data ?? []).map(({ id, name }) => ({ value: id, label: name }))}
            />
          </Form.Item>
          <Form.Item name="family_type" label={LABELS.family_type}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'single', label: 'Single' },
                { value: 'couple', label: 'Couple' },
              ]}
            />
          </Form.Item>
          {familyType === 'single' ? (
            <Form.Item name="single_person" label={LABELS.single_person} rules={nameRule(LABELS.single_person)}>
              <Input maxLength={200} autoComplete="off" />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="wife" label={LABELS.wife} rules={[zodRule(blankableNameSchema, LABELS.wife)]}>
                <Input maxLength={200} autoComplete="off" placeholder={partnerName(PLACEHOLDER_PARTNERS, 'wife')} />
              </Form.Item>
              <Form.Item name="husband" label={LABELS.husband} rules={[zodRule(blankableNameSchema, LABELS.husband)]}>
                <Input maxLength={200} autoComplete="off" placeholder={partnerName(PLACEHOLDER_PARTNERS, 'husband')} />
              </Form.Item>
              <Form.Item
                name="split_rule"
                label={
                  <>
                    {LABELS.split_rule} <HelpTip term="discretionary" />
                  </>
                }
                extra="50/50: the discretionary money is split evenly. By income: each partner's share follows the incomes marked as theirs in the budget (shared incomes count half to each)."
              >
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'even', label: '50/50' },
                    { value: 'income', label: 'By income' },
                  ]}
                />
              </Form.Item>
            </>
          )}
          <Button type="primary" htmlType="submit" loading={saving}>
            Save Settings
          </Button>
        </Form>
      )}
      <UnsavedChangesGuard dirty={dirty} changesTo="the settings" />
      <p className="ec-settings__your-data">
        <Link to={paths.yourData}>Your data: export, import, bring your history from YNAB or Actual</Link>
      </p>
    </section>
  );
}
