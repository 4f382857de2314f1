import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_NOTICES } from '../../shared/consent';
import { phoneProviderEnv, startPhoneProviders, startSmtpServer } from '../../edge/testing/message-providers';
import { EMAIL_CONFIRMED_MESSAGE, UNSUBSCRIBED_MESSAGE } from '../../edge/routes/public/email-confirmations';
import { type RunningServer, startBuiltServer } from '../../scripts/built-server';
import teForms from '../../pwa/src/features/public-site/i18n/te.forms.json';
import teSite from '../../pwa/src/features/public-site/i18n/te.json';
import tePasses from '../../pwa/src/features/public-site/i18n/te.passes.json';
import { hydrated, openDevice } from './browser';
import { api, apiLogin, uniqueMobile } from './panel-helpers';

/**
 * Issue 30 on a phone (390 px), end to end against the built server with local WhatsApp and SMS providers:
 * a person's consents from their pass link (decision 078), the pass as a PDF with a Telugu name, a
 * family registered on the visitor form (decision 077), and the e-mails' links in their holder's language
 * (decision 092; e-mail through a local SMTP server).
 */
let providers: Awaited<ReturnType<typeof startPhoneProviders>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: RunningServer;
const PHONE = { viewport: { width: 390, height: 844 } };
const te = { ...teSite, ...teForms, ...tePasses };
/** Where the screens of a run are kept to be looked at (each width the team checks). */
const SHOTS = process.env.E2E_SCREENSHOTS;
const WIDTHS = [390, 768, 1024, 1280];

beforeAll(async () => {
  providers = await startPhoneProviders();
  smtp = await startSmtpServer();
  server = await startBuiltServer({ ...phoneProviderEnv(providers.url), SMTP_URL: smtp.url, MAIL_FROM: 'EventPro <passes@expo.test>' });
});
afterAll(async () => {
  await server?.stop();
  await providers?.close();
  await smtp?.close();
});

