import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ config: { corsOrigins: ['https://partner.example'] } });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers on every answer, errors included', async () => {
    for (const path of ['/api/health', '/api/no-such-route']) {
      const res = await t.request('GET', path);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('Permissions-Policy')).toContain('camera=(self)');
    }
  });
});

describe('CORS', () => {
  it('allows only the configured origins', async () => {
    const allowed = await t.request('OPTIONS', '/api/auth/login', {
      headers: { Origin: 'https://partner.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example');

    const other = await t.request('GET', '/api/health', { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
