import { errors, jwtVerify, SignJWT } from 'jose';
import type { UserRole } from '../db/tables/system';
import { USER_ROLES } from '../schemas/users';
import { VerifiedTokens } from './verified-tokens';

/**
 * Sign-in tokens: HS256 JWTs made with jose. Verification pins the algorithm (no `none`, no RS/HS
 * confusion), the issuer and the audience, and checks expiry against the app's clock. Two audiences: the
 * panel's (admins and staff, rows of `users`) and the exhibitor portal's (rows of `exhibitor_staff`,
 * issue 32); a token made for one is refused by the other, whatever its claims say.
 */
const ISSUER = 'eventpro';
const ALGORITHM = 'HS256';
export type TokenAudience = 'panel' | 'exhibitor';
const AUDIENCES: Record<TokenAudience, string> = { panel: 'eventpro-panel', exhibitor: 'eventpro-exhibitor' };

/** A token's role: a panel user's, or `exhibitor` for the exhibitor portal's people. */
export type TokenRole = UserRole | 'exhibitor';
const audienceOf = (role: TokenRole): TokenAudience => (role === 'exhibitor' ? 'exhibitor' : 'panel');

export interface TokenClaims {
  userId: string;
  role: TokenRole;
  /** The session the token belongs to (auth/sessions.ts): the token works while that session lasts. */
  sessionId: string;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(claims: TokenClaims, secret: string, now: Date, ttlSeconds: number) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(claims.sessionId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCES[audienceOf(claims.role)])
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Tokens already verified: every request of a session sends the same one (the session itself is read each time). */
const verified = new VerifiedTokens<TokenClaims>();

/** Checks a token made for `audience` (the panel's unless said). */
export async function verifyToken(token: string, secret: string, now: Date, audience: TokenAudience = 'panel'): Promise<TokenCheck> {
  const known = verified.get(secret, token, now);
  if (known) return audienceOf(known.role) === audience ? { ok: true, claims: known } : { ok: false, reason: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCES[audience],
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    const role = payload.role;
    const roles: readonly string[] = audience === 'exhibitor' ? ['exhibitor'] : USER_ROLES;
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof role !== 'string' || !roles.includes(role)) {
      return { ok: false, reason: 'invalid' };
    }
    const claims = { userId: payload.sub, role: role as TokenRole, sessionId: payload.jti };
    verified.remember(secret, token, claims, payload.exp);
    return { ok: true, claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
