import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTarget, makeApiTarget } from '../../testing/api-target';
import { signIn } from '../../testing/sessions';
import { nominationDescription } from '../../../shared/resources/awards';
import type { AnyResource } from '../../../shared/resources/describe';
import { statusLabel } from '../../schemas/status-labels';
import { eventDescription } from '../../../shared/resources/events';
import { guestDescription } from '../../../shared/resources/guests';
import { speakerDescription } from '../../../shared/resources/speakers';
import { sponsorDescription } from '../../../shared/resources/sponsors';
import { stallDescription } from '../../../shared/resources/stalls';
import { vipAwardeeDescription } from '../../../shared/resources/vip-awardees';
import { visitorDescription } from '../../../shared/resources/visitors';

const DESCRIPTIONS: Record<string, AnyResource> = Object.fromEntries(
  [
    visitorDescription,
    stallDescription,
    sponsorDescription,
    nominationDescription,
    guestDescription,
    speakerDescription,
    vipAwardeeDescription,
    eventDescription,
  ].map((d) => [d.name, d]),
);

/**
 * The common routes of every admin resource, through HTTP against a real database file. Each resource
 * is described by a valid payload, a field its search finds, and a status of its set.
 */
let t: ApiTarget;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await makeApiTarget();
  ({ admin, staff } = await signIn(t));
});
afterAll(() => t.close());

interface Case {
  name: string;
  sample: (n: number) => Record<string, unknown>;
  searchable: (n: number) => string;
  status: string;
  image?: 'profileImage' | 'banner';
}

const CASES: Case[] = [
  {
    name: 'visitors',
    sample: (n) => ({ fullName: `Ravi Kumar ${n}`, mobileNumber: `98765${String(n).padStart(5, '0')}`, email: `ravi${n}@example.in` }),
    searchable: (n) => `Ravi Kumar ${n}`,
    status: 'checked_in',
  },
  {
    name: 'stalls',
    sample: (n) => ({
      contactPersonName: `Anita ${n}`,
      companyName: `Sri Homes ${n}`,
      email: `anita${n}@srihomes.in`,
      mobileNumber: `91234${String(n).padStart(5, '0')}`,
    }),
    searchable: (n) => `Sri Homes ${n}`,
    status: 'confirmed',
  },
  {
    name: 'sponsors',
    sample: (n) => ({ contactPersonName: `Vikram ${n}`, organizationName: `Aparna Constructions ${n}`, sponsorshipTier: 'gold', sponsorshipAmount: 600000 }),
    searchable: (n) => `Aparna Constructions ${n}`,
    status: 'confirmed',
  },
  {
    name: 'awards',
    sample: (n) => ({ nomineeName: `Lakshmi Builders ${n}`, category: 'Best Villa Project', description: 'Gated villas', achievements: 'RERA approved' }),
    searchable: (n) => `Lakshmi Builders ${n}`,
    status: 'selected',
  },
  {
    name: 'guests',
    sample: (n) => ({ fullName: `Guest Person ${n}`, mobileNumber: `90000${String(n).padStart(5, '0')}`, email: `guest${n}@example.in` }),
    searchable: (n) => `Guest Person ${n}`,
    status: 'reached',
    image: 'profileImage',
  },
  {
    name: 'speakers',
    sample: (n) => ({ fullName: `Speaker Person ${n}`, mobileNumber: `90001${String(n).padStart(5, '0')}`, title: 'CEO', bio: 'Builds homes' }),
    searchable: (n) => `Speaker Person ${n}`,
    status: 'exited_ramp',
    image: 'profileImage',
  },
  {
    name: 'awardeesvip',
    sample: (n) => ({ fullName: `Awardee Person ${n}`, mobileNumber: `90002${String(n).padStart(5, '0')}`, city: 'Hyderabad', eventId: featuredEventId }),
    searchable: (n) => `Awardee Person ${n}`,
    status: 'left_venue',
    image: 'profileImage',
  },
  {
    name: 'events',
    sample: (n) => ({
      eventName: `Builders Summit ${n}`,
      state: 'Telangana',
      city: 'Hyderabad',
      eventTypes: ['Conference'],
      startDateTime: '2026-02-01T04:30:00.000Z',
      endDateTime: '2026-02-01T12:30:00.000Z',
    }),
    searchable: (n) => `Builders Summit ${n}`,
    status: 'completed',
    image: 'banner',
  },
];

