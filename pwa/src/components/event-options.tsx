/** An event as the venue screens and the live counts list it (the check-in copy may hold `isFeatured` as 0/1). */
export interface EventOption {
  id: string;
  eventName: string;
  isFeatured: boolean | number;
}

/** The event such a screen starts on: the featured one, else the first. */
export function featuredOrFirst(events: readonly EventOption[]): EventOption | undefined {
  return events.find((e) => e.isFeatured) ?? events[0];
}

/**
 * The options of a picker that always has an event chosen (venue check-in, conflict inbox, live counts):
 * each event by name, the featured one marked, and while the list is empty one placeholder saying whether
 * it is still loading or could not be fetched.
 */
export function EventOptions({ events, failed, failedText = 'Events unavailable' }: { events: readonly EventOption[]; failed: boolean; failedText?: string }) {
  return (
    <>
      {events.length === 0 && <option value="">{failed ? failedText : 'Loading events…'}</option>}
      {events.map((e) => (
        <option key={e.id} value={e.id}>
          {e.eventName}
          {e.isFeatured ? ' (featured)' : ''}
        </option>
      ))}
    </>
  );
}
