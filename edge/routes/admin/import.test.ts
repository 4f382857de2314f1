import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Send, signIn } from '../../testing/sessions';
import { makeTestApp, type TestApp } from '../../testing/test-app';

/** `POST /api/<resource>/import`: rows of a file checked, reported and written through HTTP against a real database file. */
let t: TestApp;
let admin: string;
let staff: string;
let send: Send;
beforeAll(async () => {
  t = await makeTestApp();
  ({ admin, staff, send } = await signIn(t));
});
afterAll(() => t.close());

type Cells = Record<string, string>;
const rowsOf = (cells: Cells[]) => cells.map((values, i) => ({ line: i + 2, values }));
const importFile = (resource: string, importKey: string, cells: Cells[], options: { dryRun?: boolean; eventId?: string } = {}) =>
  send('POST', `/api/${resource}/import`, { importKey, rows: rowsOf(cells), ...options });

const count = async (resource: string, q: string) => (await send('GET', `/api/${resource}?q=${encodeURIComponent(q)}&limit=100`)).body.data.total as number;

describe('a visitors file with bad rows and duplicates', () => {
  const file: Cells[] = [
    { fullName: 'Ravi Importer', mobileNumber: '98480 11111', email: 'ravi@import.in', city: 'Hyderabad' },
    { fullName: '', mobileNumber: '98480 22222' },
    { fullName: 'Sita Importer', mobileNumber: '12345' },
    { fullName: 'Ravi Again Importer', mobileNumber: '+91 98480-11111' },
    { fullName: 'Kiran Importer', mobileNumber: '9848033333', workingProfessional: 'Astronaut' },
    { fullName: 'Stored Importer', mobileNumber: '09848044444' },
    { fullName: 'Lata Importer', mobileNumber: '9848055555', status: '', tags: 'VIP' },
  ];

  beforeAll(async () => {
    const stored = await send('POST', '/api/visitors', { fullName: 'Already Stored', mobileNumber: '9848044444' });
    expect(stored.status).toBe(201);
  });

  it('a dry run reports each row in the form’s words and writes nothing', async () => {
    const { status, body } = await importFile('visitors', 'visitors-file-1', file, { dryRun: true });
    expect(status).toBe(200);
    const byLine = Object.fromEntries(body.data.rows.map((r: { line: number }) => [r.line, r]));
    expect(byLine[2]).toMatchObject({ outcome: 'new', mobileNumber: '+919848011111' });
    expect(byLine[3]).toMatchObject({ outcome: 'invalid', errors: { fullName: 'Full name is required' } });
    expect(byLine[4].outcome).toBe('invalid');
    expect(byLine[4].errors.mobileNumber).toBe('Mobile number must be 10-15 digits');
    expect(byLine[5]).toMatchObject({ outcome: 'duplicate', duplicateOf: { line: 2 }, message: 'Same mobile number as row 2 of this file' });
    expect(byLine[6].outcome).toBe('invalid');
    expect(byLine[6].errors.workingProfessional).toBeTruthy();
    expect(byLine[7]).toMatchObject({
      outcome: 'duplicate',
      duplicateOf: { name: 'Already Stored' },
      message: 'Already Stored is already registered for this event with this mobile number',
    });
    expect(byLine[8]).toMatchObject({ outcome: 'new' });
    expect(body.data.counts).toEqual({ new: 2, created: 0, invalid: 3, duplicate: 2, already_imported: 0 });
    expect(body.message).toBe('2 to import, 2 duplicates skipped, 3 with errors');
    expect(await count('visitors', 'Importer')).toBe(0);
  });

  it('the import creates the accepted rows with the form’s defaults, a pass code and the featured event', async () => {
    const { status, body } = await importFile('visitors', 'visitors-file-1', file);
    expect(status).toBe(200);
    expect(body.data.counts).toMatchObject({ created: 2, invalid: 3, duplicate: 2 });
    expect(body.message).toBe('2 imported, 2 duplicates skipped, 3 with errors');
    const list = (await send('GET', '/api/visitors?q=Importer&limit=100')).body.data;
    expect(list.total).toBe(2);
    const ravi = list.items.find((v: { fullName: string }) => v.fullName === 'Ravi Importer');
    expect(ravi).toMatchObject({
      mobileNumber: '+919848011111',
      city: 'Hyderabad',
      status: 'registered_online',
      workingProfessional: 'Others',
      registrationType: 'admin_registration',
      createdBy: 'Administrator',
    });
    expect(ravi.passCode).toEqual(expect.any(String));
    expect(ravi.tags).toEqual([]);
    expect(list.items.find((v: { fullName: string }) => v.fullName === 'Lata Importer').tags).toEqual(['VIP']);
    expect(ravi.eventName).toEqual(expect.any(String));
  });

  it('importing the same file again creates nothing and says so', async () => {
    const { status, body } = await importFile('visitors', 'visitors-file-1', file);
    expect(status).toBe(200);
    expect(body.data.counts).toMatchObject({ created: 0, already_imported: 2 });
    expect(await count('visitors', 'Importer')).toBe(2);
    const onlyImported = await importFile('visitors', 'visitors-file-1', [file[0]!]);
    expect(onlyImported.body.message).toBe('This file was already imported: nothing new was created');
  });

  it('another file with a number already stored skips it as a duplicate of the stored record', async () => {
    const { body } = await importFile('visitors', 'visitors-file-2', [{ fullName: 'Ravi Third', mobileNumber: '9848011111' }]);
    expect(body.data.rows[0]).toMatchObject({ outcome: 'duplicate', duplicateOf: { name: 'Ravi Importer' } });
    expect(await count('visitors', 'Ravi Third')).toBe(0);
  });
});

