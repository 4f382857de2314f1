// The import's own code (what the Import screen and the bench run) against the real API over a real libSQL
// file: a file with a 30 MB cell imports every other row and names the one at fault by its line and column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '@edge/testing/test-app';
import { autoMap, type ImportField, importChunks, type ImportRequestBody, runImport } from './import-rows';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const FIELDS: ImportField[] = [
  { name: 'fullName', label: 'Full Name' },
  { name: 'mobileNumber', label: 'Mobile Number' },
  { name: 'city', label: 'City' },
];

describe('importing a file with a cell no field can hold', () => {
  it('imports the other rows and names the line and column of the 30 MB cell, which is never sent', async () => {
    const table = {
      headers: ['Full Name', 'Mobile Number', 'City'],
      rows: [
        ['Asha Rao', '9848011001', 'Hyderabad'],
        ['Big Cell', '9848011002', 'x'.repeat(30_000_000)],
        ['Bala Reddy', '9848011003', 'Warangal'],
      ],
    };
    const sent: number[] = [];
    const send = async (body: ImportRequestBody) => {
      sent.push(...body.rows.map((row) => row.line));
      const res = await t.request('POST', '/api/visitors/import', { token: admin, json: body });
      expect(res.status).toBe(200);
      return (await res.json()).data;
    };
    const chunks = importChunks(table, autoMap(table.headers, FIELDS));
    const result = await runImport({ chunks, importKey: 'big-cell-file-0001', dryRun: false, send });
    expect(result.counts).toMatchObject({ created: 2, invalid: 1 });
    expect(result.rows.map((row) => [row.line, row.outcome])).toEqual([
      [2, 'created'],
      [3, 'invalid'],
      [4, 'created'],
    ]);
    expect(result.rows[1]!.errors).toEqual({ city: 'Line 3, column city: the cell holds 3,00,00,000 characters, at most 10,000' });
    expect(sent).toEqual([2, 4]);
  });
});
