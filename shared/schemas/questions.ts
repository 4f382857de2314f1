import * as z from 'zod/mini';
import { ID_PATTERN, MAX_CHOICES, MAX_LABEL, MAX_QUESTIONS } from '../registration-questions';

/** The API's rules for an event's questions and a visitor's answers (their shape and meaning: ../registration-questions.ts). */

const ID_MESSAGE = 'An id is 1 to 40 lowercase letters, digits or dashes';
const idRule = z.string({ error: ID_MESSAGE }).check(z.regex(ID_PATTERN, { error: ID_MESSAGE }));
const labelRule = (what: string) =>
  z.string({ error: `${what} must be text` }).check(
    z.trim(),
    z.minLength(1, { error: `${what} is required` }),
    z.maxLength(MAX_LABEL, { error: `${what} must be at most ${MAX_LABEL} characters` }),
    z.refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { error: `${what} must be one line` }),
  );

const uniqueIds = (items: readonly { id: string }[]) => new Set(items.map((item) => item.id)).size === items.length;

/** An event's questions as the API accepts them (the event's update; Settings sends the whole list). */
export const questionsRule = z
  .array(
    z.object({
      id: idRule,
      label: labelRule('A question'),
      kind: z.enum(['single', 'multi'], { error: 'A question is single or multi choice' }),
      choices: z
        .array(z.object({ id: idRule, label: labelRule('A choice') }))
        .check(
          z.minLength(2, { error: 'A question needs at least two choices' }),
          z.maxLength(MAX_CHOICES, { error: `A question has at most ${MAX_CHOICES} choices` }),
          z.refine(uniqueIds, { error: 'Two choices of a question have the same id' }),
        ),
      required: z._default(z.boolean({ error: 'Required is true or false' }), false),
    }),
  )
  .check(
    z.maxLength(MAX_QUESTIONS, { error: `An event has at most ${MAX_QUESTIONS} questions` }),
    z.refine(uniqueIds, { error: 'Two questions have the same id' }),
  );

/** Answers as the API accepts their shape (a single choice may come as its id alone); `checkAnswers` then reads them against the event's questions. */
export const answersRule = z.record(
  z.string().check(z.maxLength(40)),
  z.union([z.string().check(z.maxLength(40)), z.array(z.string().check(z.maxLength(40))).check(z.maxLength(MAX_CHOICES))]),
);