describe('every importable resource takes its own fields and rules', () => {
  it.each([
    ['guests', { fullName: 'Guest Imported', mobileNumber: '9700000001' }, { status: 'confirmed' }],
    ['speakers', { fullName: 'Speaker Imported', mobileNumber: '9700000002', title: 'CEO' }, { title: 'CEO' }],
    ['awardeesvip', { fullName: 'Awardee Imported', mobileNumber: '9700000003', city: 'Hyderabad', status: 'Not Confirmed' }, { status: 'not_confirmed' }],
    [
      'stalls',
      { contactPersonName: 'Stall Imported', companyName: 'Sri Homes', email: 'stall@import.in', mobileNumber: '9700000004' },
      { stallType: 'standard' },
    ],
    [
      'sponsors',
      { contactPersonName: 'Sponsor Imported', organizationName: 'Aparna', sponsorshipAmount: '500000', amountPaid: '200000' },
      { balanceAmount: 300000 },
    ],
  ])('%s', async (resource, cells, expected) => {
    const { status, body } = await importFile(resource, `${resource}-file`, [cells]);
    expect(status).toBe(200);
    expect(body.data.rows[0].outcome).toBe('created');
    const record = (await send('GET', `/api/${resource}/${body.data.rows[0].recordId}`)).body.data;
    expect(record).toMatchObject(expected);
  });

  it('VIP awardees without a city get their form’s message', async () => {
    const { body } = await importFile('awardeesvip', 'vip-no-city', [{ fullName: 'No City', mobileNumber: '9700000009' }], { dryRun: true });
    expect(body.data.rows[0]).toMatchObject({ outcome: 'invalid', errors: { city: 'Please fill in all required fields' } });
  });
});

describe('who may import, and what is refused', () => {
  it('staff are refused with 403, no token with 401', async () => {
    const rows = rowsOf([{ fullName: 'Staff Import', mobileNumber: '9600000001' }]);
    expect((await send('POST', '/api/visitors/import', { importKey: 'staff-file-1', rows }, staff)).status).toBe(403);
    expect((await t.request('POST', '/api/visitors/import', { json: { importKey: 'staff-file-1', rows } })).status).toBe(401);
    expect(await count('visitors', 'Staff Import')).toBe(0);
  });

  it.each([
    ['no rows', { importKey: 'bad-file-1', rows: [] }, 'The file has no rows to import'],
    ['a bad key', { importKey: 'x', rows: rowsOf([{ fullName: 'A' }]) }, 'importKey must be 8 to 100 letters, digits, - or _'],
    [
      'too many rows',
      { importKey: 'bad-file-2', rows: Array.from({ length: 501 }, (_, i) => ({ line: i + 2, values: {} })) },
      'Send at most 500 rows per request',
    ],
    ['a cell that is not text', { importKey: 'bad-file-3', rows: [{ line: 2, values: { fullName: 5 } }] }, 'Line 2, column fullName: the cell must be text'],
    [
      'a cell too long, by its line and column',
      {
        importKey: 'bad-file-6',
        rows: [
          { line: 2, values: {} },
          { line: 14, values: { fullName: 'A', city: 'x'.repeat(10_001) } },
        ],
      },
      'Line 14, column city: the cell holds 10,001 characters, at most 10,000',
    ],
    ['a line past the last a file may have', { importKey: 'bad-file-7', rows: [{ line: 1_000_001, values: {} }] }, 'line must be at most 10,00,000'],
    ['a line that is not a number', { importKey: 'bad-file-8', rows: [{ line: 'two', values: {} }] }, 'line must be a whole number'],
    [
      'a repeated line',
      {
        importKey: 'bad-file-4',
        rows: [
          { line: 2, values: {} },
          { line: 2, values: {} },
        ],
      },
      'Each row must have its own line number',
    ],
    ['an unknown event', { importKey: 'bad-file-5', eventId: 'no-such-event', rows: rowsOf([{ fullName: 'A', mobileNumber: '9600000002' }]) }, 'Unknown event'],
  ])('400 for %s', async (_, body, message) => {
    const res = await send('POST', '/api/visitors/import', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('400 for malformed JSON, 404 for a resource that is not imported', async () => {
    const res = await t.request('POST', '/api/visitors/import', { body: '{"rows": [', token: admin, headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await send('POST', '/api/awards/import', { importKey: 'awards-file', rows: rowsOf([{ nomineeName: 'A' }]) })).status).toBe(404);
  });
});
