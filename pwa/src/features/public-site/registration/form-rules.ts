// The public forms' rules, loaded with the first use of a form (registration-types.ts `loadFormRules`): the
// shared schemas with their messages (edge/schemas/public-registrations.ts) and the number reader.
import { indianMobileDigits } from '@shared/schemas/mobile-number';

export { checkForm } from '@edge/schemas/check-form';
export { FORM_SCHEMAS, INLINE_FAMILY_MEMBER_SCHEMA, INLINE_FORM_SCHEMAS } from '@edge/schemas/public-registrations';

/**
 * The inline forms' mobile input as it is typed or pasted: a number in another spelling of an Indian
 * mobile ("+91 98765 43210", "098765 43210", "0091 98765 43210", "919876543210") becomes its 10 digits as
 * it arrives; anything else stays as typed, and the field's message says what is wrong when the form is
 * sent. Nothing is cut.
 */
export function inlineMobileInput(value: string): string {
  const spelledOtherwise = /[^\d]/.test(value) || value.startsWith('0') || /^91\d{10}$/.test(value);
  return spelledOtherwise ? (indianMobileDigits(value) ?? value) : value;
}