/** The token of the first link to `path` (`/confirm-email/`, `/unsubscribe/`) in an e-mail to `address` (waits for it to arrive). */
async function mailedLink(address: string, path: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  const pattern = new RegExp(`${path}([A-Za-z0-9_-]{52})`);
  for (;;) {
    const mail = smtp.received.find((m) => JSON.stringify(m.to).includes(address) && pattern.test(m.text ?? ''));
    if (mail) return pattern.exec(mail.text ?? '')![1]!;
    if (Date.now() > deadline) throw new Error(`no e-mail with ${path} to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const whatsappTo = (number: string, after = 0) =>
  providers.requests.slice(after).filter((r) => r.path.endsWith('/messages') && (r.body as { to?: string }).to === `91${number}`);

/** The pass link of the latest WhatsApp message to `number` (waits for it to arrive). */
async function linkSentTo(number: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const message = whatsappTo(number).at(-1);
    if (message)
      return (message.body as { template: { components: Array<{ parameters: Array<{ text: string }> }> } }).template.components[0]!.parameters[5]!.text;
    if (Date.now() > deadline) throw new Error(`no WhatsApp message to ${number}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a pass link on a phone', () => {
  it('shows the consents given, gives and withdraws the exhibitors’ sharing, withdraws messages (none sent after), and downloads the pass as a PDF with the Telugu name', async () => {
    const number = uniqueMobile();
    const name = 'శ్రీ లక్ష్మి రెడ్డి';
    const res = await fetch(`${server.url}/api/visitors/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: name, mobileNumber: number, city: 'Hyderabad', consentVersion: CONSENT_NOTICES.pass_messages.version }),
    });
    expect(res.status).toBe(201);
    const { id } = ((await res.json()) as { data: { id: string } }).data;
    const link = await linkSentTo(number);

    const phone = await openDevice(PHONE);
    try {
      const { page } = phone;
      await page.goto(link);
      const choices = page.getByRole('region', { name: 'Your choices' });
      const messages = choices.locator('[data-purpose="pass_messages"]');
      const exhibitors = choices.locator('[data-purpose="exhibitors"]');
      await messages.getByText(/^Given on /).waitFor();
      expect(await exhibitors.innerText()).toContain('Let exhibitors I visit receive my name and number');
      expect(await exhibitors.innerText()).toContain('Not given');

      await exhibitors.getByRole('button', { name: 'Give' }).click();
      await exhibitors.getByText(/^Given on /).waitFor();
      await choices.getByText('Consent given').waitFor();
      await exhibitors.getByRole('button', { name: 'Withdraw' }).click();
      await exhibitors.getByText(/^Withdrawn on /).waitFor();
      // The Give button is back: the person may change their mind again.
      await exhibitors.getByRole('button', { name: 'Give' }).waitFor();

      // Messages: asked twice, then withdrawn; a form's purpose cannot be given back here.
      await messages.getByRole('button', { name: 'Withdraw' }).click();
      await messages.getByRole('button', { name: 'Keep it' }).click();
      expect(await messages.innerText()).toContain('Given on');
      await messages.getByRole('button', { name: 'Withdraw' }).click();
      await messages.getByRole('button', { name: 'Yes, withdraw' }).click();
      await messages.getByText(/^Withdrawn on /).waitFor();
      expect(await messages.getByRole('button').count()).toBe(0);

      // The record's acts, oldest first, as the panel shows them.
      const admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
      const acts = await api<{ data: Array<{ purpose: string; given: boolean }> }>(server.url, admin, 'GET', `/visitors/${id}/consents`);
      expect(acts.body.data.map((act) => `${act.purpose}:${act.given}`)).toEqual([
        'pass_messages:true',
        'exhibitors:true',
        'exhibitors:false',
        'pass_messages:false',
      ]);

      // "Find my pass" on the number now sends nothing to it.
      const before = providers.requests.length;
      const find = await fetch(`${server.url}/api/public/passes/find`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ contact: number }),
      });
      expect(find.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(whatsappTo(number, before)).toEqual([]);

      // The pass to keep: a PDF whose text is the name in Telugu letters.
      const pass = page.getByRole('article', { name: `Pass of ${name}` });
      const [download] = await Promise.all([page.waitForEvent('download'), pass.getByRole('button', { name: 'Download pass (PDF)' }).click()]);
      const file = await download.path();
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(name);
      expect(phone.problems.filter((p) => /Content Security Policy|pageerror/i.test(p))).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('a family on the visitor form', () => {
  it('registers 4 people in one submission: 4 records, 4 passes on the device, one submission id', async () => {
    const number = uniqueMobile();
    const cousin = uniqueMobile();
    const phone = await openDevice(PHONE);
    try {
      const { page } = phone;
      await page.goto(`${server.url}/visitor-registration`);
      await hydrated(page);
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Register Now', exact: true }) });
      const family = form.getByRole('group', { name: 'Registering your family too?' });
      await form.getByLabel('Full Name').first().fill('Ravi Kumar');
      await form
        .getByLabel(/^Mobile Number/)
        .first()
        .fill(number);
      await form.getByLabel('State').selectOption('Telangana');
      await form.getByLabel('City').selectOption('Hyderabad');
      for (let i = 0; i < 3; i++) await family.getByRole('button', { name: 'Add a person' }).click();
      const person = (n: number) => family.getByRole('group', { name: `Person ${n}` });
      // A person without a name is refused beside the field, and nothing is sent.
      await form.getByRole('button', { name: 'Register Now', exact: true }).click();
      await person(2).getByText('Name is required').waitFor();
      await person(2).getByLabel('Full Name').fill('సీత కుమార్');
      await person(3).getByLabel('Full Name').fill('अनन्या कुमार');
      await person(4).getByLabel('Full Name').fill('Arjun Kumar');
      await person(4).getByLabel('Mobile Number (optional)').fill(cousin);
      await form.getByRole('button', { name: 'Register Now', exact: true }).click();
      await page.getByText('Visitor registration successful! The passes of the 3 people with you are saved in My passes.').waitFor();
      // The form is empty again, family included.
      expect(await family.getByRole('group').count()).toBe(0);

      await page.getByRole('link', { name: 'My passes' }).first().click();
      for (const name of ['Ravi Kumar', 'సీత కుమార్', 'अनन्या कुमार', 'Arjun Kumar']) await page.getByRole('article', { name: `Pass of ${name}` }).waitFor();

      const admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
      const listed = await api<{ data: { items: Array<{ fullName: string; passCode: string; registrationType: string }> } }>(
        server.url,
        admin,
        'GET',
        `/visitors?q=${number}&limit=50`,
      );
      const names = listed.body.data.items.map((row) => row.fullName).sort();
      // The cousin has a number of their own; the two others are kept under the registrant's.
      expect(names).toEqual(['Ravi Kumar', 'अनन्या कुमार', 'సీత కుమార్'].sort());
      const withCousin = await api<{ data: { items: Array<{ fullName: string }> } }>(server.url, admin, 'GET', `/visitors?q=${cousin}&limit=50`);
      expect(withCousin.body.data.items.map((row) => row.fullName)).toEqual(['Arjun Kumar']);
      // One WhatsApp each to the registrant and the cousin: the members without a number get none.
      const deadline = Date.now() + 15_000;
      while ((whatsappTo(number).length < 1 || whatsappTo(cousin).length < 1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect([whatsappTo(number).length, whatsappTo(cousin).length]).toEqual([1, 1]);
      expect(phone.problems.filter((p) => /Content Security Policy|pageerror/i.test(p))).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('the pass in the language of its holder (decision 087)', () => {
  it('a visitor who registers on /te/ opens their pass link on another phone in Telugu: header, pass, choices', async () => {
    const number = uniqueMobile();
    const phone = await openDevice(PHONE);
    try {
      const { page } = phone;
      await page.goto(`${server.url}/te/visitor-registration`);
      await hydrated(page);
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: te['Register Now'], exact: true }) });
      await form.getByLabel(te['Full Name']).first().fill('Lakshmi Devi');
      await form.getByLabel(te['Mobile Number']).first().fill(number);
      await form.getByLabel(te.State).selectOption('Telangana');
      await form.getByLabel(te.City).selectOption('Hyderabad');
      await form.getByRole('button', { name: te['Register Now'], exact: true }).click();
      await page.locator('article.pass').waitFor();
    } finally {
      await phone.close();
    }
    // The pass template is approved in English only here: the WhatsApp goes in English, its link to the Telugu page.
    const link = await linkSentTo(number);
    expect((whatsappTo(number).at(-1)!.body as { template: { language: { code: string } } }).template.language.code).toBe('en');

    // Another phone, with nothing saved and no language chosen: the link alone says Telugu.
    const other = await openDevice(PHONE);
    try {
      const { page, problems } = other;
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: te['Your pass'] }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('te');
      const pass = page.locator('article.pass');
      expect(await pass.getAttribute('aria-label')).toBe(te['Pass of {name}'].replace('{name}', 'Lakshmi Devi'));
      for (const text of [te['Pass code'], te['Show this at the entrance'], te['Visitor Registration'], 'అక్టోబర్'])
        expect(await pass.innerText()).toContain(text);
      const choices = page.getByRole('region', { name: te['Your choices'] });
      const messages = choices.locator('[data-purpose="pass_messages"]');
      expect(await messages.locator('h3').innerText()).toBe(te['Send me my pass and messages about the event by WhatsApp, SMS and e-mail']);
      expect(await messages.getByRole('button', { name: te.Withdraw }).count()).toBe(1);
      expect(await page.locator('.pass__saved a').getAttribute('href')).toBe('/te/passes');
      // Nothing on the page is left in the English of the catalogue's texts.
      const body = await page.locator('main').innerText();
      for (const english of ['Your pass', 'Pass code', 'Your choices', 'Withdraw', 'Saved on this device']) expect(body).not.toContain(english);
      if (SHOTS) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: `${SHOTS}/pass-te-${width}.png`, fullPage: true });
        }
      }
      expect(problems.filter((p) => /pageerror|hydrat/i.test(p))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('a family in the registration popup', () => {
  it('the popup offers the same family part as the inline form: 2 people, 2 records, 2 passes', async () => {
    const number = uniqueMobile();
    const phone = await openDevice(PHONE);
    try {
      const { page } = phone;
      await page.goto(`${server.url}/`);
      await hydrated(page);
      await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await page.locator('.site-header__choices').getByRole('link', { name: 'Visitor Registration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Visitor Registration' });
      await dialog.getByLabel('Full Name').first().fill('Meena Rao');
      await dialog
        .getByLabel(/^Mobile Number/)
        .first()
        .fill(number);
      await dialog.getByLabel('Professional Type').selectOption('Business');
      await dialog.getByLabel('State').selectOption('Telangana');
      await dialog.getByLabel('City').selectOption('Hyderabad');
      const family = dialog.getByRole('group', { name: 'Registering your family too?' });
      await family.getByRole('button', { name: 'Add a person' }).click();
      const person = family.getByRole('group', { name: 'Person 2' });
      // Refused beside the field when the name is missing, as on the inline form.
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await person.getByText('Name is required').waitFor();
      await person.getByLabel('Full Name').fill('Kiran Rao');
      if (SHOTS) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: `${SHOTS}/popup-family-${width}.png` });
        }
      }
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('Registration successful! The passes of the person with you are saved in My passes.').waitFor();

      const admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
      const listed = await api<{ data: { items: Array<{ fullName: string; registrationType: string }> } }>(
        server.url,
        admin,
        'GET',
        `/visitors?q=${number}&limit=50`,
      );
      expect(listed.body.data.items.map((row) => `${row.fullName}:${row.registrationType}`).sort()).toEqual([
        'Kiran Rao:family_registration',
        'Meena Rao:visitor_registration',
      ]);
      await page.goto(`${server.url}/passes`);
      for (const name of ['Meena Rao', 'Kiran Rao']) await page.getByRole('article', { name: `Pass of ${name}` }).waitFor();
    } finally {
      await phone.close();
    }
  });
});

describe("the e-mails' links in the language of their holder (decision 092)", () => {
  it('a Telugu registrant confirms their address and stops group messages on pages in Telugu; a link the server cannot place stays in English', async () => {
    const email = `telugu.${Date.now()}@example.in`;
    const res = await fetch(`${server.url}/api/visitors/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Lakshmi Devi',
        mobileNumber: uniqueMobile(),
        city: 'Hyderabad',
        email,
        language: 'te',
        consentVersion: CONSENT_NOTICES.pass_messages.version,
      }),
    });
    expect(res.status).toBe(201);
    const { id } = ((await res.json()) as { data: { id: string } }).data;
    const phone = await openDevice(PHONE);
    try {
      const { page, problems } = phone;
      await page.goto(`${server.url}/confirm-email/${await mailedLink(email, '/confirm-email/')}`);
      await page.getByRole('heading', { level: 1, name: te['Confirm your e-mail address'] }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('te');
      expect(await page.locator('main').innerText()).toContain(te['Press the button to confirm this address: your pass is then sent to it.']);
      if (SHOTS) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: `${SHOTS}/confirm-email-te-${width}.png`, fullPage: true });
        }
        await page.setViewportSize(PHONE.viewport);
      }
      await page.getByRole('button', { name: te['Confirm my e-mail address'] }).click();
      const done = page.getByRole('status');
      await done.getByText(te[EMAIL_CONFIRMED_MESSAGE], { exact: false }).waitFor();
      expect(await done.locator('a').getAttribute('href')).toBe('/te/passes');
      expect(await page.locator('main').innerText()).not.toMatch(/confirm|passes/i);

      // A group e-mail to the confirmed address carries an unsubscribe link; its page speaks Telugu too.
      const admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
      const group = await api(server.url, admin, 'POST', '/messages/groups', {
        resource: 'visitors',
        ids: [id],
        channel: 'email',
        subject: 'Parking for {name}',
        body: 'Use gate 3.',
      });
      expect(group.status).toBe(201);
      await page.goto(`${server.url}/unsubscribe/${await mailedLink(email, '/unsubscribe/')}`);
      await page.getByRole('heading', { level: 1, name: te['Stop these messages'] }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('te');
      await page.getByRole('button', { name: te['Stop these messages'] }).click();
      await page.getByRole('status').getByText(te[UNSUBSCRIBED_MESSAGE], { exact: false }).waitFor();

      // A link that names nobody: the device's language (none chosen here), English.
      await page.goto(`${server.url}/confirm-email/${'A'.repeat(52)}`);
      await page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(problems.filter((p) => /pageerror|hydrat/i.test(p))).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
