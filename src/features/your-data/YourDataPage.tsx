import { Alert, Button, Card, Radio, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { apiErrorText } from '../../app/apiErrors';
import { Money } from '../../components/Money';
import { PageTitle } from '../../components/PageTitle';
import { usePageHeading } from '../../components/usePageHeading';
import { HISTORY_FILE_MAX_BYTES, type HistoryFiles, type HistoryPreview } from '../../shared/schemas/history';
import { HOUSEHOLD_DATA_OWNERS_ONLY, HOUSEHOLD_IMPORT_MAX_BYTES } from '../../shared/schemas/householdData';
import { useGetMembersQuery } from '../members/membersApi';
import { DOWNLOADS, type DownloadKind, useDownloadMutation, useImportHistoryMutation, useImportHouseholdMutation, usePreviewHistoryMutation } from './yourDataApi';
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

// FileReader rather than File.text(): the same code reads files in every browser and in jsdom.
function readFile(file: File, as: 'text' | 'dataUrl'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}
const readText = (file: File) => readFile(file, 'text');
const readBase64 = async (file: File) => (await readFile(file, 'dataUrl')).replace(/^data:[^,]*,/, '');

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

function ImportSection() {
  const [importHousehold, { isLoading, error, data, reset }] = useImportHouseholdMutation();
  const [file, setFile] = useState<File | null>(null);
  const overLimit = tooLarge([file], HOUSEHOLD_IMPORT_MAX_BYTES);
  return (
    <Card title="Import an EveryCent export" className="your-data-card">
      <Typography.Paragraph>Into this household while it is still empty. Every figure comes out as it was in the other install.</Typography.Paragraph>
      <Space wrap>
        <input
          type="file"
          accept=".json,application/json"
          aria-label="EveryCent export file"
          onChange={(event) => {
            reset();
            setFile(event.target.files?.[0] ?? null);
          }}
        />
        <Button type="primary" disabled={!file || overLimit !== null} loading={isLoading} onClick={async () => file && void importHousehold(await readText(file)).unwrap().catch(() => undefined)}>
          Import export
        </Button>
      </Space>
      {overLimit && <Alert type="error" showIcon title={overLimit} />}
      <Problems error={error} />
      {data && (
        <Alert
          type="success"
          showIcon
          title={`Imported ${data.imported.budgets} budgets, ${data.imported.bank_accounts} accounts and ${data.imported.transactions} transactions.`}
        />
      )}
    </Card>
  );
}

function HistoryPreviewTables({ preview }: { preview: HistoryPreview }) {
  return (
    <div className="your-data-preview" aria-label="Preview">
      <Typography.Title level={4}>What will be created from {preview.title}</Typography.Title>
      <Typography.Paragraph>
        {preview.allocation_categories.length} allocation categories ({preview.allocation_categories.join(', ')}), {preview.budgets.length} monthly budgets,{' '}
        {preview.accounts.length} accounts and {preview.transactions} transactions, {preview.mapped_transactions} of them on an allocation.
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="month"
        scroll={{ x: true }}
        dataSource={preview.budgets}
        columns={[
          { title: 'Budget', dataIndex: 'name' },
          { title: 'Allocations', dataIndex: 'allocations', align: 'right' },
          { title: 'Allocated', dataIndex: 'allocated', align: 'right', render: (cents: number) => <Money cents={cents} /> },
          { title: 'Incomes', dataIndex: 'incomes', align: 'right' },
        ]}
      />
      <Table
        size="small"
        pagination={false}
        rowKey="name"
        scroll={{ x: true }}
        dataSource={preview.accounts}
        columns={[
          { title: 'Account', dataIndex: 'name' },
          { title: 'Opening Balance', dataIndex: 'opening_balance', align: 'right', render: (cents: number) => <Money cents={cents} /> },
          { title: 'Opening Date', dataIndex: 'opening_date' },
          { title: 'Transactions', dataIndex: 'transactions', align: 'right' },
        ]}
      />
      {preview.unmapped_count > 0 ? (
        <>
          <Typography.Title level={5}>Could not be mapped ({preview.unmapped_count})</Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey={(row) => `${row.date}|${row.account}|${row.description}|${row.category}`}
            scroll={{ x: true }}
            dataSource={preview.unmapped}
            columns={[
              { title: 'Date', dataIndex: 'date' },
              { title: 'Account', dataIndex: 'account' },
              { title: 'Description', dataIndex: 'description' },
              { title: 'Category', dataIndex: 'category' },
              { title: 'What happens', dataIndex: 'reason' },
            ]}
          />
        </>
      ) : (
        <Typography.Paragraph>Every categorised transaction maps to an allocation of its month.</Typography.Paragraph>
      )}
    </div>
  );
}

function HistorySection() {
  const [source, setSource] = useState<'ynab' | 'actual'>('ynab');
  const [plan, setPlan] = useState<File | null>(null);
  const [register, setRegister] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [files, setFiles] = useState<HistoryFiles | null>(null);
  const [preview, previewState] = usePreviewHistoryMutation();
  const [importHistory, importState] = useImportHistoryMutation();
  const chosenFiles = source === 'ynab' ? [plan, register] : [zip];
  const overLimit = tooLarge(chosenFiles, HISTORY_FILE_MAX_BYTES);
  const ready = chosenFiles.every(Boolean) && overLimit === null;

  const clear = () => {
    setFiles(null);
    previewState.reset();
    importState.reset();
  };
  const showPreview = async () => {
    const chosen: HistoryFiles =
      source === 'ynab' ? { source, plan: await readText(plan!), register: await readText(register!) } : { source, file: await readBase64(zip!) };
    setFiles(chosen);
    await preview(chosen).unwrap().catch(() => undefined);
  };
  const fileInput = (label: string, accept: string, set: (file: File | null) => void) => (
    <label className="your-data-file">
      <span>{label}</span>
      <input
        type="file"
        accept={accept}
        aria-label={label}
        onChange={(event) => {
          clear();
          set(event.target.files?.[0] ?? null);
        }}
      />
    </label>
  );

  return (
    <Card title="Bring your history" className="your-data-card">
      <Typography.Paragraph>
        From YNAB (its plan export: Plan.csv and Register.csv) or Actual Budget (Settings → Export data: a zip). Categories become allocation categories, each
        month&apos;s assigned amounts that month&apos;s allocations, and accounts come with their transactions. See what will be created first, then import.
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
            {fileInput('Plan.csv', '.csv,text/csv', setPlan)}
            {fileInput('Register.csv', '.csv,text/csv', setRegister)}
          </>
        ) : (
          fileInput('Actual export (zip)', '.zip,application/zip', setZip)
        )}
      </div>
      <Button disabled={!ready} loading={previewState.isLoading} onClick={() => void showPreview()}>
        Preview
      </Button>
      {overLimit && <Alert type="error" showIcon title={overLimit} />}
      <Problems error={previewState.error} />
      {previewState.data && files && !importState.data && (
        <>
          <HistoryPreviewTables preview={previewState.data} />
          <Button type="primary" loading={importState.isLoading} onClick={() => void importHistory(files).unwrap().catch(() => undefined)}>
            Import history
          </Button>
        </>
      )}
      <Problems error={importState.error} />
      {importState.data && (
        <Alert
          type="success"
          showIcon
          title={`Imported ${importState.data.imported.budgets} budgets, ${importState.data.imported.allocations} allocations, ${importState.data.imported.bank_accounts} accounts and ${importState.data.imported.transactions} transactions.`}
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
