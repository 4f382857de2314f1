/**
 * Signed tokens whose signature has already been checked, by their exact text. A token's signature
 * cannot become invalid later, and clients send the same token with every request (a door tablet sends
 * hundreds a minute), so the HMAC is computed once per token instead of once per request — it was a fifth
 * of a check-in's time on the server's one JavaScript thread. Only the signature is remembered: expiry is
 * compared with the request's clock on every use, and whatever else a token must prove (its session, its
 * device) is still checked by its caller each time.
 *
 * Entries are keyed by the signing secret and the whole token, so a changed secret or a single changed
 * character misses the cache and is verified in full. Holds values only (never a pending verification),
 * and at most `capacity` tokens, the oldest dropped first.
 */
export class VerifiedTokens<Claims> {
  private readonly entries = new Map<string, { claims: Claims; expiresAtMs: number }>();

  constructor(private readonly capacity = 1000) {}

  /** The claims of a token verified before under `secret`, if it has not expired at `now`. */
  get(secret: string, token: string, now: Date): Claims | undefined {
    const entry = this.entries.get(`${secret}\u0000${token}`);
    return entry && entry.expiresAtMs > now.getTime() ? entry.claims : undefined;
  }

  /** Remembers a token whose signature and claims were just verified; `exp` in seconds, as in the token. */
  remember(secret: string, token: string, claims: Claims, exp: number | undefined) {
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(`${secret}\u0000${token}`, { claims, expiresAtMs: (exp ?? 0) * 1000 });
  }
}
