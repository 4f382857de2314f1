import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import type { AppEnv } from '../env';

/**
 * The device cookie (OWASP, "Slow down online guessing attacks with device cookies"): after a successful
 * login the browser keeps a signed, HttpOnly cookie naming the accounts that have signed in on it. A
 * login for one of those accounts from that browser is counted on the device alone, so nobody guessing
 * elsewhere (or on the same Wi-Fi) can get it refused. It grants nothing else: the password is still
 * checked, and the cookie is sent only to /api/auth.
 */
const DEVICE_COOKIE = 'eventpro_device';
const AUDIENCE = 'eventpro-device';
const ISSUER = 'eventpro';
/** A browser stays remembered for half a year after its last successful login. */
const DEVICE_COOKIE_DAYS = 180;
/** A shared venue tablet remembers its last few accounts. */
const MAX_ACCOUNTS = 5;

export interface DeviceClaims {
  deviceId: string;
  accounts: string[];
}

const keyOf = (secret: string) => new TextEncoder().encode(`device-cookie:${secret}`);

/** The device this request's cookie names, when its signature and expiry hold. */
export async function readDeviceCookie(c: Context<AppEnv>): Promise<DeviceClaims | undefined> {
  const value = getCookie(c, DEVICE_COOKIE);
  if (!value || value.length > 4096) return undefined;
  const { secrets, now } = c.get('deps');
  try {
    const { payload } = await jwtVerify(value, keyOf(secrets.jwtSecret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
      currentDate: now(),
      requiredClaims: ['jti', 'exp'],
    });
    const accounts = payload.acc;
    if (typeof payload.jti !== 'string' || !Array.isArray(accounts) || !accounts.every((a) => typeof a === 'string')) return undefined;
    return { deviceId: payload.jti, accounts: accounts as string[] };
  } catch {
    return undefined;
  }
}

/** Remembers `email` on this device (a new device id the first time); answers the cookie's value. */
export async function rememberDevice(c: Context<AppEnv>, current: DeviceClaims | undefined, email: string): Promise<string> {
  const { secrets, now } = c.get('deps');
  const deviceId = current?.deviceId ?? crypto.randomUUID();
  const accounts = [email, ...(current?.accounts ?? []).filter((a) => a !== email)].slice(0, MAX_ACCOUNTS);
  const issuedAt = Math.floor(now().getTime() / 1000);
  const maxAge = DEVICE_COOKIE_DAYS * 24 * 3600;
  const value = await new SignJWT({ acc: accounts })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(deviceId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + maxAge)
    .sign(keyOf(secrets.jwtSecret));
  const url = new URL(c.req.url);
  const https = url.protocol === 'https:' || c.req.header('X-Forwarded-Proto') === 'https';
  setCookie(c, DEVICE_COOKIE, value, { path: '/api/auth', httpOnly: true, sameSite: 'Strict', secure: https, maxAge });
  return value;
}
