import { importSummary } from '@edge/schemas/imports';
import { describe, expect, it } from 'vitest';
import { stallsConfig } from '../resources/stalls';
import { visitorsConfig } from '../resources/visitors';
import { importFields, problemOf } from './import-fields';
import { autoMap } from './import-rows';

describe('import columns', () => {
  it("maps an organiser's own visitor sheet, in Indian and British spellings, onto the form's fields", () => {
    const headers = ['S.No', 'Name', 'Mobile No.', 'E-mail ID', 'Organisation', 'Profession', 'City', 'Pin Code', 'Remarks'];
    expect(autoMap(headers, importFields(visitorsConfig))).toEqual([
      '',
      'fullName',
      'mobileNumber',
      'email',
      'organizationName',
      'workingProfessional',
      'city',
      'pincode',
      '',
    ]);
    // The panel's own export's headers and the form's labels, as before.
    expect(autoMap(['Name', 'Phone', 'Email', 'Organisation Name', 'Working Professional'], importFields(visitorsConfig))).toEqual([
      'fullName',
      'mobileNumber',
      'email',
      'organizationName',
      'workingProfessional',
    ]);
  });

  it("lets a field's own label win over another field's synonym, and gives a field one column", () => {
    expect(autoMap(['Company', 'Contact Person', 'Phone', 'Email', 'Organisation'], importFields(stallsConfig))).toEqual([
      'companyName',
      'contactPersonName',
      'mobileNumber',
      'email',
      '',
    ]);
    expect(autoMap(['Mobile', 'WhatsApp Number'], importFields(visitorsConfig))).toEqual(['mobileNumber', '']);
  });

  it("names a row's problem by the field's label, not its API name", () => {
    const row = {
      line: 14,
      outcome: 'invalid' as const,
      errors: { workingProfessional: 'workingProfessional must be one of: Business, Salaried, Others', mobileNumber: 'Phone number is required' },
    };
    expect(problemOf(row, importFields(visitorsConfig))).toBe('Working Professional must be one of: Business, Salaried, Others; Phone number is required');
  });
});

describe('import summary', () => {
  it('writes counts in Indian grouping, as the rest of the panel does', () => {
    expect(importSummary({ new: 0, created: 9990, invalid: 10, duplicate: 1200, already_imported: 0 }, false)).toBe(
      '9,990 imported, 1,200 duplicates skipped, 10 with errors',
    );
    expect(importSummary({ new: 100000, created: 0, invalid: 0, duplicate: 0, already_imported: 0 }, true)).toBe('1,00,000 to import');
  });
});
