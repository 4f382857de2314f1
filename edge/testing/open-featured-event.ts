/**
 * The featured event ended on 19 October 2025, so by default its registration is closed (decision 048).
 * Test servers keep it open as an organiser would, with a close far ahead, so tests of everything but the
 * window can register; tests of the window (registration-window.test.ts, the public browser tests) clear
 * it to see the default. One close for the test app and the Worker's seed (the statement), and for a real
 * server: the browser tests', the benchmarks' and the start-up tests' (through the panel's API).
 */
export const TEST_REGISTRATION_CLOSES_AT = '2099-12-31T18:30:00.000Z';

export const OPEN_FEATURED_EVENT_SQL = {
  sql: 'UPDATE events SET registration_closes_at = ? WHERE is_featured = 1',
  args: [TEST_REGISTRATION_CLOSES_AT],
};

/** Keeps a running server's featured event open, through the panel's API as an organiser would. */
export async function openFeaturedEvent(url: string, email: string, password: string): Promise<void> {
  const json = { 'Content-Type': 'application/json' };
  const login = (await (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) })).json()) as {
    token: string;
  };
  const site = (await (await fetch(`${url}/api/public/site`)).json()) as { data: { event: { id: string } } };
  const res = await fetch(`${url}/api/events/${site.data.event.id}`, {
    method: 'PUT',
    headers: { ...json, Authorization: `Bearer ${login.token}` },
    body: JSON.stringify({ registrationClosesAt: TEST_REGISTRATION_CLOSES_AT }),
  });
  if (!res.ok) throw new Error(`Could not keep the featured event open: ${res.status} ${await res.text()}`);
}
