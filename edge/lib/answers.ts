import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { events } from '../db/tables/events';
import type { FieldErrors } from '../http/envelope';
import { type Answers, type AnswersInput, answerOfCell, checkAnswers, type RegistrationQuestion } from '../../shared/registration-questions';
import type { ResourceDescription, Row } from './resource';

/**
 * The server's side of registration questions (decision 079): which questions an export or an admin's
 * write reads answers against, and the import's cells as answers. The public registration checks its
 * answers against the event it already looked up (routes/public/registrations.ts).
 */

/** Whether a resource's records carry answers: its registry has the `answers` field (visitors). */
export const hasAnswers = (resource: ResourceDescription) => resource.fields?.some((field) => field.name === 'answers') ?? false;

/**
 * The questions of one event, or of every event when none is named (an export of all events): a question
 * asked by several events (the same id) is one column, with its choices together.
 */
export async function eventQuestions(db: Database, eventId?: string | null): Promise<RegistrationQuestion[]> {
  const query = db.select({ questions: events.registrationQuestions }).from(events);
  const rows = eventId ? await query.where(eq(events.id, eventId)) : await query;
  const merged = new Map<string, RegistrationQuestion>();
  for (const { questions } of rows) {
    for (const question of questions ?? []) {
      const known = merged.get(question.id);
      if (!known) merged.set(question.id, { ...question, choices: [...question.choices] });
      else for (const choice of question.choices) if (!known.choices.some((c) => c.id === choice.id)) known.choices.push(choice);
    }
  }
  return [...merged.values()];
}

/**
 * An admin's answers (the panel's form, an import) checked against their event's questions: choices must
 * be the question's, but a required question may stay unanswered (a question added after people registered).
 */
export async function adminAnswers(db: Database, eventId: unknown, input: AnswersInput): Promise<{ answers: Answers } | { errors: FieldErrors }> {
  const questions = typeof eventId === 'string' && eventId ? await eventQuestions(db, eventId) : [];
  const checked = checkAnswers(questions, input, { requireAnswers: false });
  return checked.ok ? { answers: checked.answers } : { errors: checked.errors };
}

/** An import row's `answers.<question id>` cells (a column mapped to a question) as the `answers` field, by choice label or id. */
export function answersOfCells(fields: Row, questions: readonly RegistrationQuestion[]): void {
  const answers: AnswersInput = {};
  for (const key of Object.keys(fields)) {
    if (!key.startsWith('answers.')) continue;
    const id = key.slice('answers.'.length);
    const question = questions.find((q) => q.id === id);
    answers[id] = question ? answerOfCell(question, String(fields[key])) : String(fields[key]);
    delete fields[key];
  }
  if (Object.keys(answers).length > 0) fields.answers = answers;
}
