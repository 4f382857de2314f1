import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_ITERATIONS } from '../auth/password';
import { users } from '../db/tables/system';
import { type ApiTarget, itMovesTheClock, makeApiTarget } from '../testing/api-target';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../testing/test-app';

let t: ApiTarget;
beforeAll(async () => {
  t = await makeApiTarget();
});
afterAll(() => t.close());

const login = (email: string, password: string, address = '10.0.0.1') => t.request('POST', '/api/auth/login', { json: { email, password }, address });

describe('POST /api/auth/login', () => {
  it('answers a token and the user for the right password, and the token opens /api/auth/me', async () => {
    const res = await login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, message: 'Login successful.', user: { email: ADMIN_EMAIL, role: 'admin' } });
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Twelve hours from the API's clock (exact on Node; the Worker's real clock moved during the request).
    expect(Math.abs(Date.parse(body.expiresAt) - t.now().getTime() - 12 * 3600 * 1000)).toBeLessThan(t.clock ? 1 : 60_000);

    const me = await t.request('GET', '/api/auth/me', { token: body.token });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ success: true, data: { email: ADMIN_EMAIL, role: 'admin', name: 'Administrator' } });
  });

  it('answers 401 "Invalid email or password" alike for a wrong password and an unknown account', async () => {
    for (const [email, password] of [
      [ADMIN_EMAIL, 'wrong password'],
      ['nobody@expo.test', ADMIN_PASSWORD],
    ] as const) {
      const res = await login(email, password, '10.0.0.2');
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });

  it('answers 400 with a message per field for missing or malformed input', async () => {
    const res = await t.request('POST', '/api/auth/login', { json: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.errors).toEqual({ email: 'Enter a valid email address', password: 'password is required' });
    expect(body.message).toBe('Enter a valid email address');
  });

  it('stores a versioned PBKDF2 hash with a per-user salt, and upgrades a weaker one at the next login', async () => {
    const a = await t.createUser('staff', 'salt-a@expo.test', 'same password');
    const b = await t.createUser('staff', 'salt-b@expo.test', 'same password');
    const [ha, hb] = await Promise.all([a.id, b.id].map(async (id) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash));
    expect(ha).toMatch(new RegExp(`^pbkdf2-sha256\\$${PASSWORD_ITERATIONS}\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(ha).not.toBe(hb);

    const weak = await hashPassword('same password', t.secrets.passwordPepper, 1000);
    await t.db.update(users).set({ passwordHash: weak }).where(eq(users.id, a.id));
    expect((await login(a.email, 'wrong password', '10.0.0.3')).status).toBe(401);
    expect((await login(a.email, 'same password', '10.0.0.3')).status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(after!.passwordHash.split('$')[1]).toBe(String(PASSWORD_ITERATIONS));
    expect((await login(a.email, 'same password', '10.0.0.3')).status).toBe(200);
  });
});

/** The device cookie a successful login set, as the browser would send it back. */
function deviceCookieOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('eventpro_device='));
  if (!cookie) throw new Error('no device cookie');
  return cookie.split(';')[0]!;
}

describe('failed-login throttling', () => {
  it('30 wrong passwords from one address leave the owner in from another address and from a remembered device', async () => {
    const owner = await t.createUser('admin');
    // The owner signed in once on a tablet at the venue: the browser keeps the device cookie.
    const first = await login(owner.email, owner.password, '10.1.0.1');
    expect(first.status).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(first.headers.getSetCookie().join()).toMatch(/HttpOnly/i);

    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(owner.email, `guess ${i}`, '10.1.0.66')).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);

    // The guesser's address is refused for this account, even with the right password...
    const refused = await login(owner.email, owner.password, '10.1.0.66');
    expect(refused.status).toBe(429);
    // 900 s from the API's clock (the Worker's real clock may have moved on a second by now).
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(t.clock ? 900 : 898);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(900);
    expect((await refused.json()).message).toBe('Too many failed attempts. Try again in 15 minutes.');
    // ...but not the owner anywhere else, nor on the remembered device on the very same Wi-Fi.
    expect((await login(owner.email, owner.password, '10.1.0.2')).status).toBe(200);
    const remembered = await t.request('POST', '/api/auth/login', {
      json: { email: owner.email, password: owner.password },
      address: '10.1.0.66',
      headers: { Cookie: cookie },
    });
    expect(remembered.status).toBe(200);
  });

  itMovesTheClock('the lock ends with its window', async () => {
    const owner = await t.createUser('admin');
    for (let i = 0; i < 6; i++) await login(owner.email, `guess ${i}`, '10.1.0.77');
    expect((await login(owner.email, owner.password, '10.1.0.77')).status).toBe(429);
    t.clock!.advance(15 * 60_000 + 1);
    expect((await login(owner.email, owner.password, '10.1.0.77')).status).toBe(200);
  });

  itMovesTheClock('a clock stepped back an hour during a lock never makes the lock longer than its 15 minutes', async () => {
    const owner = await t.createUser('admin');
    for (let i = 0; i < 6; i++) await login(owner.email, `guess ${i}`, '10.1.0.78');
    t.clock!.advance(5 * 60_000);
    t.clock!.advance(-60 * 60_000); // an NTP step, a VM resumed with an old clock
    const stepBack = t.clock!.now().getTime();
    expect((await login(owner.email, owner.password, '10.1.0.78')).status).toBe(429);
    const admin = await t.login();
    const locks = (await (await t.request('GET', '/api/auth/locks', { token: admin })).json()).data.items as { account: string; windowEndsAt: string }[];
    const lock = locks.find((l) => l.account === owner.email);
    expect(Date.parse(lock!.windowEndsAt) - t.clock!.now().getTime()).toBeLessThanOrEqual(15 * 60_000);
    const waits: number[] = [];
    for (let minute = 0; minute < 15; minute++) {
      const refused = await login(owner.email, owner.password, '10.1.0.78');
      expect(refused.status).toBe(429);
      waits.push(Number(refused.headers.get('Retry-After')));
      expect((await refused.json()).message).toMatch(/^Too many failed attempts\. Try again in ([1-9]|1[0-5]) minutes?\.$/);
      t.clock!.advance(60_000);
    }
    expect(Math.max(...waits)).toBeLessThanOrEqual(900);
    // Over within 15 minutes of the step back, not 75.
    t.clock!.advance(stepBack + 15 * 60_000 + 1 - t.clock!.now().getTime());
    expect((await login(owner.email, owner.password, '10.1.0.78')).status).toBe(200);
  });

  it('counts 20 parallel guesses before checking any password: at most 5 are evaluated', async () => {
    const victim = await t.createUser('admin');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(victim.email, `parallel ${i}`, '10.1.2.3')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length).toBe(20);
  });

  it('a forged or foreign device cookie does not let a guesser past the limit', async () => {
    const victim = await t.createUser('staff');
    const other = await t.createUser('staff');
    const otherCookie = deviceCookieOf(await login(other.email, other.password, '10.1.3.1'));
    const guess = (cookie: string) =>
      t.request('POST', '/api/auth/login', { json: { email: victim.email, password: 'guess' }, address: '10.1.3.9', headers: { Cookie: cookie } });
    for (let i = 0; i < 5; i++) expect((await guess(otherCookie)).status).toBe(401);
    expect((await guess(otherCookie)).status).toBe(429);
    expect((await guess('eventpro_device=eyJhbGciOiJub25lIn0.e30.')).status).toBe(429);
  });

  it('a remembered device has a limit of its own', async () => {
    const user = await t.createUser('staff');
    const cookie = deviceCookieOf(await login(user.email, user.password, '10.1.4.1'));
    const fromDevice = (password: string) =>
      t.request('POST', '/api/auth/login', { json: { email: user.email, password }, address: '10.1.4.1', headers: { Cookie: cookie } });
    for (let i = 0; i < 10; i++) expect((await fromDevice('typo')).status).toBe(401);
    expect((await fromDevice(user.password)).status).toBe(429);
    expect((await login(user.email, user.password, '10.1.4.2')).status).toBe(200);
  });

  it('a successful login clears its account-and-address count', async () => {
    const user = await t.createUser('staff');
    for (let i = 0; i < 4; i++) await login(user.email, 'wrong', '10.2.0.1');
    expect((await login(user.email, user.password, '10.2.0.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'wrong', '10.2.0.1')).status).toBe(401);
    expect((await login(user.email, user.password, '10.2.0.1')).status).toBe(200);
  });

  it('counts attempts per client address across accounts, without touching other addresses', async () => {
    const target = await t.createUser('staff');
    for (let i = 0; i < 50; i++) {
      expect((await login(`spray-${i}@expo.test`, 'password', '10.3.0.66')).status).toBe(401);
    }
    expect((await login(target.email, target.password, '10.3.0.66')).status).toBe(429);
    expect((await login(target.email, target.password, '10.3.0.67')).status).toBe(200);
  });

  it('admins see the locks and can clear one; staff cannot', async () => {
    const user = await t.createUser('staff');
    for (let i = 0; i < 6; i++) await login(user.email, 'wrong', '10.5.0.9');
    const admin = await t.login();
    const list = await t.request('GET', '/api/auth/locks', { token: admin });
    expect(list.status).toBe(200);
    expect(list.headers.get('Cache-Control')).toBe('private, no-store');
    const { items } = (await list.json()).data as { items: Array<Record<string, unknown>> };
    const lock = items.find((i) => i.account === user.email && i.address === '10.5.0.9');
    expect(lock).toMatchObject({ kind: 'account-address', locked: true, attempts: 6, maxAttempts: 5 });

    const staff = await t.login(user.email, user.password); // from 127.0.0.1: not locked there
    const key = encodeURIComponent(String(lock!.key));
    expect((await t.request('GET', '/api/auth/locks', { token: staff })).status).toBe(403);
    expect((await t.request('DELETE', `/api/auth/locks/${key}`, { token: staff })).status).toBe(403);
    expect((await t.request('DELETE', `/api/auth/locks/${key}`, { token: admin })).status).toBe(200);
    expect((await t.request('DELETE', `/api/auth/locks/${key}`, { token: admin })).status).toBe(404);
    expect((await login(user.email, user.password, '10.5.0.9')).status).toBe(200);
  });
});

describe('sessions', () => {
  const me = (token: string) => t.request('GET', '/api/auth/me', { token });

  it('logout ends that session only', async () => {
    const user = await t.createUser('staff');
    const a = await t.login(user.email, user.password);
    const b = await t.login(user.email, user.password);
    const out = await t.request('POST', '/api/auth/logout', { token: a });
    expect(out.status).toBe(200);
    const res = await me(a);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Your session has ended. Please log in again.');
    expect((await me(b)).status).toBe(200);
  });

  it("log out everywhere ends every session of the user, and no one else's", async () => {
    const user = await t.createUser('staff');
    const other = await t.createUser('staff');
    const a = await t.login(user.email, user.password);
    const b = await t.login(user.email, user.password);
    const c = await t.login(other.email, other.password);
    const res = await t.request('POST', '/api/auth/logout-everywhere', { token: a });
    expect(await res.json()).toMatchObject({ success: true, data: { ended: 2 } });
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(401);
    expect((await me(c)).status).toBe(200);
  });

  it("a password reset, a disable (even once re-enabled) and a role change end the user's sessions", async () => {
    const admin = await t.login();
    const put = (id: string, json: object) => t.request('PUT', `/api/users/${id}`, { token: admin, json });
    for (const change of [{ password: 'a brand new password' }, { disabled: true }, { role: 'admin' }]) {
      const user = await t.createUser('staff');
      const token = await t.login(user.email, user.password);
      expect((await me(token)).status).toBe(200);
      expect((await put(user.id, change)).status).toBe(200);
      if ('disabled' in change) expect((await put(user.id, { disabled: false })).status).toBe(200);
      expect((await me(token)).status, JSON.stringify(change)).toBe(401);
    }
    // The admin's own token is untouched by changes to others.
    expect((await me(admin)).status).toBe(200);
  });

  it('an admin resetting their own password keeps the session in use and ends the others', async () => {
    const self = await t.createUser('admin');
    const here = await t.login(self.email, self.password);
    const elsewhere = await t.login(self.email, self.password);
    expect((await t.request('PUT', `/api/users/${self.id}`, { token: here, json: { password: 'another long password' } })).status).toBe(200);
    expect((await me(here)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
  });
});

describe('changing your own password', () => {
  const me = (token: string) => t.request('GET', '/api/auth/me', { token });
  const change = (token: string, json: object, address = '10.0.7.1') => t.request('POST', '/api/auth/password', { token, json, address });

  it('a staff user changes their own password: the new one logs in, the old one no longer does, other sessions end', async () => {
    const user = await t.createUser('staff');
    const here = await t.login(user.email, user.password);
    const elsewhere = await t.login(user.email, user.password);
    const res = await change(here, { currentPassword: user.password, newPassword: 'my own new password' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      message: 'Password changed. Your other devices have been logged out.',
      data: { endedSessions: 1 },
    });
    expect((await me(here)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await login(user.email, user.password, '10.0.7.2')).status).toBe(401);
    expect((await login(user.email, 'my own new password', '10.0.7.3')).status).toBe(200);
  });

  it('answers 400 beside the field for a wrong current password, a short or unchanged new one, and keeps the password', async () => {
    const user = await t.createUser('staff');
    const token = await t.login(user.email, user.password);
    const cases: Array<[object, Record<string, string>]> = [
      [{ currentPassword: 'not my password', newPassword: 'a long enough password' }, { currentPassword: 'Current password is incorrect' }],
      [{ currentPassword: user.password, newPassword: 'short' }, { newPassword: 'Password must be at least 10 characters' }],
      [{ currentPassword: user.password, newPassword: user.password }, { newPassword: 'Choose a password different from the current one' }],
      [{ newPassword: 'a long enough password' }, { currentPassword: 'Current password is required' }],
    ];
    for (const [json, errors] of cases) {
      const res = await change(token, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).errors).toMatchObject(errors);
    }
    expect((await login(user.email, user.password, '10.0.7.4')).status).toBe(200);
  });

  it('counts wrong current passwords like failed logins: the sixth guess is refused without being checked', async () => {
    const user = await t.createUser('staff');
    const token = await t.login(user.email, user.password);
    for (let i = 0; i < 5; i++)
      expect((await change(token, { currentPassword: `guess ${i}`, newPassword: 'a long enough password' }, '10.0.7.9')).status).toBe(400);
    const res = await change(token, { currentPassword: user.password, newPassword: 'a long enough password' }, '10.0.7.9');
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('needs a signed-in user', async () => {
    const res = await t.request('POST', '/api/auth/password', { json: { currentPassword: 'x', newPassword: 'a long enough password' } });
    expect(res.status).toBe(401);
  });
});

describe('tokens and roles', () => {
  const me = (token?: string) => t.request('GET', '/api/auth/me', { token });

  it('401 without a token, with a malformed header, and with a forged token', async () => {
    expect((await me()).status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { headers: { Authorization: 'Basic abc' } })).status).toBe(401);
    const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin!.id)
      .setIssuer('eventpro')
      .setAudience('eventpro-panel')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a secret the server does not have'));
    const res = await me(forged);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: 'Invalid session. Please log in again.' });
  });

  it('401 for an alg "none" token and for a token whose payload was edited', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(t.now().getTime() / 1000);
    const claims = { sub: admin!.id, role: 'admin', iss: 'eventpro', aud: 'eventpro-panel', iat: now, exp: now + 3600 };
    expect((await me(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).status).toBe(401);

    const staff = await t.createUser('staff');
    const real = await t.login(staff.email, staff.password);
    const [header, payload, signature] = real.split('.');
    const edited = b64({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin', sub: admin!.id });
    expect((await me(`${header}.${edited}.${signature}`)).status).toBe(401);
  });

  itMovesTheClock('401 "Session expired. Please log in again." once the token has expired', async () => {
    const token = await t.login();
    t.clock!.advance(12 * 3600 * 1000 - 1000);
    expect((await me(token)).status).toBe(200);
    t.clock!.advance(2000);
    const res = await me(token);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Session expired. Please log in again.');
  });

  it('a disabled account answers like a wrong password, and its tokens stop working at once', async () => {
    const staff = await t.createUser('staff');
    const token = await t.login(staff.email, staff.password);
    expect((await me(token)).status).toBe(200);
    await t.disableUser(staff.id);
    expect((await me(token)).status).toBe(401);
    const right = await login(staff.email, staff.password, '10.4.0.1');
    const wrong = await login(staff.email, 'not the password', '10.4.0.1');
    expect(right.status).toBe(401);
    const wrongBody = await wrong.json();
    expect(wrongBody).toEqual({ success: false, message: 'Invalid email or password' });
    expect(await right.json()).toEqual(wrongBody);
  });
});
