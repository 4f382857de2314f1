import { csvColumns, fieldDefaults } from '@edge/lib/resource-fields';
import { type FieldSpec, schemaOf } from '@shared/resources/fields';
import { text } from '@shared/schemas/fields';
import { speakerDescription } from '@shared/resources/speakers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { importFields } from './import/import-fields';
import { autoMap } from './import/import-rows';
import { speakersConfig } from './resources/speakers';
import { panelResource } from './types';

/**
 * A field is one line of its resource's module (shared/resources/<r>.ts): this adds one to speakers, as
 * that line would, and finds it in every layer derived from the registry — the create schema, the panel's
 * form and list, the CSV export (which the Excel export writes cell for cell, list-export.ts), the import's
 * mapping and the server's defaults. (The table's column and its migration are the other two edits; the
 * description's names are checked against the table's columns by `describeResource`.)
 */
const linkedinUrl = {
  name: 'linkedinUrl',
  label: 'LinkedIn',
  rule: z.optional(text()),
  default: '',
  input: 'url',
  list: { priority: 3 },
  csv: { header: 'LinkedIn' },
  aliases: ['LinkedIn URL', 'LinkedIn Profile'],
} as const satisfies FieldSpec;

const fields = [...speakerDescription.fields, linkedinUrl] as const;
const createSchema = schemaOf(fields);
// The real speakers' table has no such column: the description is widened here, and only here.
const description = { ...speakerDescription, fields, createSchema, updateSchema: z.partial(createSchema) } as unknown as typeof speakerDescription;
// The speakers' screen (its words), without what the config took from the description.
const screen = Object.fromEntries(Object.entries(speakersConfig).filter(([key]) => !(key in speakerDescription) && key !== 'columns')) as never;
const config = panelResource(description, screen);

describe('a field added to the registry', () => {
  it('is checked by the create schema', () => {
    expect(createSchema.parse({ fullName: 'Asha', mobileNumber: '9876543210', linkedinUrl: ' in/asha ' }).linkedinUrl).toBe('in/asha');
    expect(createSchema.safeParse({ fullName: 'Asha', mobileNumber: '9876543210', linkedinUrl: 'x'.repeat(300) }).success).toBe(false);
  });

  it('is an input of the panel form, after the fields the form names', () => {
    expect(config.fields.at(-1)).toEqual({ name: 'linkedinUrl', label: 'LinkedIn', type: 'url', aliases: ['LinkedIn URL', 'LinkedIn Profile'] });
    expect(config.fields.slice(0, -1)).toEqual(speakersConfig.fields);
  });

  it('is a column of the list, shown on wide screens only', () => {
    expect(config.columns.at(-1)).toEqual({ key: 'linkedinUrl', label: 'LinkedIn', priority: 3 });
    expect(config.columns.slice(0, -1)).toEqual(speakersConfig.columns);
  });

  it('is a column of the CSV and Excel export, with its value', () => {
    const columns = csvColumns(fields, speakerDescription.order);
    expect(columns.map(([header]) => header)).toEqual([
      ...csvColumns(speakerDescription.fields, speakerDescription.order).map(([header]) => header),
      'LinkedIn',
    ]);
    expect(columns.at(-1)![1]({ linkedinUrl: 'in/asha' })).toBe('in/asha');
  });

  it('is a field of the import, found by its label and its aliases', () => {
    expect(importFields(config).map((field) => field.name)).toContain('linkedinUrl');
    expect(autoMap(['Name', 'Mobile', 'LinkedIn Profile'], importFields(config))).toEqual(['fullName', 'mobileNumber', 'linkedinUrl']);
  });

  it('has its default on the server', () => {
    expect(fieldDefaults(fields)).toMatchObject({ linkedinUrl: '', title: '', bio: '', status: 'confirmed' });
  });
});
