import type { Db } from '../client';
import { promotions } from '../schema';

/** The store's promo codes. Idempotent: codes that exist are left as they are. */
export async function seedPromotions(db: Db): Promise<void> {
  await db
    .insert(promotions)
    .values([
      { code: 'WELCOME10', description: '10% off your charms and bracelets', kind: 'percent', value: 10 },
      { code: 'SAVE5', description: '$5.00 off orders of $50.00 or more', kind: 'amount', value: 500, minimumMerchandiseCents: 5000 },
      {
        code: 'SUMMER2020',
        description: '15% off summer charms (ended)',
        kind: 'percent',
        value: 15,
        startsAt: new Date('2020-06-01T05:00:00Z'),
        endsAt: new Date('2020-09-01T05:00:00Z'),
      },
    ])
    .onConflictDoNothing({ target: promotions.code });
}
