import { Alert, Button } from 'antd';
import { useState } from 'react';
import type { BankFile } from '../import/bankFile';
import { decodeBankFile } from '../import/encoding';
import { Field } from './Field';

function readFile(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** The import's first step: a bank file from disk, or the text of an export pasted in. */
export function ChooseBankFile({ pasted, onPaste, onOpen, onCancel }: { pasted: string; onPaste: (text: string) => void; onOpen: (file: BankFile) => void; onCancel: () => void }) {
  const [readProblem, setReadProblem] = useState<string | null>(null);
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
                (decoded) => onOpen({ ...decoded, fileName: chosen.name }),
                () => setReadProblem('This file could not be read.'),
              );
          }}
        />
      </Field>
      <Field label="Or paste the text of a bank export">
        <textarea aria-label="Pasted text" className="ec-input" rows={6} value={pasted} onChange={(event) => onPaste(event.target.value)} />
      </Field>
      {readProblem && <Alert type="error" showIcon title={readProblem} />}
      <div className="ec-transactions-actions">
        <Button type="primary" disabled={pasted.trim() === ''} onClick={() => onOpen({ text: pasted, encoding: 'pasted text', fileName: '' })}>
          Read Text
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </div>
  );
}
