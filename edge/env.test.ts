import { describe, expect, it } from 'vitest';
import { missingBindings } from './env';

describe('the Worker’s configuration', () => {
  it('names each binding it cannot run without that is missing or blank', () => {
    expect(missingBindings({ DATABASE_URL: 'libsql://expo.turso.io', JWT_SECRET: 's', PASSWORD_PEPPER: 'p' })).toEqual([]);
    expect(missingBindings({ DATABASE_URL: 'libsql://expo.turso.io', JWT_SECRET: ' ' })).toEqual(['JWT_SECRET', 'PASSWORD_PEPPER']);
    expect(missingBindings({})).toEqual(['DATABASE_URL', 'JWT_SECRET', 'PASSWORD_PEPPER']);
  });
});
