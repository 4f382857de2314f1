import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_NOTICE } from '../../shared/consent';
import { FOUNDER_BIO_MESSAGE, FOUNDER_VIDEO_MESSAGE, PRIVACY_NOTICE_MESSAGE } from '../schemas/settings';
import { signIn } from '../testing/sessions';
import { makeTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  ({ admin } = await signIn(t));
});
afterAll(() => t.close());

describe('/api/settings', () => {
  it('saves the public contacts and moves the featured event, and the public site shows them', async () => {
    const event = await t.request('POST', '/api/events', {
      token: admin,
      json: {
        eventName: 'Awards Night',
        state: 'Telangana',
        city: 'Hyderabad',
        eventTypes: ['Awards'],
        startDateTime: '2025-10-19T12:30:00Z',
        endDateTime: '2025-10-19T17:30:00Z',
      },
    });
    const eventId = (await event.json()).data.id;
    const saved = await t.request('PUT', '/api/settings', {
      token: admin,
      json: { contactPhone: '+91 98480 22338', contactEmail: 'expo@example.in', featuredEventId: eventId },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ contactPhone: '+919848022338', contactEmail: 'expo@example.in', featuredEventId: eventId });

    const site = (await (await t.request('GET', '/api/public/site')).json()).data;
    expect(site).toMatchObject({ contactPhone: '+919848022338', contactEmail: 'expo@example.in' });
    expect(site.event.id).toBe(eventId);
    const featured = (await (await t.request('GET', '/api/events?limit=100', { token: admin })).json()).data.items.filter(
      (e: { isFeatured: boolean }) => e.isFeatured,
    );
    expect(featured).toHaveLength(1);
  });

  it('refuses bad values with field messages and an unknown event', async () => {
    const res = await t.request('PUT', '/api/settings', { token: admin, json: { contactEmail: 'nope', contactPhone: '12', featuredEventId: 'missing' } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toMatchObject({ contactEmail: 'Enter a valid email address', contactPhone: 'Mobile number must be 10-15 digits' });
    const unknown = await t.request('PUT', '/api/settings', { token: admin, json: { featuredEventId: 'missing' } });
    expect((await unknown.json()).message).toBe('Unknown event');
  });

  it('takes the founder video as a path on this site only, and the public site offers it', async () => {
    const site = async () => (await (await t.request('GET', '/api/public/site')).json()).data;
    expect((await site()).founderVideoUrl).toBe('');
    for (const elsewhere of [
      'https://videos.example.com/founder.mp4',
      '//videos.example.com/founder.mp4',
      '/media/founder.exe',
      'media/founder.mp4',
      'javascript:alert(1)//.mp4',
    ]) {
      const refused = await t.request('PUT', '/api/settings', { token: admin, json: { founderVideoUrl: elsewhere } });
      expect(refused.status, elsewhere).toBe(400);
      expect((await refused.json()).errors).toEqual({ founderVideoUrl: FOUNDER_VIDEO_MESSAGE });
    }
    const saved = await t.request('PUT', '/api/settings', { token: admin, json: { founderVideoUrl: ' /media/founder.mp4 ' } });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.founderVideoUrl).toBe('/media/founder.mp4');
    expect((await site()).founderVideoUrl).toBe('/media/founder.mp4');
    await t.request('PUT', '/api/settings', { token: admin, json: { founderVideoUrl: '' } });
    expect((await site()).founderVideoUrl).toBe('');
  });

  it('takes the privacy notice and the founder profile as plain text within their limits; an empty notice is the default one', async () => {
    const site = async () => (await (await t.request('GET', '/api/public/site')).json()).data;
    expect(await site()).toMatchObject({ privacyNotice: DEFAULT_PRIVACY_NOTICE, privacyNoticeIsDefault: true, founderBio: '' });
    const tooLong = await t.request('PUT', '/api/settings', { token: admin, json: { privacyNotice: 'x'.repeat(20_001), founderBio: 'y'.repeat(2_001) } });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).errors).toEqual({ privacyNotice: PRIVACY_NOTICE_MESSAGE, founderBio: FOUNDER_BIO_MESSAGE });
    const refused = await t.request('PUT', '/api/settings', { token: admin, json: { privacyNotice: 42 } });
    expect(refused.status).toBe(400);
    const saved = await t.request('PUT', '/api/settings', { token: admin, json: { privacyNotice: ' Our notice. ', founderBio: 'Started the expo.' } });
    expect(saved.status).toBe(200);
    expect(await site()).toMatchObject({ privacyNotice: 'Our notice.', privacyNoticeIsDefault: false, founderBio: 'Started the expo.' });
    await t.request('PUT', '/api/settings', { token: admin, json: { privacyNotice: '', founderBio: '' } });
    expect(await site()).toMatchObject({ privacyNotice: DEFAULT_PRIVACY_NOTICE, privacyNoticeIsDefault: true, founderBio: '' });
  });
});
