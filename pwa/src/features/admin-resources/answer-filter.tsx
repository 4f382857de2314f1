import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { startingEventQueryOptions, useEventQuestions } from '../../components/event-queries';

/**
 * A list's filter by an answer to the event's registration questions ("Looking for: Villa"): one select,
 * a group per question; its value is the API's `answer` filter (`looking-for:villa`). A list of every
 * event offers the featured event's questions. Hidden while the event asks none.
 */
export function AnswerFilter({
  eventId,
  value,
  onChange,
}: {
  eventId: string | undefined;
  value: string | undefined;
  onChange: (answer: string | undefined) => void;
}) {
  const id = useId();
  const starting = useQuery({ ...startingEventQueryOptions(), enabled: eventId === undefined });
  const questions = useEventQuestions(eventId ?? starting.data?.id);
  if (questions.length === 0 && !value) return null;
  return (
    <div className="field">
      <label htmlFor={id}>Answer</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value || undefined)}>
        <option value="">All answers</option>
        {questions.map((question) => (
          <optgroup key={question.id} label={question.label}>
            {question.choices.map((choice) => (
              <option key={choice.id} value={`${question.id}:${choice.id}`}>
                {question.label}: {choice.label}
              </option>
            ))}
          </optgroup>
        ))}
        {value && !questions.some((q) => q.choices.some((c) => `${q.id}:${c.id}` === value)) ? <option value={value}>{value}</option> : null}
      </select>
    </div>
  );
}
