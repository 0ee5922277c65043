import { Button } from 'antd';
import { useMemo } from 'react';
import { readBankFile, type BankFile, type ImportChoices, type ImportQuestion } from '../import/bankFile';
import { FileBalance, PreviewRows, TotalsLine } from './ImportPreview';

/** A place where the file reads two ways: each reading side by side, with its first rows, totals and the file's balance. */
export function QuestionReadings({ file, question, choices, isCreditCard, onChoose }: { file: BankFile; question: ImportQuestion; choices: ImportChoices; isCreditCard: boolean; onChoose: (choices: ImportChoices) => void }) {
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
            {reading.balance && <FileBalance balance={reading.balance} label={`Balance: ${option.label}`} />}
            <Button onClick={() => onChoose(chosen)}>{`Use: ${option.label}`}</Button>
          </section>
        ))}
      </div>
    </fieldset>
  );
}
