import { describe, expect, it } from 'vitest';
import { DASHBOARD_PATH, safeRedirect } from './redirect';

const ORIGIN = 'https://expo.example';

describe('safeRedirect', () => {
  it('keeps same-origin panel paths with their search and hash', () => {
    expect(safeRedirect('/panel/dashboard', ORIGIN)).toBe('/panel/dashboard');
    expect(safeRedirect('/panel/events?page=2#top', ORIGIN)).toBe('/panel/events?page=2#top');
    expect(safeRedirect(`${ORIGIN}/panel/enquiries`, ORIGIN)).toBe('/panel/enquiries');
  });

  it('falls back to the dashboard for missing or non-string values', () => {
    expect(safeRedirect(undefined, ORIGIN)).toBe(DASHBOARD_PATH);
    expect(safeRedirect('', ORIGIN)).toBe(DASHBOARD_PATH);
    expect(safeRedirect(42, ORIGIN)).toBe(DASHBOARD_PATH);
    expect(safeRedirect(['/panel/events'], ORIGIN)).toBe(DASHBOARD_PATH);
  });

  it.each([
    '//evil.com',
    '//evil.com/panel/dashboard',
    'https://evil.com',
    'https://evil.com/panel/dashboard',
    'http://expo.example/panel/dashboard', // other scheme = other origin
    '/\\evil.com/panel',
    '\\\\evil.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'panel/dashboard',
    '/%2F%2Fevil.com',
    '/panel\n//evil.com',
    ' //evil.com',
  ])('rejects %j', (value) => {
    expect(safeRedirect(value, ORIGIN)).toBe(DASHBOARD_PATH);
  });

  it.each(['/', '/visitor-registration', '/panelx', '/adminpanel/dashboard', '/panel/../evil', '/panel/%2e%2e/x'])(
    'rejects the non-panel path %j',
    (value) => {
      expect(safeRedirect(value, ORIGIN)).toBe(DASHBOARD_PATH);
    },
  );

  it('does not send the user back to the login screen', () => {
    expect(safeRedirect('/panel', ORIGIN)).toBe(DASHBOARD_PATH);
    expect(safeRedirect('/panel/login?redirect=/panel/events', ORIGIN)).toBe(DASHBOARD_PATH);
  });
});
