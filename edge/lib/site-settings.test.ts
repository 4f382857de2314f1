import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../db/tables/system';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { DEFAULT_PACKAGES, getSiteSettings, putSiteSetting, subscriptionChoices } from './site-settings';
import { DEFAULT_MESSAGE_GUARD } from '../notifications/message-guard';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('site settings', () => {
  it('falls back to the defaults: empty contacts and the four sponsorship packages', async () => {
    expect(await getSiteSettings(t.db)).toEqual({
      contactPhone: '',
      contactEmail: '',
      packages: DEFAULT_PACKAGES,
      founderVideoUrl: '',
      awardCategories: [],
      privacyNotice: '',
      founderBio: '',
      messageGuard: DEFAULT_MESSAGE_GUARD,
    });
    expect(subscriptionChoices(DEFAULT_PACKAGES)).toEqual(['10 PACK PLATINUM', '6 PACK GOLD', '4 PACK SILVER', '3 PACK SILVER', 'General Enquiry']);
  });

  it('stores and replaces a setting, which the public site then shows', async () => {
    await putSiteSetting(t.db, 'contactPhone', '+91 40 1234 5678', t.clock.now());
    await putSiteSetting(t.db, 'contactPhone', '+91 40 8765 4321', t.clock.now());
    const packages = [{ id: 'solo', name: '1 PACK', price: '1 Lakh + GST', features: ['1 expo stall'] }];
    await putSiteSetting(t.db, 'packages', packages, t.clock.now());
    expect(await getSiteSettings(t.db)).toMatchObject({ contactPhone: '+91 40 8765 4321', contactEmail: '', packages });
    const { data } = await (await t.request('GET', '/api/public/site')).json();
    expect(data).toMatchObject({ contactPhone: '+91 40 8765 4321', packages, subscriptionChoices: ['1 PACK', 'General Enquiry'] });
  });

  it('refuses a value of the wrong shape, and ignores one stored by other means', async () => {
    await expect(putSiteSetting(t.db, 'contactEmail', 42 as unknown as string, t.clock.now())).rejects.toThrow(TypeError);
    await t.db.delete(siteSettings);
    await t.db.insert(siteSettings).values([
      { key: 'contactEmail', value: { not: 'a string' }, updatedAt: 'x' },
      { key: 'packages', value: [{ name: 'broken' }], updatedAt: 'x' },
      { key: 'unrelated', value: 'x', updatedAt: 'x' },
      { key: 'awardCategories', value: 'Best Project', updatedAt: 'x' },
    ]);
    expect(await getSiteSettings(t.db)).toEqual({
      contactPhone: '',
      contactEmail: '',
      packages: DEFAULT_PACKAGES,
      founderVideoUrl: '',
      awardCategories: [],
      privacyNotice: '',
      founderBio: '',
      messageGuard: DEFAULT_MESSAGE_GUARD,
    });
  });
});
