/**
 * Writes dist/pwa/_headers for Workers static assets, so the PWA gets the same security headers on
 * Workers as on Node. The values are read off the app's own `securityHeaders` middleware rather than
 * copied, so the two cannot drift apart.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { securityHeaders } from '../edge/http/security';
import { REPO_ROOT } from './built-server';

const probe = await new Hono()
  .use(securityHeaders)
  .get('/', (c) => c.text(''))
  .request('/');
const lines = ['/*'];
probe.headers.forEach((value, name) => {
  if (name !== 'content-type') lines.push(`  ${name}: ${value}`);
});
lines.push('/assets/*', '  Cache-Control: public, max-age=31536000, immutable');
lines.push('/sw.js', '  Cache-Control: no-cache');
writeFileSync(join(REPO_ROOT, 'dist/pwa/_headers'), `${lines.join('\n')}\n`);
console.log('Wrote dist/pwa/_headers');
