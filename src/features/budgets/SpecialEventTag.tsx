import { Tag } from 'antd';
import { useSpecialEventName } from '../special-events/specialEventsApi';

// A long name shortens with an ellipsis inside the name column instead of being cut off (the title keeps it whole).
const FIT_THE_CELL = { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' } as const;

/** The name of the special event an allocation pays for; rendered only for linked allocations, so only they fetch the names. */
export function SpecialEventTag({ eventId }: { eventId: number }) {
  const name = useSpecialEventName(eventId);
  if (name === undefined) return null;
  return (
    <Tag color="purple" className="ec-special-event-tag" style={FIT_THE_CELL} title={`Special event: ${name}`}>
      {name}
    </Tag>
  );
}
