import { describe, expect, it } from 'vitest';
import { payloadOf, typeSpec, validateInline, validatePopup } from './registration-types';

describe('popup validation (seed 000 §5)', () => {
  it('says "{label} is required" for every blank required field, after trimming', () => {
    const { fields } = typeSpec('Sponsor Registration');
    expect(validatePopup(fields, { organization: '  ', name: '', mobile: '' })).toEqual({
      organization: 'Sponsor Organization Name is required',
      name: 'Contact Person Name is required',
      mobile: 'Mobile Number is required',
    });
    expect(validatePopup(typeSpec('Awards Registration').fields, {})).toEqual({
      nomineeName: 'Nominee Name is required',
      mobile: 'Contact Person Mobile is required',
      organization: 'Organization is required',
    });
  });

  it('accepts an optional + and 10 to 15 digits, spaces aside', () => {
    const { fields } = typeSpec('Enquire Now');
    const base = { name: 'A', subscriptionType: 'General Enquiry' };
    expect(validatePopup(fields, { ...base, mobile: '+91 98765 43210' })).toEqual({});
    expect(validatePopup(fields, { ...base, mobile: '12345' })).toEqual({ mobile: 'Mobile number must be 10-15 digits' });
    expect(validatePopup(fields, { ...base, mobile: '1234567890123456' })).toEqual({ mobile: 'Mobile number must be 10-15 digits' });
    expect(payloadOf(fields, { ...base, mobile: '+91 98765 43210', organization: ' ' })).toEqual({ ...base, mobile: '+919876543210' });
  });
});

describe('inline validation (seed 000 §5)', () => {
  it('gives the visitor messages', () => {
    expect(validateInline('visitor', { fullName: ' ', mobileNumber: '98765', city: '' })).toEqual({
      fullName: 'Name is required',
      mobileNumber: 'Valid 10-digit mobile number is required',
      city: 'City is required',
    });
    expect(validateInline('visitor', { fullName: 'A', mobileNumber: '9876543210', city: 'Hyderabad' })).toEqual({});
  });

  it('gives the stall messages', () => {
    expect(validateInline('stall', { contactPersonName: '', mobileNumber: '+919876543210', companyName: '' })).toEqual({
      contactPersonName: 'Name is required',
      mobileNumber: 'Valid 10-digit mobile number is required',
      companyName: 'Organization name is required',
    });
  });
});
