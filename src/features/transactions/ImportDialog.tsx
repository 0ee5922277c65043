import { Alert, Button } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { Dialog } from '../../components/Dialog';
import { Money } from '../../components/Money';
import { formatShortDate } from '../../shared/dates';
import type { BankAccount } from '../../shared/schemas/setup';
import { useAppDispatch } from '../../app/hooks';
import { errorShown } from '../messages/messagesSlice';
import { useUpdateBankAccountMutation } from '../setup/setupApi';
import { apiErrorMessages } from '../../app/apiErrors';
import type { DraftRow } from './draftRows';
import type { BudgetWindow } from '../../shared/transactionRules';
import { parseCamt053 } from './import/camt';
import { csvColumnNames, guessCsvMapping, parseCsv, readCsvTable, type CsvMapping } from './import/csv';
import { detectFormat } from './import/detect';
import { bankAccountWithCsvMapping, rememberedCsvMapping } from './import/importSettings';
import { mergeImported, type ImportOutcome } from './import/merge';
import { parseOfx } from './import/ofx';
import type { ImportFormat, ParseResult } from './import/types';
import { DATE_FORMATS } from './import/values';

interface ImportProps {
  account: BankAccount;
  window: BudgetWindow;
  existing: readonly DraftRow[];
  onImported: (outcome: ImportOutcome, problems: string[]) => void;
  onDone: () => void;
}

const FORMAT_NAMES: Record<ImportFormat, string> = { csv: 'CSV', ofx: 'OFX / QFX', camt053: 'CAMT.053' };
const DELIMITER_NAMES: Record<CsvMapping['delimiter'], string> = { ',': 'Comma (,)', ';': 'Semicolon (;)', '\t': 'Tab', '|': 'Bar (|)' };

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label>
      {label}
      {children}
    </label>
  );
}

