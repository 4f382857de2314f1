import { describe, expect, it } from 'vitest';
import { checkForm, FORM_SCHEMAS, INLINE_FORM_SCHEMAS, inlineMobileInput } from './form-rules';
import { type RegistrationType, typeSpec, type Values } from './registration-types';

// The public forms' checks as the forms make them: the shared schemas of each type, their messages per field.
const popupErrors = (type: RegistrationType, values: Values) => {
  const checked = checkForm(FORM_SCHEMAS[typeSpec(type).kind], values);
  return checked.ok ? {} : checked.errors;
};
const popupBody = (type: RegistrationType, values: Values): Record<string, unknown> => {
  const checked = checkForm(FORM_SCHEMAS[typeSpec(type).kind], values);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.body;
};
const inlineErrors = (kind: 'visitor' | 'stall', values: Values) => {
  const checked = checkForm(INLINE_FORM_SCHEMAS[kind], values);
  return checked.ok ? {} : checked.errors;
};
const inlineBody = (kind: 'visitor' | 'stall', values: Values) => {
  const checked = checkForm(INLINE_FORM_SCHEMAS[kind], values);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.body;
};

describe('popup validation: required fields and 10-15 digit mobiles', () => {
  it('says "{label} is required" for every blank required field, after trimming', () => {
    expect(popupErrors('Sponsor Registration', { organization: '  ', name: '', mobile: '' })).toEqual({
      organization: 'Sponsor Organization Name is required',
      name: 'Contact Person Name is required',
      mobile: 'Mobile Number is required',
    });
    expect(popupErrors('Awards Registration', {})).toEqual({
      nomineeName: 'Nominee Name is required',
      mobile: 'Contact Person Mobile is required',
      organization: 'Organization is required',
    });
  });

  it('offers the award categories, optional, only once the organiser has listed some', () => {
    expect(typeSpec('Awards Registration').fields.map((f) => f.name)).toEqual(['nomineeName', 'mobile', 'organization', 'email']);
    const category = typeSpec('Awards Registration', undefined, ['Best Luxury Project']).fields.find((f) => f.name === 'category');
    expect(category).toMatchObject({ label: 'Award Category', kind: 'select', required: false, options: ['Best Luxury Project'] });
  });

  it('offers an optional e-mail on every form, checked when given and left out when blank', () => {
    for (const type of ['Visitor Registration', 'Awards Registration', 'Book a Stall', 'Sponsor Registration', 'Enquire Now'] as const) {
      expect(
        typeSpec(type).fields.find((f) => f.name === 'email'),
        type,
      ).toMatchObject({ label: 'E-mail (optional)', kind: 'email', required: false });
    }
    const base = { name: 'A', subscriptionType: 'General Enquiry', mobile: '9876543210' };
    expect(popupErrors('Enquire Now', { ...base, email: 'not an address' })).toEqual({ email: 'Please enter a valid e-mail address' });
    expect(popupBody('Enquire Now', { ...base, email: ' asha@example.in ' })).toEqual({ ...base, mobile: '+919876543210', email: 'asha@example.in' });
    expect(popupBody('Enquire Now', { ...base, email: '' })).toEqual({ ...base, mobile: '+919876543210' });
  });

  it('accepts an optional + and 10 to 15 digits, spaces aside', () => {
    const base = { name: 'A', subscriptionType: 'General Enquiry' };
    expect(popupErrors('Enquire Now', { ...base, mobile: '+91 98765 43210' })).toEqual({});
    expect(popupErrors('Enquire Now', { ...base, mobile: '12345' })).toEqual({ mobile: 'Mobile number must be 10-15 digits' });
    expect(popupErrors('Enquire Now', { ...base, mobile: '1234567890123456' })).toEqual({ mobile: 'Mobile number must be 10-15 digits' });
    expect(popupBody('Enquire Now', { ...base, mobile: '+91 98765 43210', organization: ' ' })).toEqual({ ...base, mobile: '+919876543210' });
    expect(popupBody('Enquire Now', { ...base, mobile: '098765 43210' })).toEqual({ ...base, mobile: '+919876543210' });
  });
});

describe('inline validation: required fields and 10-digit mobiles', () => {
  it('gives the visitor messages', () => {
    expect(inlineErrors('visitor', { fullName: ' ', mobileNumber: '98765', city: '' })).toEqual({
      fullName: 'Name is required',
      mobileNumber: 'Valid 10-digit mobile number is required',
      city: 'City is required',
    });
    expect(inlineErrors('visitor', { fullName: 'A', mobileNumber: '9876543210', city: 'Hyderabad' })).toEqual({});
  });

  it('gives the stall messages', () => {
    expect(inlineErrors('stall', { contactPersonName: '', mobileNumber: '+1 415 555 2671', companyName: '' })).toEqual({
      contactPersonName: 'Name is required',
      mobileNumber: 'Valid 10-digit mobile number is required',
      companyName: 'Organization name is required',
    });
  });

  it('takes an Indian mobile number in any spelling as its 10 digits, and refuses what is longer instead of cutting it', () => {
    for (const spelling of ['9876543210', '+91 98765 43210', '098765 43210', '0091 98765 43210', '+919876543210', '919876543210', '98765-43210']) {
      expect(inlineMobileInput(spelling), spelling).toBe('9876543210');
      expect(inlineErrors('visitor', { fullName: 'A', mobileNumber: spelling, city: 'Pune' }), spelling).toEqual({});
      expect(inlineBody('visitor', { fullName: ' A ', mobileNumber: spelling, city: 'Pune' }), spelling).toEqual({
        fullName: 'A',
        mobileNumber: '9876543210',
        city: 'Pune',
      });
    }
    // Typing goes on undisturbed; an over-long number stays as typed and gets the field's message.
    expect(inlineMobileInput('98765')).toBe('98765');
    expect(inlineMobileInput('9876543210123456')).toBe('9876543210123456');
    expect(inlineErrors('visitor', { fullName: 'A', mobileNumber: '9876543210123456', city: 'Pune' })).toEqual({
      mobileNumber: 'Valid 10-digit mobile number is required',
    });
    expect(inlineErrors('visitor', { fullName: 'x'.repeat(5000), mobileNumber: '9876543210', city: 'Pune' })).toEqual({
      fullName: 'Full Name must be at most 200 characters',
    });
    expect(inlineErrors('stall', { contactPersonName: 'B', mobileNumber: '9876543210', companyName: 'c'.repeat(201) })).toEqual({
      companyName: 'Company / Organization Name must be at most 200 characters',
    });
  });
});

describe('popup numbers and lengths', () => {
  it('keeps the typed spelling, sends the canonical number, and gives long text its message', () => {
    const base = { fullName: 'A', workingProfessional: 'Others', city: 'Pune' };
    for (const spelling of ['9876543210', '+91 98765 43210', '098765 43210', '0091 98765 43210', '+919876543210']) {
      expect(popupErrors('Visitor Registration', { ...base, mobileNumber: spelling }), spelling).toEqual({});
      expect(popupBody('Visitor Registration', { ...base, mobileNumber: spelling }).mobileNumber, spelling).toBe('+919876543210');
    }
    expect(popupErrors('Visitor Registration', { ...base, mobileNumber: '123456789012345' })).toEqual({
      mobileNumber: 'Enter a valid mobile number, with its country code if it is not Indian',
    });
    expect(popupErrors('Visitor Registration', { ...base, fullName: 'x'.repeat(5000), mobileNumber: '9876543210' })).toEqual({
      fullName: 'Full Name must be at most 200 characters',
    });
  });
});
