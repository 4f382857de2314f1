/**
 * The organiser's questions on an event's visitor form (issue 32, decision 079): kept on the event
 * (`events.registration_questions`), answered on the visitor (`visitors.answers`). Browser-safe: the public
 * form, Settings, the panel's list and the server's checks, import and exports all read this one module.
 *
 * The answers' shape, which exhibitors' leads read from the visitor row too:
 *   `{ [questionId]: choiceId[] }` — a single-choice question holds one id, a multi-choice one or more; an
 *   unanswered question is absent (never an empty list). Ids are the organiser's slugs ("looking-for",
 *   "villa"): stable when a label's words change, readable in a filter (`?answer=looking-for:villa`).
 */

export interface QuestionChoice {
  id: string;
  label: string;
}

export interface RegistrationQuestion {
  id: string;
  label: string;
  /** `single`: one choice (radio buttons); `multi`: any number (check boxes). */
  kind: 'single' | 'multi';
  choices: QuestionChoice[];
  /** The form refuses a registration without an answer; optional otherwise. */
  required: boolean;
}

/** A visitor's answers: question id → the ids of the chosen choices. */
export type Answers = Record<string, string[]>;

/** Answers as a request may send them: a single choice may come as its id alone (./schemas/questions.ts `answersRule`). */
export type AnswersInput = Record<string, string | string[]>;

export const MAX_QUESTIONS = 10;
export const MAX_CHOICES = 20;
export const MAX_LABEL = 120;
export const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** A label's slug: the id a new question or choice gets ("₹50L – 1Cr" → "50l-1cr"). */
export function slugOf(label: string): string {
  return (
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'q'
  );
}

/** One refusal per question: the field `answers.<id>`, as the forms show it beside the question. */
export type AnswerErrors = Record<string, string>;

export const answerField = (questionId: string) => `answers.${questionId}`;

/** The refusals a visitor meets on the form, `{question}` its label: the public site translates them by these words (decision 075). */
export const ANSWER_MESSAGES = {
  required: 'Please answer "{question}"',
  oneAnswer: 'Choose one answer to "{question}"',
} as const;

/** One of ANSWER_MESSAGES about `question`. */
export const answerMessage = (message: string, question: RegistrationQuestion) => message.replace('{question}', () => question.label);

/**
 * Reads answers against an event's questions: an unknown question or choice, two choices for a single
 * question and a missing required answer are refused with words a visitor understands; blank answers are
 * left out. `requireAnswers: false` (the panel's edits, imports) checks choices but not that required
 * ones are given: an organiser may add a required question after people registered.
 */
export function checkAnswers(
  questions: readonly RegistrationQuestion[],
  input: AnswersInput | undefined,
  { requireAnswers = true } = {},
): { ok: true; answers: Answers } | { ok: false; errors: AnswerErrors } {
  const errors: AnswerErrors = {};
  const answers: Answers = {};
  const given = input ?? {};
  for (const id of Object.keys(given)) {
    if (!questions.some((question) => question.id === id)) errors[answerField(id)] = `"${id}" is not a question of this event's form`;
  }
  for (const question of questions) {
    const raw = Object.hasOwn(given, question.id) ? given[question.id] : undefined;
    const chosen = [...new Set((typeof raw === 'string' ? [raw] : (raw ?? [])).filter((id) => id !== ''))];
    const unknown = chosen.find((id) => !question.choices.some((choice) => choice.id === id));
    if (unknown !== undefined) {
      errors[answerField(question.id)] = `"${unknown}" is not an answer to "${question.label}": choose from ${question.choices.map((c) => c.label).join(', ')}`;
    } else if (question.kind === 'single' && chosen.length > 1) {
      errors[answerField(question.id)] = answerMessage(ANSWER_MESSAGES.oneAnswer, question);
    } else if (chosen.length === 0) {
      if (question.required && requireAnswers) errors[answerField(question.id)] = answerMessage(ANSWER_MESSAGES.required, question);
    } else {
      answers[question.id] = chosen;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

/** A question's answer in words ("Villa, Flat"), for lists and exports; '' when unanswered. */
export function answerText(question: RegistrationQuestion, answers: Answers | null | undefined): string {
  const chosen = answers?.[question.id] ?? [];
  return chosen.map((id) => question.choices.find((choice) => choice.id === id)?.label ?? id).join(', ');
}

/**
 * A file's cell as answers to a question: choices by label or id, separated by commas or semicolons
 * ("Villa; Flat"), in any case. Unknown words stay as given, so `checkAnswers` names them.
 */
export function answerOfCell(question: RegistrationQuestion, cell: string): string[] {
  return cell
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const lower = part.toLowerCase();
      return question.choices.find((choice) => choice.id === lower || choice.label.toLowerCase() === lower)?.id ?? part;
    });
}

/** `?answer=looking-for:villa,budget:1cr-plus`: the list's filters by answers (every pair must hold). */
export const ANSWER_FILTER_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}:[a-z0-9][a-z0-9-]{0,39}(,[a-z0-9][a-z0-9-]{0,39}:[a-z0-9][a-z0-9-]{0,39}){0,9}$/;
export const ANSWER_FILTER_MESSAGE = 'answer is question:choice pairs separated by commas, e.g. looking-for:villa';

export function answerFilterPairs(filter: string): Array<{ question: string; choice: string }> {
  return filter.split(',').map((pair) => {
    const [question, choice] = pair.split(':') as [string, string];
    return { question, choice };
  });
}

/** `?interest=villa` (the home page's cards) as answers: the first question with that choice has it chosen. */
export function interestAnswers(questions: readonly RegistrationQuestion[], interest: string): Answers {
  const question = questions.find((q) => q.choices.some((choice) => choice.id === interest));
  return question ? { [question.id]: [interest] } : {};
}

/**
 * The questions this expo's organiser asked for (issue 32): Settings offers them as a start, and the
 * home page's Villas / Flats / Plots cards preselect the first one's answer (`?interest=villa`).
 */
export const INTEREST_QUESTION_ID = 'looking-for';
export const SUGGESTED_QUESTIONS: readonly RegistrationQuestion[] = [
  {
    id: INTEREST_QUESTION_ID,
    label: 'Looking for',
    kind: 'multi',
    choices: [
      { id: 'villa', label: 'Villa' },
      { id: 'flat', label: 'Flat' },
      { id: 'plot', label: 'Plot' },
    ],
    required: false,
  },
  {
    id: 'budget',
    label: 'Budget',
    kind: 'single',
    choices: [
      { id: 'under-50l', label: 'Under ₹50 lakh' },
      { id: '50l-1cr', label: '₹50 lakh – 1 crore' },
      { id: 'over-1cr', label: 'Over ₹1 crore' },
    ],
    required: false,
  },
  {
    id: 'buying-within',
    label: 'Buying within',
    kind: 'single',
    choices: [
      { id: '3-months', label: '3 months' },
      { id: '6-months', label: '6 months' },
      { id: '12-months', label: '12 months' },
    ],
    required: false,
  },
];
