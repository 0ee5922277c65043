import { Alert, Button } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { Dialog } from '../../components/Dialog';
import { Money } from '../../components/Money';
import { formatShortDate } from '../../shared/dates';
import type { BankAccount } from '../../shared/schemas/setup';
import { useAppDispatch } from '../../app/hooks';
import { errorShown } from '../../app/messages/messagesSlice';
import { useUpdateBankAccountMutation } from '../setup/bankAccountsApi';
import { apiErrorMessages } from '../../app/apiErrors';
import type { DraftRow } from './draftRows';
import type { BudgetWindow } from '../../shared/transactionRules';
import { readBankFile, type BankFile, type ImportChoices, type ImportQuestion, type ImportTotals } from './import/bankFile';
import { csvColumnNames } from './import/csv';
import type { CsvMapping } from './import/csvMapping';
import { decodeBankFile } from './import/encoding';
import { bankAccountWithCsvMapping, rememberedCsvMapping } from './import/importSettings';
import { mergeImported, type ImportOutcome } from './import/merge';
import type { ImportedRow } from './import/types';
import { DATE_FORMATS } from './import/values';

interface ImportProps {
  account: BankAccount;
  window: BudgetWindow;
  existing: readonly DraftRow[];
  onImported: (outcome: ImportOutcome, problems: string[]) => void;
  onDone: () => void;
}

const DELIMITER_NAMES: Record<CsvMapping['delimiter'], string> = { ',': 'Comma (,)', ';': 'Semicolon (;)', '\t': 'Tab', '|': 'Bar (|)' };

function readFile(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
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
  const columns = useMemo(() => csvColumnNames(content, { delimiter: mapping.delimiter }), [content, mapping.delimiter]);
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
      {mapping.amountMode === 'single' && <ColumnSelect label="Debit/credit column" value={mapping.signColumn} columns={columns} onChange={(value) => set({ signColumn: value })} optional />}
      <ColumnSelect label="Reference column" value={mapping.bankRefColumn} columns={columns} onChange={(value) => set({ bankRefColumn: value })} optional />
    </div>
  );
}

/** The figures to compare with the bank's statement: rows, money in, money out, first and last day. */
function TotalsLine({ totals, label }: { totals: ImportTotals; label: string }) {
  return (
    <p className="ec-import-totals" aria-label={label}>
      {`${totals.rows} ${totals.rows === 1 ? 'row' : 'rows'}`} · deposits <Money cents={totals.deposits} /> · withdrawals <Money cents={totals.withdrawals} />
      {totals.firstDate && totals.lastDate && ` · ${formatShortDate(totals.firstDate)} to ${formatShortDate(totals.lastDate)}`}
    </p>
  );
}

function PreviewRows({ rows, label }: { rows: readonly ImportedRow[]; label: string }) {
  return (
    <table className="ec-import-preview" aria-label={label}>
      <thead>
        <tr>
          <th>Date</th>
          <th>Description</th>
          <th>Withdrawn</th>
          <th>Deposited</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
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
  );
}

/** A place where the file reads two ways: each reading side by side, with its first rows and totals. */
function QuestionReadings({ file, question, choices, isCreditCard, onChoose }: { file: BankFile; question: ImportQuestion; choices: ImportChoices; isCreditCard: boolean; onChoose: (choices: ImportChoices) => void }) {
  const readings = useMemo(
    () => question.options.map((option) => ({ option, chosen: option.apply(choices), reading: readBankFile(file, option.apply(choices), isCreditCard) })),
    [file, question, choices, isCreditCard],
  );
  return (
    <fieldset className="ec-import-question" aria-label={question.text}>
      <legend>{question.text}</legend>
      <div className="ec-import-readings">
        {readings.map(({ option, chosen, reading }) => (
          <section key={option.label} aria-label={option.label}>
            <h4>{option.label}</h4>
            <PreviewRows rows={reading.rows.slice(0, 3)} label={`Preview: ${option.label}`} />
            <TotalsLine totals={reading.totals} label={`Totals: ${option.label}`} />
            <Button onClick={() => onChoose(chosen)}>{`Use: ${option.label}`}</Button>
          </section>
        ))}
      </div>
    </fieldset>
  );
}

/** Which question a change of the mapping by hand answers. */
function answeredBy(before: CsvMapping, after: CsvMapping): ImportQuestion['key'][] {
  const keys: ImportQuestion['key'][] = [];
  if (before.dateFormat !== after.dateFormat) keys.push('dateFormat');
  if (before.amountColumn !== after.amountColumn) keys.push('amountColumn');
  if (before.negativeMeans !== after.negativeMeans || before.withdrawalColumn !== after.withdrawalColumn || before.depositColumn !== after.depositColumn) keys.push('sign');
  return keys;
}

const listed = (lines: readonly string[]) => lines.slice(0, 5).join('; ') + (lines.length > 5 ? `; and ${lines.length - 5} more` : '');

