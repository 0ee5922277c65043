import { Alert, Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { Dialog } from '../../components/Dialog';
import type { BankAccount } from '../../shared/schemas/setup';
import { useAppDispatch } from '../../platform/hooks';
import { errorShown } from '../../platform/messages/messagesSlice';
import { useUpdateBankAccountMutation } from '../setup/bankAccountsApi';
import { apiErrorMessages } from '../../platform/apiErrors';
import { splitProblem, type DraftRow } from './draftRows';
import type { PickerOptions } from './AllocationPicker';
import type { BudgetWindow } from '../../shared/transactionRules';
import { readBankFile, type BankFile, type BankFileReading, type ImportChoices, type ImportQuestion } from './import/bankFile';
import type { CsvMapping } from './import/csvMapping';
import { bankAccountWithCsvMapping, rememberedCsvMapping } from './import/importSettings';
import { mergeImported, type ImportOutcome, type ScheduledBills } from './import/merge';
import { ChooseBankFile } from './importDialog/ChooseBankFile';
import { CsvMappingForm } from './importDialog/CsvMappingForm';
import { FileBalance, ReadingNotes, ScheduledMatches, TotalsLine } from './importDialog/ImportPreview';
import { partsChanged, SplittablePreview, withPreviewParts, type PreviewParts } from './importDialog/SplittablePreview';
import { QuestionReadings } from './importDialog/QuestionReadings';

interface ImportProps {
  account: BankAccount;
  window: BudgetWindow;
  existing: readonly DraftRow[];
  /** What the account's rows (and their parts) are allocated to: allocations, or a sink fund's envelopes. */
  options: PickerOptions;
  /** The account's scheduled bills of the window: imported rows that pay one take its place. */
  scheduled?: ScheduledBills;
  onImported: (outcome: ImportOutcome, problems: string[]) => void;
  onDone: () => void;
}

/** Which question a change of the mapping by hand answers. */
function answeredBy(before: CsvMapping, after: CsvMapping): ImportQuestion['key'][] {
  const keys: ImportQuestion['key'][] = [];
  if (before.dateFormat !== after.dateFormat) keys.push('dateFormat');
  if (before.amountColumn !== after.amountColumn) keys.push('amountColumn');
  if (before.negativeMeans !== after.negativeMeans || before.withdrawalColumn !== after.withdrawalColumn || before.depositColumn !== after.depositColumn) keys.push('sign');
  return keys;
}

/** The file read with the remembered mapping when it reads it, else decided from the file itself. */
function firstReading(opened: BankFile, remembered: CsvMapping | null, isCreditCard: boolean) {
  const withRemembered = remembered ? readBankFile(opened, { csv: remembered }, isCreditCard) : null;
  // A remembered mapping of another kind of file (or of a CSV it no longer reads) is not forced on it.
  return withRemembered?.format === 'csv' && withRemembered.rows.length > 0 ? withRemembered : readBankFile(opened, null, isCreditCard);
}

const NO_PARTS: PreviewParts = new Map();

function ImportForm({ account, window, existing, options, scheduled, onImported, onDone, onCancel, markDirty }: ImportProps & { onCancel: () => void; markDirty: (dirty: boolean) => void }) {
  const dispatch = useAppDispatch();
  const [updateBankAccount] = useUpdateBankAccountMutation();
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<BankFile | null>(null);
  const [choices, setChoices] = useState<ImportChoices>({});
  const [questions, setQuestions] = useState<ImportQuestion[]>([]);
  const remembered = useMemo(() => rememberedCsvMapping(account), [account]);
  // Pasted text or a file read but not yet added to the window would be lost by closing.
  useEffect(() => markDirty(file !== null || pasted.trim() !== ''), [file, pasted, markDirty]);

  const start = (opened: BankFile) => {
    const reading = firstReading(opened, remembered, account.is_credit_card);
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

  // The merge the preview names its scheduled bills from is the one "Add" puts in the window.
  const merged = useMemo(() => (result ? mergeImported(existing, result.rows, window, account.is_credit_card, scheduled) : null), [result, existing, window, account.is_credit_card, scheduled]);
  // Rows split in the preview, by their place in this reading: another reading of the file starts unsplit.
  const [split, setSplit] = useState<{ of: BankFileReading | null; parts: PreviewParts }>({ of: null, parts: NO_PARTS });
  const parts = split.of === result ? split.parts : NO_PARTS;
  const toAdd = useMemo(() => (merged ? withPreviewParts(merged.rows, parts) : []), [merged, parts]);
  const unsplit = toAdd.some((row) => !row.deleted && splitProblem(row) !== null);
  const changeParts = (index: number, changes: Partial<DraftRow>) => setSplit({ of: result, parts: partsChanged(parts, index, changes) });

  const importRows = () => {
    if (!result || !merged || unsplit) return;
    onImported({ ...merged, rows: toAdd }, result.problems);
    const mapping = result.format === 'csv' ? choices.csv : undefined;
    if (mapping && JSON.stringify(mapping) !== JSON.stringify(remembered)) {
      updateBankAccount(bankAccountWithCsvMapping(account, mapping))
        .unwrap()
        .catch((error: unknown) => dispatch(errorShown(['The CSV column mapping was not remembered.', ...apiErrorMessages(error)].join(' '))));
    }
    onDone();
  };

  if (!file || !result) return <ChooseBankFile pasted={pasted} onPaste={setPasted} onOpen={start} onCancel={onCancel} />;

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
      {toAdd.length > 0 && <SplittablePreview rows={toAdd} isSinkFund={account.is_sink_fund} options={options} onChange={changeParts} />}
      <TotalsLine totals={result.totals} label="Totals" />
      {result.balance && <FileBalance balance={result.balance} label="The file's own balance" />}
      <ReadingNotes reading={result} />
      {merged && <ScheduledMatches matched={merged.matched} />}
      {result.format === 'csv' && choices.csv && <CsvMappingForm content={file.text} mapping={choices.csv} onChange={changeMapping} />}
      <div className="ec-transactions-actions">
        <Button type="primary" disabled={result.rows.length === 0 || waiting || unsplit} onClick={importRows}>
          {waiting ? 'Answer the question above first' : unsplit ? 'Make the parts add up first' : `Add ${result.rows.length} ${result.rows.length === 1 ? 'Row' : 'Rows'}`}
        </Button>
        <Button onClick={back}>Back</Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </div>
  );
}

/**
 * "Import Transactions": a bank file or pasted text, appended to the window for review (nothing is saved). A row
 * may be split in the preview before it is added.
 */
export function ImportDialog({ open, ...props }: ImportProps & { open: boolean }) {
  const { close, markDirty } = useGuardedClose(props.onDone, 'this import');
  return (
    <Dialog open={open} title="Import Transactions" footer={null} onCancel={close} destroyOnHidden width={760}>
      <ImportForm {...props} onCancel={close} markDirty={markDirty} />
    </Dialog>
  );
}
