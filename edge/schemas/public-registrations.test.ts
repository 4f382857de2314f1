import { describe, expect, it } from 'vitest';
import { enquirySchema, FORM_SCHEMAS, visitorRegistrationSchema } from './public-registrations';
import { FIELD_LABELS, INLINE_MOBILE_PATTERN, REQUIRED_FIELDS } from '../../shared/schemas/vocabulary';

/** The popup's schemas as the PWA will use them: every required field, "{label} is required". */
describe('popup form schemas', () => {
  it.each(Object.keys(REQUIRED_FIELDS) as Array<keyof typeof REQUIRED_FIELDS>)('%s: each required field blank → "{label} is required"', (kind) => {
    const result = FORM_SCHEMAS[kind].safeParse({});
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
    for (const field of REQUIRED_FIELDS[kind]) {
      const label = (FIELD_LABELS[kind] as Record<string, string>)[field];
      expect(messages[field]).toBe(`${label} is required`);
    }
  });

  it('the API schemas default what the forms require', () => {
    expect(visitorRegistrationSchema.parse({ fullName: 'A', mobileNumber: '9876543210' })).toEqual({
      fullName: 'A',
      mobileNumber: '+919876543210',
      workingProfessional: 'Others',
      organizationName: 'Not specified',
      city: 'Not specified',
    });
    expect(enquirySchema.parse({ name: 'A', mobile: '9876543210', eventId: ' ' })).toEqual({
      name: 'A',
      mobile: '+919876543210',
      organization: '',
      subscriptionType: 'General Enquiry',
    });
    expect(FORM_SCHEMAS.visitor.safeParse({ fullName: 'A', mobileNumber: '9876543210', workingProfessional: 'Business', city: 'Pune' }).success).toBe(true);
  });

  it('the inline forms take exactly ten digits', () => {
    expect(INLINE_MOBILE_PATTERN.test('9876543210')).toBe(true);
    expect(INLINE_MOBILE_PATTERN.test('+919876543210')).toBe(false);
    expect(INLINE_MOBILE_PATTERN.test('987654321')).toBe(false);
  });
});
