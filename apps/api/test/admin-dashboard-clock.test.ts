import { dashboardSchema } from '@charms/contracts/admin-orders';
import { describe, expect, it } from 'vitest';
import { staffApi, testClock, useTestApp } from './helper';
import { saveSettings } from './settings-support';

// Tuesday 24 November 2026, 9:00 in the morning in the store's time zone (Central, UTC-6).
const { clock } = testClock(new Date('2026-11-24T15:00:00Z'));
const t = useTestApp({ clock });

describe('the dashboard’s day', () => {
  it('is the store’s day by the shop’s clock, with that day’s same-day cutoff at noon Central', async () => {
    const owner = await staffApi(t);
    const response = await owner.call('GET', '/admin-dashboard');
    expect(response.statusCode).toBe(200);
    const dashboard = dashboardSchema.parse(response.json());
    expect(dashboard.today).toBe('2026-11-24');
    expect(dashboard.sameDayCutoff).toBe('2026-11-24T18:00:00.000Z');
  });

  it('follows the time zone setting: 9:00 in Chicago is already midnight, Wednesday, in Tokyo', async () => {
    const owner = await staffApi(t);
    await saveSettings(owner, { timeZone: 'Asia/Tokyo' });
    try {
      const dashboard = dashboardSchema.parse((await owner.call('GET', '/admin-dashboard')).json());
      expect(dashboard.today).toBe('2026-11-25');
      // Noon in Tokyo on the 25th is 03:00 UTC.
      expect(dashboard.sameDayCutoff).toBe('2026-11-25T03:00:00.000Z');
    } finally {
      await saveSettings(owner);
    }
  });
});
