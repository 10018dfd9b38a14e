import { activityListSchema } from '@charms/contracts/admin-audit';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, staffApi, useTestApp } from './helper';

const t = useTestApp();
type Staff = Awaited<ReturnType<typeof staffApi>>;
let owner: Staff;
let clerk: Staff;

beforeAll(async () => {
  owner = await staffApi(t, { name: 'Olive Owner' });
  clerk = await staffApi(t, { role: 'staff', name: 'Carl Clerk' });
});

const activity = async (query = '') => {
  const response = await clerk.call('GET', `/admin-activity${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return activityListSchema.parse(response.json());
};

describe('the activity trail', () => {
  it('lists every change newest first, with who, when and each field before and after, to every staff member', async () => {
    const created = await owner.call('POST', '/admin-promotions', { code: 'TRAIL10', description: 'Ten percent', kind: 'percent', value: '10' });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const edited = await owner.call('PUT', `/admin-promotions/${id}`, { code: 'TRAIL10', description: 'Ten percent', kind: 'percent', value: '15' });
    expect(edited.statusCode, edited.body).toBe(200);

    const { changes, page } = await activity();
    expect(page).toBe(1);
    const mine = changes.filter((change) => change.entityType === 'promotion' && change.entityId === String(id));
    expect(mine.map((change) => change.action)).toEqual(['updated', 'created']);
    expect(mine[0]).toMatchObject({ actor: 'Olive Owner', entityName: 'TRAIL10', changes: { value: { before: 10, after: 15 } } });
    expect(Date.parse(mine[0]!.at)).toBeGreaterThanOrEqual(Date.parse(mine[1]!.at));
  });

  it('filters by the kind of entity and pages by 50, saying when older changes remain', async () => {
    for (let index = 0; index < 51; index++) {
      const response = await owner.call('POST', '/admin-promotions', { code: `PAGE${index}X`, description: 'Paging', kind: 'amount', value: '1' });
      expect(response.statusCode, response.body).toBe(201);
    }
    const first = await activity('?type=promotion');
    expect(first.changes).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.changes.every((change) => change.entityType === 'promotion')).toBe(true);
    const second = await activity('?type=promotion&page=2');
    expect(second.changes.length).toBeGreaterThan(0);
    expect(second.changes.some((change) => first.changes.some((seen) => seen.id === change.id))).toBe(false);
    expect((await activity('?type=category')).changes.every((change) => change.entityType === 'category')).toBe(true);
  });

  it('refuses an unknown kind or page with a clear message, and is closed to shoppers', async () => {
    const badType = await clerk.call('GET', '/admin-activity?type=orders');
    expect(badType.statusCode).toBe(400);
    expect(errorOf(badType).message).toMatch(/type/i);
    const badPage = await clerk.call('GET', '/admin-activity?page=0');
    expect(badPage.statusCode).toBe(400);
    const anonymous = await t.app.inject('/api/admin-activity');
    expect(anonymous.statusCode).toBe(401);
  });
});
