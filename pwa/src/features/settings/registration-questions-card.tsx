import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { type RegistrationQuestion, SUGGESTED_QUESTIONS, slugOf } from '@shared/registration-questions';
import { EventPicker } from '../../components/event-picker';
import { eventKeys, eventQueryOptions, startingEventQueryOptions } from '../../components/event-queries';
import { FormMessage } from '../../components/form-message';
import { api, errorMessage, readEnvelope } from '../../lib/api';

/** A question as the card edits it: its choices one a line, ids kept for the lines whose words stay. */
interface Draft {
  key: string;
  id: string;
  label: string;
  kind: RegistrationQuestion['kind'];
  required: boolean;
  choicesText: string;
  choices: RegistrationQuestion['choices'];
}

const draftOf = (question: RegistrationQuestion): Draft => ({
  key: crypto.randomUUID(),
  ...question,
  choicesText: question.choices.map((choice) => choice.label).join('\n'),
});

/** A new id for `label` that none of `taken` has ("flat", "flat-2"). */
function freshId(label: string, taken: Set<string>): string {
  const base = slugOf(label);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base.slice(0, 36)}-${n}`;
  taken.add(id);
  return id;
}

/** The drafts as the API takes them: a choice or question whose words are unchanged keeps its id (answers given stay readable). */
function questionsOf(drafts: readonly Draft[]): RegistrationQuestion[] {
  const questionIds = new Set<string>();
  return drafts.map((draft) => {
    const label = draft.label.trim();
    const kept = draft.id !== '' && !questionIds.has(draft.id);
    if (kept) questionIds.add(draft.id);
    const id = kept ? draft.id : freshId(label, questionIds);
    const choiceIds = new Set<string>();
    const choices = draft.choicesText
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((choiceLabel) => {
        const kept = draft.choices.find((choice) => choice.label === choiceLabel && !choiceIds.has(choice.id));
        if (kept) choiceIds.add(kept.id);
        return { id: kept?.id ?? freshId(choiceLabel, choiceIds), label: choiceLabel };
      });
    return { id, label, kind: draft.kind, choices, required: draft.required };
  });
}

/**
 * Settings › Registration questions (issue 32, decision 079): per event, the questions of its visitor
 * form, with their choices (one a line), one answer or several, required or not. Saved on the event
 * (`PUT /api/events/:id`, `registrationQuestions`); the public forms ask them, the visitors list shows,
 * filters and exports their answers. An empty event can start from the expo's three questions.
 */
export function RegistrationQuestionsCard() {
  const starting = useQuery(startingEventQueryOptions());
  const [eventId, setEventId] = useState('');
  useEffect(() => {
    if (!eventId && starting.data) setEventId(starting.data.id);
  }, [eventId, starting.data]);
  const event = useQuery(eventQueryOptions(eventId));
  return (
    <div className="panel-card panel-questions">
      <h2 id="registration-questions">Registration questions</h2>
      <p className="panel-muted">What the visitor form asks for an event; answers are optional unless marked required.</p>
      <EventPicker value={eventId} onChange={setEventId} label="Event" />
      {event.isError ? <FormMessage kind="error" text={errorMessage(event.error, 'Failed to load the event')} /> : null}
      {event.data ? <QuestionsForm key={event.data.id} eventId={event.data.id} saved={event.data.registrationQuestions ?? []} /> : null}
    </div>
  );
}

function QuestionsForm({ eventId, saved }: { eventId: string; saved: RegistrationQuestion[] }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [drafts, setDrafts] = useState<Draft[]>(() => saved.map(draftOf));
  const [done, setDone] = useState('');
  const save = useMutation({
    mutationFn: (questions: RegistrationQuestion[]) =>
      readEnvelope(api.api.events[':id'].$put({ param: { id: eventId }, json: { registrationQuestions: questions } })),
    onSuccess: () => {
      setDone('Questions saved: the visitor form asks them now.');
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
  const change = (key: string, patch: Partial<Draft>) => {
    setDone('');
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  };
  const add = () => {
    setDone('');
    setDrafts((current) => [...current, { key: crypto.randomUUID(), id: '', label: '', kind: 'single', required: false, choicesText: '', choices: [] }]);
  };
  const remove = (key: string) => {
    setDone('');
    setDrafts((current) => current.filter((draft) => draft.key !== key));
  };

  return (
    <form
      className="panel-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(questionsOf(drafts));
      }}
    >
      {drafts.length === 0 ? (
        <p className="panel-muted">
          No questions yet.{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => setDrafts(SUGGESTED_QUESTIONS.map(draftOf))}>
            Start with the expo’s questions
          </button>
        </p>
      ) : null}
      {drafts.map((draft, index) => {
        const id = `${formId}-${index}`;
        return (
          <fieldset key={draft.key} className="field panel-question">
            <legend>Question {index + 1}</legend>
            <div className="field">
              <label htmlFor={`${id}-label`}>Question</label>
              <input id={`${id}-label`} value={draft.label} placeholder="Looking for" onChange={(e) => change(draft.key, { label: e.currentTarget.value })} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-choices`}>Choices, one a line</label>
              <textarea
                id={`${id}-choices`}
                rows={Math.max(3, draft.choicesText.split('\n').length)}
                value={draft.choicesText}
                placeholder={'Villa\nFlat\nPlot'}
                onChange={(e) => change(draft.key, { choicesText: e.currentTarget.value })}
              />
            </div>
            <div className="panel-checks">
              <label>
                <input type="radio" name={`${id}-kind`} checked={draft.kind === 'single'} onChange={() => change(draft.key, { kind: 'single' })} />
                One answer
              </label>
              <label>
                <input type="radio" name={`${id}-kind`} checked={draft.kind === 'multi'} onChange={() => change(draft.key, { kind: 'multi' })} />
                Several answers
              </label>
              <label>
                <input type="checkbox" checked={draft.required} onChange={(e) => change(draft.key, { required: e.currentTarget.checked })} />
                Required
              </label>
              <button type="button" className="button button--ghost button--small" onClick={() => remove(draft.key)}>
                Remove question {index + 1}
              </button>
            </div>
          </fieldset>
        );
      })}
      <FormMessage kind="error" text={save.isError ? errorMessage(save.error, 'Failed to save the questions') : ''} />
      <FormMessage kind="success" text={done} />
      <div className="panel-form__actions">
        <button type="button" className="button button--ghost" onClick={add}>
          Add a question
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving ...' : 'Save questions'}
        </button>
      </div>
    </form>
  );
}
