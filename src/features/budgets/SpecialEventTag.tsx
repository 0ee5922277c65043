import { useSpecialEventName } from '../special-events/specialEventsApi';

/** The name of the special event an allocation pays for; rendered only for linked allocations, so only they fetch the names. */
export function SpecialEventTag({ eventId }: { eventId: number }) {
  const name = useSpecialEventName(eventId);
  if (name === undefined) return null;
  return (
    <span className="ec-tag ec-tag--event" title={`Special event: ${name}`}>
      {name}
    </span>
  );
}
