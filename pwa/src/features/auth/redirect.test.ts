import { describe, expect, it } from 'vitest';
import { DASHBOARD_PATH, DOOR_PATH, landingPath, safeRedirect, tokenRole } from './redirect';

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

  it.each(['/', '/visitor-registration', '/panelx', '/adminpanel/dashboard', '/panel/../evil', '/panel/%2e%2e/x'])('rejects the non-panel path %j', (value) => {
    expect(safeRedirect(value, ORIGIN)).toBe(DASHBOARD_PATH);
  });

  it('does not send the user back to the login screen', () => {
    expect(safeRedirect('/panel', ORIGIN)).toBe(DASHBOARD_PATH);
    expect(safeRedirect('/panel/login?redirect=/panel/events', ORIGIN)).toBe(DASHBOARD_PATH);
  });
});

describe('where a user lands', () => {
  const token = (payload: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;

  it('sends door staff to the venue door and admins to the dashboard', () => {
    expect(landingPath('staff')).toBe(DOOR_PATH);
    expect(landingPath('admin')).toBe(DASHBOARD_PATH);
    expect(landingPath(null)).toBe(DASHBOARD_PATH);
  });

  it('reads the role a token claims, and nothing from anything else', () => {
    expect(tokenRole(token({ sub: 'u1', role: 'staff' }))).toBe('staff');
    expect(tokenRole(token({ sub: 'u1', role: 'admin', name: 'Ünïcode ✓ >>>' }))).toBe('admin');
    expect(tokenRole(token({ sub: 'u1' }))).toBeNull();
    expect(tokenRole('not a token')).toBeNull();
    expect(tokenRole('a.%%%.b')).toBeNull();
    expect(tokenRole(null)).toBeNull();
  });

  it('keeps the screen asked for, else falls back to the role’s landing', () => {
    expect(safeRedirect(undefined, ORIGIN, landingPath('staff'))).toBe(DOOR_PATH);
    expect(safeRedirect('/panel/registrations/visitors', ORIGIN, landingPath('staff'))).toBe('/panel/registrations/visitors');
    expect(safeRedirect('https://evil.example/panel', ORIGIN, landingPath('staff'))).toBe(DOOR_PATH);
  });
});
