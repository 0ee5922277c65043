import { Button } from 'antd';

/** An allocation suggested from the household's history: marked as such, and saved only once accepted. */
export function SuggestionNote({ name, rowLabel, onAccept }: { name: string; rowLabel: string; onAccept: () => void }) {
  return (
    <div className="ec-suggestion">
      <span className="ec-suggestion-tag">Suggested</span>
      <span className="ec-suggestion-name">{name}</span>
      <Button size="small" type="link" aria-label={`Accept suggestion ${name} for ${rowLabel}`} onClick={onAccept}>
        Accept
      </Button>
    </div>
  );
}
