import { dashboardSchema } from '@charms/contracts/admin-orders';
import { describe, expect, it } from 'vitest';
import { staffApi, testClock, useTestApp } from './helper';

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
});
