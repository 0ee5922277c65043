import { useMemo } from 'react';
import { csvColumnNames } from '../import/csv';
import type { CsvMapping } from '../import/csvMapping';
import { DATE_FORMATS } from '../import/values';
import { Field } from './Field';

const DELIMITER_NAMES = [
  [',', 'Comma (,)'],
  [';', 'Semicolon (;)'],
  ['\t', 'Tab'],
  ['|', 'Bar (|)'],
] as const;

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

/** A field choosing one of a few named values. */
function ChoiceSelect<Value extends string>({ label, value, choices, onChange }: { label: string; value: Value; choices: readonly (readonly [Value, string])[]; onChange: (value: Value) => void }) {
  return (
    <Field label={label}>
      <select aria-label={label} className="ec-input" value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {choices.map(([choice, name]) => (
          <option key={choice} value={choice}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );
}

const DATE_FORMAT_CHOICES = DATE_FORMATS.map((format) => [format, format] as const);
const AMOUNT_MODES = [
  ['single', 'One amount column'],
  ['split', 'Withdrawal and deposit columns'],
] as const;
const NEGATIVE_MEANS = [
  ['withdrawal', 'Withdrawals'],
  ['deposit', 'Deposits'],
] as const;

/** The CSV mapping step: which column is what, how dates and amounts are written, and the file's own balance. */
export function CsvMappingForm({ content, mapping, onChange }: { content: string; mapping: CsvMapping; onChange: (mapping: CsvMapping) => void }) {
  const columns = useMemo(() => csvColumnNames(content, { delimiter: mapping.delimiter }), [content, mapping.delimiter]);
  const set = (changes: Partial<CsvMapping>) => onChange({ ...mapping, ...changes });
  const column = (key: 'dateColumn' | 'descriptionColumn' | 'amountColumn' | 'withdrawalColumn' | 'depositColumn') => (value: number | null) => set({ [key]: value ?? 0 });
  return (
    <div className="ec-import-mapping">
      <ChoiceSelect label="Delimiter" value={mapping.delimiter} choices={DELIMITER_NAMES} onChange={(delimiter) => set({ delimiter })} />
      <ColumnSelect label="Date column" value={mapping.dateColumn} columns={columns} onChange={column('dateColumn')} />
      <ChoiceSelect label="Date format" value={mapping.dateFormat} choices={DATE_FORMAT_CHOICES} onChange={(dateFormat) => set({ dateFormat })} />
      <ColumnSelect label="Description column" value={mapping.descriptionColumn} columns={columns} onChange={column('descriptionColumn')} />
      <ChoiceSelect label="Amounts" value={mapping.amountMode} choices={AMOUNT_MODES} onChange={(amountMode) => set({ amountMode })} />
      {mapping.amountMode === 'single' ? (
        <>
          <ColumnSelect label="Amount column" value={mapping.amountColumn} columns={columns} onChange={column('amountColumn')} />
          <ChoiceSelect label="Negative amounts are" value={mapping.negativeMeans} choices={NEGATIVE_MEANS} onChange={(negativeMeans) => set({ negativeMeans })} />
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
      <ColumnSelect label="Balance column" value={mapping.balanceColumn} columns={columns} onChange={(value) => set({ balanceColumn: value })} optional />
      <ColumnSelect label="Reference column" value={mapping.bankRefColumn} columns={columns} onChange={(value) => set({ bankRefColumn: value })} optional />
    </div>
  );
}
