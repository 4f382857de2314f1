import { describe, expect, it } from 'vitest';
import { answerOfCell, answerText, checkAnswers, interestAnswers, SUGGESTED_QUESTIONS, slugOf } from './registration-questions';

const [looking, budget] = SUGGESTED_QUESTIONS as [(typeof SUGGESTED_QUESTIONS)[number], (typeof SUGGESTED_QUESTIONS)[number]];

describe('registration questions (decision 079)', () => {
  it('gives a label an id of lowercase letters, digits and dashes', () => {
    expect(slugOf('Looking for')).toBe('looking-for');
    expect(slugOf('₹50 lakh – 1 crore')).toBe('50-lakh-1-crore');
    expect(slugOf('  ')).toBe('q');
    expect(slugOf('x'.repeat(60))).toHaveLength(40);
  });

  it("reads a file's cell by the choices' words or ids, in any case, and keeps unknown words for the check to name", () => {
    expect(answerOfCell(looking, 'Villa; PLOT')).toEqual(['villa', 'plot']);
    expect(answerOfCell(looking, 'flat, Castle')).toEqual(['flat', 'Castle']);
    expect(checkAnswers([looking], { 'looking-for': answerOfCell(looking, 'Castle') })).toEqual({
      ok: false,
      errors: { 'answers.looking-for': '"Castle" is not an answer to "Looking for": choose from Villa, Flat, Plot' },
    });
  });

  it('drops blank and repeated choices, and leaves an unanswered question out', () => {
    expect(checkAnswers([looking, budget], { 'looking-for': ['villa', 'villa', ''], budget: '' })).toEqual({ ok: true, answers: { 'looking-for': ['villa'] } });
  });

  it("shows answers in words and reads the home page's interest", () => {
    expect(answerText(looking, { 'looking-for': ['villa', 'plot'] })).toBe('Villa, Plot');
    expect(answerText(budget, {})).toBe('');
    expect(interestAnswers(SUGGESTED_QUESTIONS, 'plot')).toEqual({ 'looking-for': ['plot'] });
    expect(interestAnswers(SUGGESTED_QUESTIONS, 'castle')).toEqual({});
  });
});
