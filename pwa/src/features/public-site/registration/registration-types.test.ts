import { describe, expect, it } from 'vitest';
import * as phone from '../../../../../edge/schemas/mobile-number';
import { inlineMobileInput, inlinePayload, payloadOf, typeSpec, validateInline, validatePopup } from './registration-types';

describe('popup validation: required fields and 10-15 digit mobiles', () => {
  it('says "{label} is required" for every blank required field, after trimming', () => {
    const { fields } = typeSpec('Sponsor Registration');
    expect(validatePopup(fields, { organization: '  ', name: '', mobile: '' }, phone)).toEqual({
      organization: 'Sponsor Organization Name is required',
      name: 'Contact Person Name is required',
      mobile: 'Mobile Number is required',
    });
    expect(validatePopup(typeSpec('Awards Registration').fields, {}, phone)).toEqual({
      nomineeName: 'Nominee Name is required',
      mobile: 'Contact Person Mobile is required',
      organization: 'Organization is required',
    });
  });

  it('offers the award categories, optional, only once the organiser has listed some', () => {
    expect(typeSpec('Awards Registration').fields.map((f) => f.name)).toEqual(['nomineeName', 'mobile', 'organization']);
    const category = typeSpec('Awards Registration', undefined, ['Best Luxury Project']).fields.find((f) => f.name === 'category');
    expect(category).toMatchObject({ label: 'Award Category', kind: 'select', required: false, options: ['Best Luxury Project'] });
  });

  it('accepts an optional + and 10 to 15 digits, spaces aside', () => {
    const { fields } = typeSpec('Enquire Now');
    const base = { name: 'A', subscriptionType: 'General Enquiry' };
    expect(validatePopup(fields, { ...base, mobile: '+91 98765 43210' }, phone)).toEqual({});
    expect(validatePopup(fields, { ...base, mobile: '12345' }, phone)).toEqual({ mobile: 'Mobile number must be 10-15 digits' });
    expect(validatePopup(fields, { ...base, mobile: '1234567890123456' }, phone)).toEqual({ mobile: 'Mobile number must be 10-15 digits' });
    expect(payloadOf(fields, { ...base, mobile: '+91 98765 43210', organization: ' ' }, phone)).toEqual({ ...base, mobile: '+919876543210' });
    expect(payloadOf(fields, { ...base, mobile: '098765 43210' }, phone)).toEqual({ ...base, mobile: '+919876543210' });
  });
});

describe('inline validation: required fields and 10-digit mobiles', () => {
  it('gives the visitor messages', () => {
    expect(validateInline('visitor', { fullName: ' ', mobileNumber: '98765', city: '' }, phone)).toEqual({
      fullName: 'Name is required',
      mobileNumber: 'Valid 10-digit mobile number is required',
      city: 'City is required',
    });
    expect(validateInline('visitor', { fullName: 'A', mobileNumber: '9876543210', city: 'Hyderabad' }, phone)).toEqual({});
  });

  it('gives the stall messages', () => {
    expect(validateInline('stall', { contactPersonName: '', mobileNumber: '+1 415 555 2671', companyName: '' }, phone)).toEqual({
      contactPersonName: 'Name is required',
      mobileNumber: 'Valid 10-digit mobile number is required',
      companyName: 'Organization name is required',
    });
  });

  it('takes an Indian mobile number in any spelling as its 10 digits, and refuses what is longer instead of cutting it', () => {
    for (const spelling of ['9876543210', '+91 98765 43210', '098765 43210', '0091 98765 43210', '+919876543210', '919876543210', '98765-43210']) {
      expect(inlineMobileInput(spelling, phone), spelling).toBe('9876543210');
      expect(validateInline('visitor', { fullName: 'A', mobileNumber: spelling, city: 'Pune' }, phone), spelling).toEqual({});
      expect(inlinePayload({ fullName: ' A ', mobileNumber: spelling, city: 'Pune' }, phone), spelling).toEqual({ fullName: 'A', mobileNumber: '9876543210', city: 'Pune' });
    }
    // Typing goes on undisturbed; an over-long number stays as typed and gets the field's message.
    expect(inlineMobileInput('98765', phone)).toBe('98765');
    expect(inlineMobileInput('9876543210123456', phone)).toBe('9876543210123456');
    expect(validateInline('visitor', { fullName: 'A', mobileNumber: '9876543210123456', city: 'Pune' }, phone)).toEqual({ mobileNumber: 'Valid 10-digit mobile number is required' });
    expect(validateInline('visitor', { fullName: 'x'.repeat(5000), mobileNumber: '9876543210', city: 'Pune' }, phone)).toEqual({ fullName: 'Full Name must be at most 200 characters' });
    expect(validateInline('stall', { contactPersonName: 'B', mobileNumber: '9876543210', companyName: 'c'.repeat(201) }, phone)).toEqual({
      companyName: 'Company / Organization Name must be at most 200 characters',
    });
  });
});

describe('popup numbers and lengths', () => {
  it('keeps the typed spelling, sends the canonical number, and gives long text its message', () => {
    const { fields } = typeSpec('Visitor Registration');
    const base = { fullName: 'A', workingProfessional: 'Others', city: 'Pune' };
    for (const spelling of ['9876543210', '+91 98765 43210', '098765 43210', '0091 98765 43210', '+919876543210']) {
      expect(validatePopup(fields, { ...base, mobileNumber: spelling }, phone), spelling).toEqual({});
      expect(payloadOf(fields, { ...base, mobileNumber: spelling }, phone).mobileNumber, spelling).toBe('+919876543210');
    }
    expect(validatePopup(fields, { ...base, mobileNumber: '123456789012345' }, phone)).toEqual({
      mobileNumber: 'Enter a valid mobile number, with its country code if it is not Indian',
    });
    expect(validatePopup(fields, { ...base, fullName: 'x'.repeat(5000), mobileNumber: '9876543210' }, phone)).toEqual({ fullName: 'Full Name must be at most 200 characters' });
  });
});
