import { type Ref, useState } from 'react';

/** A time of day as the 24-hour clock writes it: 00:00 to 23:59. */
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The date and time of a held value ('YYYY-MM-DDTHH:mm', event time), or empty parts. */
const partsOf = (value: string) => {
  const [date = '', time = ''] = value.split('T');
  return { date, time: time.slice(0, 5) };
};

/**
 * A date and a time in event time, the time typed on the 24-hour clock (HH:mm) whatever the browser's
 * locale (a `datetime-local` input shows 12-hour times in a 12-hour locale). The form holds one value,
 * 'YYYY-MM-DDTHH:mm' as before; `onChange` gets it whole once the time reads HH:mm (or both are empty), and
 * `complete: false` while the time is being typed.
 */
export function DateTimeInputs({
  value,
  onChange,
  minDate,
  inputRef,
  name,
  ...dateProps
}: {
  value: string;
  onChange: (value: string, complete: boolean) => void;
  /** The earliest date (a 'YYYY-MM-DDTHH:mm' value's date part). */
  minDate?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  name: string;
  id: string;
  'aria-required'?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}) {
  const held = partsOf(value);
  // What is being typed in the time box, kept while it is not yet a time (the form holds whole values).
  const [typed, setTyped] = useState<string | null>(null);
  const time = typed ?? held.time;
  const emit = (date: string, nextTime: string) => {
    const complete = (date === '' && nextTime === '') || (date !== '' && HH_MM.test(nextTime));
    onChange(date === '' && nextTime === '' ? '' : `${date}T${nextTime}`, complete);
  };
  return (
    <span className="panel-datetime">
      <input
        {...dateProps}
        ref={inputRef}
        name={name}
        type="date"
        min={minDate ? partsOf(minDate).date : undefined}
        value={held.date}
        onChange={(event) => emit(event.currentTarget.value, time)}
      />
      <input
        type="text"
        inputMode="numeric"
        name={`${name}-time`}
        aria-label="Time, 24-hour (HH:mm)"
        aria-describedby={dateProps['aria-describedby']}
        placeholder="HH:mm"
        maxLength={5}
        autoComplete="off"
        value={time}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setTyped(HH_MM.test(next) ? null : next);
          emit(held.date, next);
        }}
        onBlur={() => setTyped(null)}
      />
    </span>
  );
}
