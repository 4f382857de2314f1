import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDevice } from './browser';
import { api, chooseEvent, seriousViolations, signedInAdmin, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const admin = signedInAdmin();

/** An event of its own with registrations, check-ins, sponsorship and enquiries made through the API. */
async function eventWithActivity() {
  const send = <T = { data: { id: string; eventName: string } }>(method: string, path: string, body?: unknown) =>
    api<T>(baseUrl, admin.token, method, path, body);
  const event = await send('POST', '/events', {
    eventName: `Reports Expo ${Date.now()}`,
    state: 'Telangana',
    city: 'Hyderabad',
    eventTypes: ['Exhibition'],
    startDateTime: '2030-02-01T04:30:00Z',
    endDateTime: '2030-02-02T12:30:00Z',
  });
  const eventId = event.body.data.id;
  const stamp = String(Date.now()).slice(-6);
  const people = [];
  for (const [i, city] of ['Hyderabad', 'Hyderabad', 'Warangal'].entries()) {
    const visitor = await send('POST', '/visitors', {
      fullName: `Report Visitor ${i}`,
      mobileNumber: `98${stamp}${i}0`.slice(0, 10),
      city,
      eventId,
      workingProfessional: 'Business',
    });
    expect(visitor.status).toBe(201);
    people.push(visitor.body.data.id);
  }
  expect((await send('PUT', `/visitors/${people[0]}/status`, { status: 'checked_in' })).status).toBe(200);
  expect(
    (await send('POST', '/sponsors', { organizationName: 'Gold Homes', sponsorshipTier: 'gold', sponsorshipAmount: 500000, amountPaid: 200000, eventId }))
      .status,
  ).toBe(201);
  return { eventId, eventName: event.body.data.eventName };
}

/** A card's table as text, a row per line and cells separated by "|". */
const rowsOf = (card: Locator) =>
  card.locator('tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim()).join('|')));

describe('Reports', () => {
  it("shows an event's figures as charts over tables, and exports them as CSV and an Excel workbook", async () => {
    const { eventId } = await eventWithActivity();
    const { body } = await api<{ data: { showUp: { registered: number; checkedIn: number }; event: { eventName: string } } }>(
      baseUrl,
      admin.token,
      'GET',
      `/reports?eventId=${eventId}`,
    );
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/reports?eventId=${eventId}`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByText(`${body.data.event.eventName} · days and hours in IST`).waitFor();

    // The figures on screen are the database's, as the API computed them.
    const city = page.getByTestId('report-city');
    expect(await rowsOf(city)).toEqual(['City|Visitors', 'Hyderabad|2', 'Warangal|1']);
    await page.getByTestId('show-up-rate').getByText(`showed up: ${body.data.showUp.checkedIn} of ${body.data.showUp.registered} registered`).waitFor();
    expect(await rowsOf(page.getByTestId('report-sponsorship'))).toContain('All|1|₹5,00,000|₹2,00,000|₹3,00,000');
    expect(await page.getByTestId('report-enquiries').textContent()).toContain('Nothing yet for this event.');
    // Every chart is drawn (a canvas with pixels) and named for screen readers.
    for (const name of ['Registrations per day by type', 'Visitors by city', 'Check-ins per hour', 'Sponsorship committed and paid by tier']) {
      const canvas = page.getByRole('img', { name });
      await canvas.waitFor();
      expect(await canvas.evaluate((el: HTMLCanvasElement) => el.width > 0 && el.height > 0)).toBe(true);
    }

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^reports-reports-expo-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await csvDownload.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFRegistrations per day\r\n')).toBe(true);
    expect(csv).toContain('Visitors by city\r\nCity,Visitors\r\nHyderabad,2\r\nWarangal,1\r\n');
    expect(csv).toContain('All,1,500000,200000,300000');

    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
    const files = unzipSync(new Uint8Array(readFileSync((await xlsxDownload.path())!)));
    const workbook = strFromU8(files['xl/workbook.xml']!);
    for (const sheet of ['Registrations per day', 'Visitors by city', 'Check-ins per hour', 'Show-up', 'Sponsorship', 'Enquiries by status']) {
      expect(workbook).toContain(`name="${sheet}"`);
    }
    const cells = Object.entries(files)
      .filter(([name]) => name.startsWith('xl/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('');
    expect(cells).toContain('Warangal');
    expect(cells).toContain('<v>500000</v>');
  });

  it('keeps the chosen event in the URL, fits a phone, and has no serious axe violations', async () => {
    const { eventId, eventName } = await eventWithActivity();
    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = phone;
      await useToken(page, baseUrl, admin.token);
      await page.goto(`${baseUrl}/panel/reports`);
      await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
      await chooseEvent(page, eventName, 'Event');
      await page.waitForURL(`${baseUrl}/panel/reports?eventId=${eventId}`);
      await page.getByText(`${eventName} · days and hours in IST`).waitFor();
      await page
        .getByTestId('report-city')
        .getByRole('row', { name: /Warangal/ })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