let featuredEventId = '';
/** A real 1×1 PNG: uploads must be whole images (lib/images.ts). */
const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

const json = (method: string, path: string, body?: unknown, token = admin) => t.request(method, path, { json: body, token });
const multipart = (method: string, path: string, fields: Record<string, unknown>, files: Record<string, File> = {}, token = admin) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
  }
  for (const [key, file] of Object.entries(files)) form.append(key, file);
  return t.request(method, path, { body: form, token });
};

beforeAll(async () => {
  const res = await json('GET', '/api/events?limit=10');
  featuredEventId = (await res.json()).data.items.find((e: { isFeatured: boolean }) => e.isFeatured).id;
});

describe.each(CASES)('/api/$name', ({ name, sample, searchable, status, image }) => {
  const base = `/api/${name}`;
  /** Who reads its lists and records, and its history: staff where its description lets them (decision 051). */
  const reader = () => (DESCRIPTIONS[name]!.staff ? staff : admin);
  const historyReader = () => (DESCRIPTIONS[name]!.staff === 'check-in' ? staff : admin);

  it('creates from JSON and from multipart, stamps the creator from the token and answers the stored record', async () => {
    const fromJson = await json('POST', base, { ...sample(1), createdBy: 'someone else', createdByRole: 'admin' });
    expect(fromJson.status).toBe(201);
    const created = (await fromJson.json()).data;
    expect(created).toMatchObject({ id: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(created.createdBy).toBe('Administrator');
    if (name !== 'events') expect(created.eventId).toBe(featuredEventId);

    const fromForm = await multipart('POST', base, sample(2));
    expect(fromForm.status).toBe(201);
    const formRecord = (await fromForm.json()).data;
    if (name === 'events') expect(formRecord.eventTypes).toEqual(['Conference']);

    const got = await json('GET', `${base}/${created.id}`, undefined, reader());
    expect(got.status).toBe(200);
    expect((await got.json()).data.id).toBe(created.id);
  });

  it('lists newest first with paging, total and totalPages, finds by search, filters by status', async () => {
    for (let n = 10; n < 15; n++) {
      // Each a second newer (on the Worker, the real clock moves between requests anyway).
      t.clock?.advance(1000);
      expect((await json('POST', base, sample(n))).status).toBe(201);
    }
    const page1 = (await (await json('GET', `${base}?limit=2&page=1`, undefined, reader())).json()).data;
    const page2 = (await (await json('GET', `${base}?limit=2&page=2`)).json()).data;
    expect(page1.items).toHaveLength(2);
    expect(page1.limit).toBe(2);
    expect(page1.totalPages).toBe(Math.ceil(page1.total / 2));
    const order = [...page1.items, ...page2.items].map((i: { createdAt: string }) => i.createdAt);
    expect(order).toEqual([...order].sort().reverse());
    expect(new Set([...page1.items, ...page2.items].map((i: { id: string }) => i.id)).size).toBe(4);

    const found = (await (await json('GET', `${base}?q=${encodeURIComponent(searchable(12).toUpperCase())}`)).json()).data;
    expect(found.total).toBe(1);

    const byStatus = await json('GET', `${base}?status=no_such_status`);
    expect(byStatus.status).toBe(400);
    expect((await byStatus.json()).message).toMatch(/^Status must be one of: /);
  });

  it('sorts by each of its described sort keys both ways; any other sort is a 400 naming them', async () => {
    const { sortKeys } = DESCRIPTIONS[name]!;
    for (const key of sortKeys) {
      for (const order of ['asc', 'desc'] as const) {
        const res = await json('GET', `${base}?sort=${key}&order=${order}&limit=100`, undefined, reader());
        expect(res.status, `${key} ${order}`).toBe(200);
        const values = (await res.json()).data.items.map((item: Record<string, unknown>) => item[key]);
        const sorted = [...values].sort((a, b) => (a === b ? 0 : (a as string) < (b as string) ? -1 : 1));
        expect(values, `${key} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    }
    const misspelt = await json('GET', `${base}?sort=${sortKeys[0]}x`);
    expect(misspelt.status).toBe(400);
    expect((await misspelt.json()).message).toBe(`sort must be one of: ${sortKeys.join(', ')}`);
  });

  it('updates, refuses a stale update with 409 and the current record, logs status changes in the history', async () => {
    const created = (await (await json('POST', base, sample(20))).json()).data;
    t.clock?.advance(1000);
    const first = await t.request('PUT', `${base}/${created.id}`, { json: { status }, token: admin, headers: { 'If-Match': created.updatedAt } });
    expect(first.status).toBe(200);
    const updated = (await first.json()).data;
    expect(updated.status).toBe(status);

    const stale = await t.request('PUT', `${base}/${created.id}`, {
      json: { status: created.status },
      token: admin,
      headers: { 'If-Match': created.updatedAt },
    });
    expect(stale.status).toBe(409);
    const staleBody = await stale.json();
    expect(staleBody.data.status).toBe(status);

    // Without If-Match (older clients) the update applies.
    expect((await json('PUT', `${base}/${created.id}`, { status: created.status })).status).toBe(200);

    const history = (await (await json('GET', `${base}/${created.id}/history`, undefined, historyReader())).json()).data;
    expect(history.map((h: { fromStatus: string; toStatus: string }) => [h.fromStatus, h.toStatus])).toEqual([
      [status, created.status],
      [created.status, status],
    ]);
    expect(history[0].changedByName).toBe('Administrator');
  });

  it('deletes, and answers 404 for unknown ids', async () => {
    const created = (await (await json('POST', base, sample(30))).json()).data;
    const deleted = await json('DELETE', `${base}/${created.id}`);
    expect(deleted.status).toBe(200);
    for (const [method, path] of [
      ['GET', `${base}/${created.id}`],
      ['PUT', `${base}/${created.id}`],
      ['DELETE', `${base}/${created.id}`],
      ['GET', `${base}/nope/history`],
    ] as const) {
      const res = await json(method, path, method === 'PUT' ? { status } : undefined);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toMatch(/not found$/);
    }
  });

  it('exports the filtered list as CSV with a BOM', async () => {
    const res = await json('GET', `${base}/export.csv?q=${encodeURIComponent(searchable(13))}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(searchable(13));
    // Times as India reads them: the record's creation, 5½ hours after its UTC instant.
    const header = lines[0]!.split(',');
    const created = (await (await json('GET', `${base}?q=${encodeURIComponent(searchable(13))}`)).json()).data.items[0].createdAt as string;
    expect(lines[1]!.split(',')[header.indexOf('Created On (IST)')]).toBe(
      new Date(Date.parse(created) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' '),
    );
    // Statuses in words, as the list's badge shows them ("Registered Online"), not their codes.
    const record = (await (await json('GET', `${base}?q=${encodeURIComponent(searchable(13))}`)).json()).data.items[0];
    expect(lines[1]!.split(',')[header.indexOf('Status')]).toBe(statusLabel(record.status));
    expect(lines[1]!.split(',')[header.indexOf('Status')]).not.toMatch(/_/);
    expect((await json('GET', `${base}/export.csv`, undefined, staff)).status).toBe(403);
  });

  if (image) {
    it(`stores the ${image} by its bytes, serves it, replaces and removes it; refuses non-images (415) and > 5 MB (413)`, async () => {
      const res = await multipart('POST', base, sample(40), { [image]: new File([PNG], 'photo.png', { type: 'image/png' }) });
      expect(res.status).toBe(201);
      const record = (await res.json()).data;
      const urlField = image === 'banner' ? 'bannerUrl' : 'profileImageUrl';
      expect(record[urlField]).toMatch(/^\/api\/files\/[0-9a-f]{32}\.png$/);
      const served = await t.request('GET', record[urlField]);
      expect(served.headers.get('Content-Type')).toBe('image/png');

      const replaced = (await (await multipart('PUT', `${base}/${record.id}`, {}, { [image]: new File([PNG], 'new.png') })).json()).data;
      expect(replaced[urlField]).not.toBe(record[urlField]);
      expect((await t.request('GET', record[urlField])).status).toBe(404);

      await json('DELETE', `${base}/${record.id}`);
      expect((await t.request('GET', replaced[urlField])).status).toBe(404);

      const before = await t.rowCounts();
      const script = await multipart('POST', base, sample(41), { [image]: new File(['<script>alert(1)</script>'], 'evil.png', { type: 'image/png' }) });
      expect(script.status).toBe(415);
      const huge = await multipart('POST', base, sample(42), { [image]: new File([PNG, new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' }) });
      expect(huge.status).toBe(413);
      expect((await huge.json()).message).toBe('File size too large. Maximum size is 5MB.');
      expect(await t.rowCounts()).toEqual(before);
    });
  }
});

describe('statuses in words', () => {
  it('finds the records at a status by its words ("In Progress", "Cancelled"), and not every status for two letters', async () => {
    const mobile = `97${String(Date.now()).slice(-8)}`;
    const enquiry = (await (await t.request('POST', '/api/enquiries', { json: { name: 'Asha Rao', mobile, subscriptionType: 'General Enquiry' } })).json())
      .data;
    expect((await t.request('PUT', `/api/enquiries/${enquiry.id}/status`, { json: { status: 'in_progress' }, token: admin })).status).toBe(200);
    for (const q of ['In Progress', 'in progress', 'progress', 'in_progress']) {
      const found = (await (await json('GET', `/api/enquiries?q=${encodeURIComponent(q)}&limit=100`)).json()).data;
      expect(
        found.items.map((item: { id: string }) => item.id),
        q,
      ).toContain(enquiry.id);
      expect(
        found.items.every((item: { status: string }) => item.status === 'in_progress' || JSON.stringify(item).toLowerCase().includes(q.toLowerCase())),
        q,
      ).toBe(true);
    }
    // Two letters are a name's, not a status's: "an" does not bring every cancelled visitor.
    const visitor = (await (await json('POST', '/api/visitors', { fullName: 'Ravi Kumar', mobileNumber: `95${String(Date.now()).slice(-8)}` })).json()).data;
    expect((await json('PUT', `/api/visitors/${visitor.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const short = (await (await json('GET', `/api/visitors?q=an&limit=100`)).json()).data;
    expect(short.items.map((item: { id: string }) => item.id)).not.toContain(visitor.id);
    const word = (await (await json('GET', `/api/visitors?q=Cancelled&limit=100`)).json()).data;
    expect(word.items.map((item: { id: string }) => item.id)).toContain(visitor.id);
  });

  it('imports a status written in words, as the CSV export writes it', async () => {
    const mobileNumber = `96${String(Date.now()).slice(-8)}`;
    const res = await json('POST', '/api/visitors/import', {
      importKey: `words-${mobileNumber}`,
      rows: [{ line: 2, values: { fullName: 'Meena Kumari', mobileNumber, status: 'Checked In' } }],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe('1 imported');
    const found = (await (await json('GET', `/api/visitors?q=${mobileNumber}`)).json()).data.items;
    expect(found.map((item: { status: string }) => item.status)).toEqual(['checked_in']);
  });
});