function ImportForm({ account, window, existing, onImported, onDone, onCancel, markDirty }: ImportProps & { onCancel: () => void; markDirty: (dirty: boolean) => void }) {
  const dispatch = useAppDispatch();
  const [updateBankAccount] = useUpdateBankAccountMutation();
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<BankFile | null>(null);
  const [choices, setChoices] = useState<ImportChoices>({});
  const [questions, setQuestions] = useState<ImportQuestion[]>([]);
  const [readProblem, setReadProblem] = useState<string | null>(null);
  const remembered = useMemo(() => rememberedCsvMapping(account), [account]);
  // Pasted text or a file read but not yet added to the window would be lost by closing.
  useEffect(() => markDirty(file !== null || pasted.trim() !== ''), [file, pasted, markDirty]);

  const start = (opened: BankFile) => {
    const first = readBankFile(opened, remembered ? { csv: remembered } : null, account.is_credit_card);
    // A remembered mapping of another kind of file (or of a CSV it no longer reads) is not forced on it.
    const reading = first.format === 'csv' && remembered && first.rows.length > 0 ? first : readBankFile(opened, null, account.is_credit_card);
    setFile(opened);
    setChoices(reading.choices);
    setQuestions(reading.questions);
  };
  const result = useMemo(() => (file ? readBankFile(file, choices, account.is_credit_card) : null), [file, choices, account.is_credit_card]);
  const usingRemembered = result?.format === 'csv' && remembered !== null && JSON.stringify(choices.csv) === JSON.stringify(remembered);

  const answer = (key: ImportQuestion['key'], chosen: ImportChoices) => {
    setChoices(chosen);
    setQuestions((open) => open.filter((question) => question.key !== key));
  };
  const changeMapping = (mapping: CsvMapping) => {
    const answered = choices.csv ? answeredBy(choices.csv, mapping) : [];
    setChoices({ ...choices, csv: mapping });
    setQuestions((open) => open.filter((question) => !answered.includes(question.key)));
  };

  const importRows = () => {
    if (!result) return;
    onImported(mergeImported(existing, result.rows, window, account.is_credit_card), result.problems);
    const mapping = result.format === 'csv' ? choices.csv : undefined;
    if (mapping && JSON.stringify(mapping) !== JSON.stringify(remembered)) {
      updateBankAccount(bankAccountWithCsvMapping(account, mapping))
        .unwrap()
        .catch((error: unknown) => dispatch(errorShown(['The CSV column mapping was not remembered.', ...apiErrorMessages(error)].join(' '))));
    }
    onDone();
  };

  if (!file || !result) {
    return (
      <div className="ec-transfer-form">
        <Field label="Bank file (CSV, OFX, QFX, QIF, MT940 or CAMT)">
          <input
            type="file"
            aria-label="Bank file"
            accept=".csv,.txt,.ofx,.qfx,.qbo,.xml,.qif,.sta,.mt940,.940"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (!chosen) return;
              readFile(chosen)
                .then(decodeBankFile)
                .then(
                  (decoded) => start({ ...decoded, fileName: chosen.name }),
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
          <Button type="primary" disabled={pasted.trim() === ''} onClick={() => start({ text: pasted, encoding: 'pasted text', fileName: '' })}>
            Read Text
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      </div>
    );
  }

  const back = () => setFile(null);
  if (result.refusal) {
    return (
      <div>
        <Alert type="error" showIcon title={result.refusal} />
        <div className="ec-transactions-actions">
          <Button onClick={back}>Back</Button>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      </div>
    );
  }
  const waiting = questions.length > 0;
  return (
    <div>
      <p>
        Format: <strong>{result.formatName}</strong> · Encoding: <strong>{result.encoding}</strong>
        {usingRemembered && ' (using the mapping remembered for this account)'}
      </p>
      {questions.map((question) => (
        <QuestionReadings key={question.key} file={file} question={question} choices={choices} isCreditCard={account.is_credit_card} onChoose={(chosen) => answer(question.key, chosen)} />
      ))}
      {result.format === 'csv' && choices.csv && <CsvMappingForm content={file.text} mapping={choices.csv} onChange={changeMapping} />}
      <PreviewRows rows={result.rows.slice(0, 5)} label="Preview" />
      <TotalsLine totals={result.totals} label="Totals" />
      {result.problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${result.problems.length} ${result.problems.length === 1 ? 'line' : 'lines'} could not be read and will not be added`}
          description={listed(result.problems)}
        />
      )}
      {result.skipped.length > 0 && <Alert type="info" showIcon title={`${result.skipped.length} ${result.skipped.length === 1 ? 'line' : 'lines'} left out`} description={listed(result.skipped)} />}
      <div className="ec-transactions-actions">
        <Button type="primary" disabled={result.rows.length === 0 || waiting} onClick={importRows}>
          {waiting ? 'Answer the question above first' : `Add ${result.rows.length} ${result.rows.length === 1 ? 'Row' : 'Rows'}`}
        </Button>
        <Button onClick={back}>Back</Button>
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
