import { Button, Select } from 'antd';
import { MoneyInput } from '../../components/MoneyInput';
import { Money } from '../../components/Money';
import { partAdded, partsLeft, type QuickAddEntry, type QuickAddPart } from './quickAddRules';

export { startSplit } from './quickAddRules';

type Options = Array<{ value: number; label: string } | { label: string; options: Array<{ value: number; label: string }> }>;

/**
 * A split quick add's parts (issue 44): an allocation (or envelope) picker, an amount and a memo each; "Add part"
 * proposes what the others leave of the amount; the difference shows until they add up.
 */
export function QuickAddParts({ entry, heading, options, onChange }: { entry: QuickAddEntry; heading: string; options: Options; onChange: (changes: Partial<QuickAddEntry>) => void }) {
  const parts = entry.parts ?? [];
  const changePart = (key: number, changes: Partial<QuickAddPart>) => onChange({ parts: parts.map((part) => (part.key === key ? { ...part, ...changes } : part)) });
  const left = partsLeft(entry);
  return (
    <fieldset className="ec-quick-add-parts">
      <legend>Parts</legend>
      {parts.map((part, i) => (
        <div className="ec-quick-add-part" key={part.key} role="group" aria-label={`Part ${i + 1}`}>
          <Select
            aria-label={`${heading} of part ${i + 1}`}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Unallocated"
            value={part.targetId ?? undefined}
            options={options}
            onChange={(id?: number) => changePart(part.key, { targetId: id ?? null })}
          />
          <MoneyInput aria-label={`Amount of part ${i + 1}`} cents={part.amount} onCents={(cents) => changePart(part.key, { amount: cents })} />
          <input className="ec-input" aria-label={`Memo of part ${i + 1}`} value={part.memo} onChange={(event) => changePart(part.key, { memo: event.target.value })} />
          <Button aria-label={`Remove part ${i + 1}`} onClick={() => onChange({ parts: parts.filter((other) => other.key !== part.key) })}>
            Remove
          </Button>
        </div>
      ))}
      <div className="ec-quick-add-part-actions">
        <Button onClick={() => onChange({ parts: partAdded(entry) })}>Add part</Button>
        <Button onClick={() => onChange({ parts: undefined })}>Unsplit</Button>
        <span role="status">{left === 0 ? 'The parts add up to the amount.' : <>Not split: <Money cents={left} /></>}</span>
      </div>
    </fieldset>
  );
}
