import { Alert, Button, Card, Checkbox, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { apiErrorText } from '../../platform/apiErrors';
import { PageTitle } from '../../components/PageTitle';
import { usePageHeading } from '../../components/usePageHeading';
import { HISTORY_FILE_MAX_BYTES, type HistoryChoices } from '../../shared/schemas/history';
import { HOUSEHOLD_DATA_OWNERS_ONLY, HOUSEHOLD_IMPORT_MAX_BYTES, type ImportedPerson, type ImportResult } from '../../shared/schemas/householdData';
import { tokenValidated } from '../../platform/authSlice';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { useGetMembersQuery } from '../members/membersApi';
import { DOWNLOADS, type DownloadKind, useDownloadMutation, useImportHistoryMutation, useImportHouseholdMutation, usePreviewHistoryMutation, usePreviewHouseholdImportMutation } from './yourDataApi';
import { historyBody, readText, withChoice, type YnabChoice } from './historyFiles';
import { HistoryPreviewTables } from './HistoryPreviewTables';
import { counted } from '../../shared/wording';
import './yourData.css';

function saveFile(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** Said before a file beyond the server's limit is read or sent: the server would refuse it (413) anyway. */
const tooLarge = (files: Array<File | null>, limit: number) => {
  const large = files.find((file) => file && file.size > limit);
  return large ? `${large.name} is larger than ${megabytes(limit)}, the most EveryCent reads from one file.` : null;
};

function Problems({ error }: { error: unknown }) {
  if (!error) return null;
  return <Alert type="error" showIcon title={apiErrorText(error)} />;
}

function ExportSection() {
  const [download, { isLoading, error }] = useDownloadMutation();
  const [busy, setBusy] = useState<DownloadKind | null>(null);
  const get = async (kind: DownloadKind) => {
    setBusy(kind);
    try {
      const file = await download(kind).unwrap();
      saveFile(file.name, file.type, file.text);
    } catch {
      // Shown below from the mutation's error.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title="Export your household" className="your-data-card">
      <Typography.Paragraph>
        Everything your household keeps here, in one file another EveryCent can import: settings, members (without passwords), categories, institutions,
        accounts, budgets, transactions, envelopes, special events and activity. Or the transactions and budgets as spreadsheets.
      </Typography.Paragraph>
      <Space wrap>
        {(Object.keys(DOWNLOADS) as DownloadKind[]).map((kind) => (
          <Button key={kind} type={kind === 'export' ? 'primary' : 'default'} loading={isLoading && busy === kind} onClick={() => void get(kind)}>
            {DOWNLOADS[kind].label}
          </Button>
        ))}
      </Space>
      <Problems error={error} />
    </Card>
  );
}

/** The people the file names: ticked ones are added as members when the import runs; passwords never travel. */
function PeopleToInvite({ people, declined, toggle }: { people: ImportedPerson[]; declined: ReadonlySet<number>; toggle: (id: number) => void }) {
  const others = people.filter((p) => !p.here);
  return (
    <>
      <Typography.Title level={5}>People in the file</Typography.Title>
      {others.length > 0 && (
        <Typography.Paragraph>
          Passwords do not travel. Each person ticked is added as a member, as Members adds a person, with a temporary password shown once when the import
          is done, for you to hand them; they choose their own at their first sign-in. Someone who was an owner there comes in as a member: make them an owner
          in Members once they have signed in.
        </Typography.Paragraph>
      )}
      <ul className="your-data-people" aria-label="People in the file">
        {people.map((person) => (
          <li key={person.id}>
            {person.here ? (
              <span>
                {person.name} ({person.email}): already a member here
              </span>
            ) : (
              <Checkbox checked={!declined.has(person.id)} onChange={() => toggle(person.id)} aria-label={`Invite ${person.name}`}>
                {person.name} ({person.email}){person.role_in_file === 'owner' ? ', an owner there' : ''}:{' '}
                <strong>{declined.has(person.id) ? 'will not be added' : 'will be invited'}</strong>
              </Checkbox>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What the import did, and what the owner must hand each invited person (shown this once). */
function ImportDone({ result }: { result: ImportResult }) {
  const { imported, invited, not_added } = result;
  return (
    <div className="your-data-preview" aria-label="Import result">
      <Alert
        type="success"
        showIcon
        title={`Imported ${imported.budgets} budgets, ${imported.bank_accounts} accounts and ${imported.transactions} transactions. This household is now "${result.household_name}".`}
      />
      {invited.length > 0 && (
        <>
          <Typography.Title level={5}>Hand each their temporary password</Typography.Title>
          <Typography.Paragraph>
            Shown this once. {counted(invited.length, 'person was', 'people were')} added as members; each signs in with their email and this password, then
            chooses their own.
          </Typography.Paragraph>
          <ul className="your-data-people" aria-label="Invited">
            {invited.map((person) => (
              <li key={person.email}>
                {person.name} ({person.email}): <Typography.Text code copyable>{person.temporary_password}</Typography.Text>
              </li>
            ))}
          </ul>
        </>
      )}
      {not_added.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={`Not added: ${not_added.map((p) => `${p.name} (${p.email})`).join(', ')}. Their history reads with their name; add them in Members to let them in.`}
        />
      )}
    </div>
  );
}

function ImportSection() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const [preview, previewState] = usePreviewHouseholdImportMutation();
  const [importHousehold, importState] = useImportHouseholdMutation();
  const [file, setFile] = useState<File | null>(null);
  const [declined, setDeclined] = useState<ReadonlySet<number>>(new Set());
  const overLimit = tooLarge([file], HOUSEHOLD_IMPORT_MAX_BYTES);
  const shown = previewState.data;
  const done = importState.data;
  const toggle = (id: number) =>
    setDeclined((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const runImport = async () => {
    if (!file || !shown) return;
    const invite = shown.members.filter((p) => !p.here && !declined.has(p.id)).map((p) => p.id);
    const result = await importHousehold({ text: await readText(file), invite })
      .unwrap()
      .catch(() => undefined);
    // The toolbar shows the household's name: it is the file's now.
    if (result && user) dispatch(tokenValidated({ ...user, household_name: result.household_name }));
  };
  return (
    <Card title="Import an EveryCent export" className="your-data-card">
      <Typography.Paragraph>
        Into this household while it is still empty, from this install or another: every figure comes out as it was there, the household takes its name, and
        the people it names can be invited. See what will happen first, then import.
      </Typography.Paragraph>
      <Space wrap>
        <input
          type="file"
          accept=".json,application/json"
          aria-label="EveryCent export file"
          onChange={(event) => {
            previewState.reset();
            importState.reset();
            setDeclined(new Set());
            setFile(event.target.files?.[0] ?? null);
          }}
        />
        <Button
          disabled={!file || overLimit !== null}
          loading={previewState.isLoading}
          onClick={async () => file && void preview(await readText(file)).unwrap().catch(() => undefined)}
        >
          Preview export
        </Button>
      </Space>
      {overLimit && <Alert type="error" showIcon title={overLimit} />}
      <Problems error={previewState.error} />
      {shown && !done && (
        <div className="your-data-preview" aria-label="Import preview">
          <Typography.Paragraph>
            {shown.household.name === shown.household.current_name
              ? `This household keeps its name, "${shown.household.name}".`
              : `This household will be named "${shown.household.name}" (now "${shown.household.current_name}").`}{' '}
            {shown.counts.budgets} budgets, {shown.counts.bank_accounts} accounts and {shown.counts.transactions} transactions will be imported.
          </Typography.Paragraph>
          {shown.members.length > 0 && <PeopleToInvite people={shown.members} declined={declined} toggle={toggle} />}
          <div>
            <Button type="primary" loading={importState.isLoading} onClick={() => void runImport()}>
              Import export
            </Button>
          </div>
        </div>
      )}
      <Problems error={importState.error} />
      {done && <ImportDone result={done} />}
    </Card>
  );
}

function HistorySection() {
  const [source, setSource] = useState<'ynab' | 'actual'>('ynab');
  const [chosen, setChosen] = useState<YnabChoice & { actual: File | null }>({ zip: null, plan: null, register: null, actual: null });
  const [choices, setChoices] = useState<HistoryChoices>({});
  const [preview, previewState] = usePreviewHistoryMutation();
  const [importHistory, importState] = useImportHistoryMutation();
  const chosenFiles = source === 'actual' ? [chosen.actual] : chosen.zip ? [chosen.zip] : [chosen.plan, chosen.register];
  const overLimit = tooLarge(chosenFiles, HISTORY_FILE_MAX_BYTES);
  const ready = chosenFiles.every(Boolean) && overLimit === null;

  const clear = () => {
    setChoices({});
    previewState.reset();
    importState.reset();
  };
  const showPreview = async (next: HistoryChoices) => {
    setChoices(next);
    await preview(await historyBody(source, chosen, next))
      .unwrap()
      .catch(() => undefined);
  };
  const runImport = async () => {
    const fingerprint = previewState.data?.fingerprint;
    await importHistory(await historyBody(source, chosen, { ...choices, preview: fingerprint }))
      .unwrap()
      .catch(() => undefined);
  };
  const fileInput = (label: string, accept: string, set: (files: File[]) => void, multiple = false) => (
    <label className="your-data-file">
      <span>{label}</span>
      <input
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={label}
        onChange={(event) => {
          clear();
          set([...(event.target.files ?? [])]);
        }}
      />
    </label>
  );
  const TEXT_FILES = '.csv,.tsv,text/csv,text/tab-separated-values';
  const imported = importState.data?.imported;

  return (
    <Card title="Bring your history" className="your-data-card">
      <Typography.Paragraph>
        From YNAB (the zip its Export plan saves, or its Plan.csv and Register.csv; YNAB 4: Budget.csv and Register.csv) or Actual Budget (Settings → Export
        data: a zip), into this household as it is. Its accounts and category groups join yours of the same name, or the ones you choose, or come as new ones;
        months that already have a budget here keep it. See what will happen first, then import.
      </Typography.Paragraph>
      <Radio.Group
        value={source}
        onChange={(event) => {
          clear();
          setSource(event.target.value as 'ynab' | 'actual');
        }}
        options={[
          { value: 'ynab', label: 'YNAB' },
          { value: 'actual', label: 'Actual Budget' },
        ]}
      />
      <div className="your-data-files">
        {source === 'ynab' ? (
          <>
            {fileInput('YNAB export (zip)', '.zip,application/zip', ([zip]) => setChosen((c) => ({ ...c, zip: zip ?? null })))}
            {fileInput('Plan.csv', TEXT_FILES, ([plan]) => setChosen((c) => ({ ...c, zip: null, plan: plan ?? null })))}
            {fileInput('Register.csv', TEXT_FILES, ([register]) => setChosen((c) => ({ ...c, zip: null, register: register ?? null })))}
          </>
        ) : (
          fileInput('Actual export (zip)', '.zip,application/zip', ([actual]) => setChosen((c) => ({ ...c, actual: actual ?? null })))
        )}
      </div>
      <Button disabled={!ready} loading={previewState.isLoading} onClick={() => void showPreview({})}>
        Preview
      </Button>
      {overLimit && <Alert type="error" showIcon title={overLimit} />}
      <Problems error={previewState.error} />
      {previewState.data && !imported && (
        <>
          <HistoryPreviewTables
            preview={previewState.data}
            choose={(kind, name, change) => void showPreview(withChoice(choices, kind, name, change))}
            chooseExportDay={(day) => void showPreview({ ...choices, exported_on: day })}
          />
          <Button type="primary" disabled={previewState.isLoading} loading={importState.isLoading} onClick={() => void runImport()}>
            Import history
          </Button>
        </>
      )}
      <Problems error={importState.error} />
      {imported && (
        <Alert
          type="success"
          showIcon
          title={`Imported ${imported.budgets} budgets, ${imported.allocations} allocations, ${imported.bank_accounts} new accounts (${imported.matched_accounts} joined yours) and ${imported.transactions} transactions.`}
        />
      )}
    </Card>
  );
}

/**
 * Settings › Your data: take everything out, bring an export in, bring history from YNAB or Actual Budget. Owners
 * only (an export holds every member's email): a member is told so instead of being offered what the server
 * refuses.
 */
export default function YourDataPage() {
  usePageHeading('Your data');
  const members = useGetMembersQuery();
  const you = members.data?.find((member) => member.is_you);
  if (you && you.role !== 'owner') {
    return (
      <div className="your-data">
        <PageTitle title="Your data" />
        <Alert type="info" showIcon title={HOUSEHOLD_DATA_OWNERS_ONLY} />
      </div>
    );
  }
  return (
    <div className="your-data">
      <PageTitle title="Your data" />
      <ExportSection />
      <ImportSection />
      <HistorySection />
    </div>
  );
}
