import type { Dashboard } from '@charms/contracts/admin-orders';
import { type ShipCalendar, nextSameDayCutoff, storeDayBounds, storeTime } from '@charms/domain/ship-dates';
import { and, asc, count, desc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { presentSummary, summaryColumns } from './admin-order-list';
import { money } from './catalog-presenters';

/** How many orders to ship the dashboard lists (the count covers them all), and how many recent orders. */
const TO_SHIP_SHOWN = 50;
const RECENT_SHOWN = 10;

/**
 * What a day at the shop starts with: the paid orders waiting to ship (those due today first: their estimated ship
 * date is today or earlier), the same-day cutoff, checks awaited, today's sales (orders paid today), days in the store's time zone (settings) and
 * the latest orders (checkouts still under way left out).
 */
export async function dashboard(db: Db, now: Date, calendar: ShipCalendar): Promise<Dashboard> {
  const today = storeTime(now, calendar.timeZone).date;
  const day = storeDayBounds(today, calendar.timeZone);
  const toShip = eq(orders.status, 'paid');
  const [shipCounts, toShipRows, [awaiting], [sales], recent] = await Promise.all([
    db
      .select({ count: count(), dueToday: sql<number>`count(*) filter (where ${lte(orders.estimatedShipDate, today)})`.mapWith(Number) })
      .from(orders)
      .where(toShip),
    db.select(summaryColumns).from(orders).where(toShip).orderBy(asc(orders.estimatedShipDate), asc(orders.createdAt)).limit(TO_SHIP_SHOWN),
    db.select({ count: count() }).from(orders).where(eq(orders.status, 'awaiting_payment')),
    db
      .select({ count: count(), cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`.mapWith(Number) })
      .from(orders)
      .where(and(gte(orders.paidAt, day.start), lt(orders.paidAt, day.end))),
    db.select(summaryColumns).from(orders).where(ne(orders.status, 'pending_payment')).orderBy(desc(orders.createdAt), desc(orders.id)).limit(RECENT_SHOWN),
  ]);
  return {
    today,
    sameDayCutoff: nextSameDayCutoff(now, calendar).toISOString(),
    toShip: { count: shipCounts[0]?.count ?? 0, dueToday: shipCounts[0]?.dueToday ?? 0, orders: toShipRows.map(presentSummary) },
    awaitingPayment: awaiting?.count ?? 0,
    salesToday: { count: sales?.count ?? 0, total: money(sales?.cents ?? 0) },
    recentOrders: recent.map(presentSummary),
  };
}
