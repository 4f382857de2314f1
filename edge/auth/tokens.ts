import { errors, jwtVerify, SignJWT } from 'jose';
import { USER_ROLES, type UserRole } from '../db/tables/system';
import { VerifiedTokens } from './verified-tokens';

/**
 * Admin tokens: HS256 JWTs made with jose. Verification pins the algorithm (no `none`, no RS/HS
 * confusion), the issuer and the audience, and checks expiry against the app's clock.
 */
const ISSUER = 'eventpro';
const AUDIENCE = 'eventpro-panel';
const ALGORITHM = 'HS256';

export interface TokenClaims {
  userId: string;
  role: UserRole;
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
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Tokens already verified: every request of a session sends the same one (the session itself is read each time). */
const verified = new VerifiedTokens<TokenClaims>();

export async function verifyToken(token: string, secret: string, now: Date): Promise<TokenCheck> {
  const known = verified.get(secret, token, now);
  if (known) return { ok: true, claims: known };
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || !USER_ROLES.includes(role as UserRole)) {
      return { ok: false, reason: 'invalid' };
    }
    const claims = { userId: payload.sub, role: role as UserRole, sessionId: payload.jti };
    verified.remember(secret, token, claims, payload.exp);
    return { ok: true, claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