function ColumnSelect({ label, value, columns, onChange, optional = false }: { label: string; value: number | null; columns: string[]; onChange: (column: number | null) => void; optional?: boolean }) {
  return (
    <Field label={label}>
      <select aria-label={label} className="ec-input" value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}>
        {optional && <option value="">None</option>}
        {columns.map((name, index) => (
          <option key={index} value={index}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The CSV mapping step: which column is what, how dates and amounts are written. */
function CsvMappingForm({ content, mapping, onChange }: { content: string; mapping: CsvMapping; onChange: (mapping: CsvMapping) => void }) {
  const columns = useMemo(() => csvColumnNames(readCsvTable(content, mapping.delimiter), mapping.hasHeader), [content, mapping.delimiter, mapping.hasHeader]);
  const set = (changes: Partial<CsvMapping>) => onChange({ ...mapping, ...changes });
  const column = (key: 'dateColumn' | 'descriptionColumn' | 'amountColumn' | 'withdrawalColumn' | 'depositColumn') => (value: number | null) => set({ [key]: value ?? 0 });
  return (
    <div className="ec-import-mapping">
      <Field label="Delimiter">
        <select aria-label="Delimiter" className="ec-input" value={mapping.delimiter} onChange={(event) => set({ delimiter: event.target.value as CsvMapping['delimiter'] })}>
          {Object.entries(DELIMITER_NAMES).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="First line is a header">
        <input type="checkbox" aria-label="First line is a header" checked={mapping.hasHeader} onChange={(event) => set({ hasHeader: event.target.checked })} />
      </Field>
      <ColumnSelect label="Date column" value={mapping.dateColumn} columns={columns} onChange={column('dateColumn')} />
      <Field label="Date format">
        <select aria-label="Date format" className="ec-input" value={mapping.dateFormat} onChange={(event) => set({ dateFormat: event.target.value as CsvMapping['dateFormat'] })}>
          {DATE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {format}
            </option>
          ))}
        </select>
      </Field>
      <ColumnSelect label="Description column" value={mapping.descriptionColumn} columns={columns} onChange={column('descriptionColumn')} />
      <Field label="Amounts">
        <select aria-label="Amounts" className="ec-input" value={mapping.amountMode} onChange={(event) => set({ amountMode: event.target.value as CsvMapping['amountMode'] })}>
          <option value="single">One amount column</option>
          <option value="split">Withdrawal and deposit columns</option>
        </select>
      </Field>
      {mapping.amountMode === 'single' ? (
        <>
          <ColumnSelect label="Amount column" value={mapping.amountColumn} columns={columns} onChange={column('amountColumn')} />
          <Field label="Negative amounts are">
            <select aria-label="Negative amounts are" className="ec-input" value={mapping.negativeMeans} onChange={(event) => set({ negativeMeans: event.target.value as CsvMapping['negativeMeans'] })}>
              <option value="withdrawal">Withdrawals</option>
              <option value="deposit">Deposits</option>
            </select>
          </Field>
        </>
      ) : (
        <>
          <ColumnSelect label="Withdrawal column" value={mapping.withdrawalColumn} columns={columns} onChange={column('withdrawalColumn')} />
          <ColumnSelect label="Deposit column" value={mapping.depositColumn} columns={columns} onChange={column('depositColumn')} />
        </>
      )}
      <Field label="Decimal comma (1.234,56)">
        <input type="checkbox" aria-label="Decimal comma" checked={mapping.decimalComma} onChange={(event) => set({ decimalComma: event.target.checked })} />
      </Field>
      <ColumnSelect label="Reference column" value={mapping.bankRefColumn} columns={columns} onChange={(value) => set({ bankRefColumn: value })} optional />
    </div>
  );
}

function parseContent(format: ImportFormat, content: string, mapping: CsvMapping | null): ParseResult {
  if (format === 'ofx') return parseOfx(content);
  if (format === 'camt053') return parseCamt053(content);
  return mapping ? parseCsv(content, mapping) : { rows: [], problems: [] };
}

function ImportForm({ account, window, existing, onImported, onDone, onCancel, markDirty }: ImportProps & { onCancel: () => void; markDirty: (dirty: boolean) => void }) {
  const dispatch = useAppDispatch();
  const [updateBankAccount] = useUpdateBankAccountMutation();
  const [pasted, setPasted] = useState('');
  const [source, setSource] = useState<{ content: string; format: ImportFormat } | null>(null);
  const [mapping, setMapping] = useState<CsvMapping | null>(null);
  const [readProblem, setReadProblem] = useState<string | null>(null);
  const remembered = useMemo(() => rememberedCsvMapping(account), [account]);
  // Pasted text or a file read but not yet added to the window would be lost by closing.
  useEffect(() => markDirty(source !== null || pasted.trim() !== ''), [source, pasted, markDirty]);

  const start = (content: string, fileName?: string) => {
    const format = detectFormat(content, fileName);
    setSource({ content, format });
    setMapping(format === 'csv' ? (remembered ?? guessCsvMapping(content)) : null);
  };
  const result = useMemo(() => (source ? parseContent(source.format, source.content, mapping) : null), [source, mapping]);

  const importRows = () => {
    if (!result) return;
    onImported(mergeImported(existing, result.rows, window, account.is_credit_card), result.problems);
    if (mapping && JSON.stringify(mapping) !== JSON.stringify(remembered)) {
      updateBankAccount(bankAccountWithCsvMapping(account, mapping))
        .unwrap()
        .catch((error: unknown) => dispatch(errorShown(['The CSV column mapping was not remembered.', ...apiErrorMessages(error)].join(' '))));
    }
    onDone();
  };

  if (!source || !result) {
    return (
      <div className="ec-transfer-form">
        <Field label="Bank file (CSV, OFX, QFX or CAMT.053)">
          <input
            type="file"
            aria-label="Bank file"
            accept=".csv,.txt,.ofx,.qfx,.xml"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              readFile(file).then(
                (content) => start(content, file.name),
                () => setReadProblem('This file could not be read.'),
              );
            }}
          />
        </Field>
        <Field label="Or paste the text of a bank export">
          <textarea aria-label="Pasted text" className="ec-input" rows={6} value={pasted} onChange={(event) => setPasted(event.target.value)} />
        </Field>
        {readProblem && <Alert type="error" showIcon title={readProblem} />}
        <div className="ec-transactions-actions">
          <Button type="primary" disabled={pasted.trim() === ''} onClick={() => start(pasted)}>
            Read Text
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      </div>
    );
  }

  return (
    <div>
      <p>
        Format: <strong>{FORMAT_NAMES[source.format]}</strong>
        {source.format === 'csv' && remembered && ' (using the mapping remembered for this account)'}
      </p>
      {source.format === 'csv' && mapping && <CsvMappingForm content={source.content} mapping={mapping} onChange={setMapping} />}
      <table className="ec-import-preview" aria-label="Preview">
        <thead>
          <tr>
            <th>Date</th>
            <th>Description</th>
            <th>Withdrawn</th>
            <th>Deposited</th>
          </tr>
        </thead>
        <tbody>
          {result.rows.slice(0, 5).map((row, index) => (
            <tr key={index}>
              <td>{formatShortDate(row.transaction_date)}</td>
              <td>{row.description}</td>
              <td>
                <Money cents={row.withdrawal_amount} />
              </td>
              <td>
                <Money cents={row.deposit_amount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {result.problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${result.problems.length} ${result.problems.length === 1 ? 'line' : 'lines'} could not be read`}
          description={result.problems.slice(0, 5).join('; ')}
        />
      )}
      <div className="ec-transactions-actions">
        <Button type="primary" disabled={result.rows.length === 0} onClick={importRows}>
          {`Add ${result.rows.length} ${result.rows.length === 1 ? 'Row' : 'Rows'}`}
        </Button>
        <Button onClick={() => setSource(null)}>Back</Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </div>
  );
}

/** "Import Transactions": a bank file or pasted text, appended to the window for review (nothing is saved). */
export function ImportDialog({ open, ...props }: ImportProps & { open: boolean }) {
  const { close, markDirty } = useGuardedClose(props.onDone, 'this import');
  return (
    <Dialog open={open} title="Import Transactions" footer={null} onCancel={close} destroyOnHidden width={760}>
      <ImportForm {...props} onCancel={close} markDirty={markDirty} />
    </Dialog>
  );
}
