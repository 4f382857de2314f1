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

const login = (email: string, password: string, address = '10.0.0.1') =>
  t.request('POST', '/api/auth/login', { json: { email, password }, address });

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
    const [ha, hb] = await Promise.all(
      [a.id, b.id].map(async (id) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash),
    );
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

describe('failed-login throttling', () => {
  const lockOut = async (victim: { email: string }) => {
    for (let i = 0; i < 5; i++) expect((await login(victim.email, `guess ${i}`, `10.1.0.${i}`)).status).toBe(401);
  };

  it('locks an account after 5 failures with 429, without locking any other account', async () => {
    const victim = await t.createUser('staff');
    const other = await t.createUser('staff');
    await lockOut(victim);

    const locked = await login(victim.email, victim.password, '10.1.1.1');
    expect(locked.status).toBe(429);
    // 900 s from the API's clock (the Worker's real clock may have moved on a second by now).
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThanOrEqual(t.clock ? 900 : 898);
    expect(Number(locked.headers.get('Retry-After'))).toBeLessThanOrEqual(900);
    expect((await locked.json()).message).toBe('Too many failed attempts. Try again in 15 minutes.');

    expect((await login(other.email, other.password, '10.1.0.1')).status).toBe(200);
  });

  itMovesTheClock('lifts the lock after 15 minutes', async () => {
    const victim = await t.createUser('staff');
    await lockOut(victim);
    expect((await login(victim.email, victim.password, '10.1.1.1')).status).toBe(429);
    t.clock!.advance(15 * 60_000 + 1);
    expect((await login(victim.email, victim.password, '10.1.1.1')).status).toBe(200);
  });

  it('a successful login clears the account count', async () => {
    const user = await t.createUser('staff');
    for (let i = 0; i < 4; i++) await login(user.email, 'wrong', '10.2.0.1');
    expect((await login(user.email, user.password, '10.2.0.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'wrong', '10.2.0.1')).status).toBe(401);
    expect((await login(user.email, user.password, '10.2.0.1')).status).toBe(200);
  });

  it('counts failures per client address across accounts, without touching other addresses', async () => {
    const target = await t.createUser('staff');
    for (let i = 0; i < 50; i++) {
      expect((await login(`spray-${i}@expo.test`, 'password', '10.3.0.66')).status).toBe(401);
    }
    expect((await login(target.email, target.password, '10.3.0.66')).status).toBe(429);
    expect((await login(target.email, target.password, '10.3.0.67')).status).toBe(200);
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

  it('a disabled account cannot log in and its tokens stop working at once', async () => {
    const staff = await t.createUser('staff');
    const token = await t.login(staff.email, staff.password);
    expect((await me(token)).status).toBe(200);
    await t.disableUser(staff.id);
    expect((await me(token)).status).toBe(401);
    const res = await login(staff.email, staff.password, '10.4.0.1');
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('This account is disabled.');
  });
});

