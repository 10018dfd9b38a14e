import { type AdminOrderListQuery, type AdminOrderListResponse, type AdminOrderSummary, ORDER_EXPORT_LIMIT } from '@charms/contracts/admin-orders';
import { csvLine } from '@charms/domain/csv';
import { STATUS_LABELS } from '@charms/domain/order-status';
import { storeDayBounds, storeTime } from '@charms/domain/ship-dates';
import { type SQL, and, asc, count, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type OrderRow, orders } from '../db/schema';
import { money } from './catalog-presenters';

/**
 * The staff's order list: search, filters, sort and pages, and the same list as CSV. Every value typed into the
 * search is a bound parameter, and LIKE's own wildcards (% _ \) in it are escaped, so it only ever matches as text.
 */
type ListFilters = Pick<AdminOrderListQuery, 'q' | 'status' | 'from' | 'to'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
const firstName = sql<string>`coalesce(${orders.shippingAddress}->>'firstName', '')`;
const lastName = sql<string>`coalesce(${orders.shippingAddress}->>'lastName', '')`;

/** Text typed like a phone number (digits, spaces, + - . ( )) is also matched against the phone's digits alone. */
function phoneDigits(q: string): string | null {
  if (!/^[\d\s+().-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

function searchCondition(q: string): SQL {
  const words = q.replace(/\s+/g, ' ');
  const pattern = `%${escapeLike(words)}%`;
  const matches = (column: SQL | typeof orders.number) => sql`${column} ilike ${pattern} escape '\\'`;
  const digits = phoneDigits(words);
  return or(
    matches(orders.number),
    matches(sql`${orders.email}`),
    matches(sql`${firstName} || ' ' || ${lastName}`),
    matches(sql`${lastName} || ' ' || ${firstName}`),
    matches(sql`${orders.phone}`),
    ...(digits ? [sql`regexp_replace(${orders.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`] : []),
  )!;
}

/** The filters as SQL; days are store days (in the settings' time zone), from the start of `from` to the end of `to`. */
export function orderFilters({ q, status, from, to }: ListFilters, timeZone: string): SQL | undefined {
  return and(
    q ? searchCondition(q) : undefined,
    status ? eq(orders.status, status) : undefined,
    from ? gte(orders.createdAt, storeDayBounds(from, timeZone).start) : undefined,
    to ? lt(orders.createdAt, storeDayBounds(to, timeZone).end) : undefined,
  );
}

const SORTS: Record<AdminOrderListQuery['sort'], SQL[]> = {
  newest: [desc(orders.createdAt), desc(orders.id)],
  oldest: [asc(orders.createdAt), asc(orders.id)],
  total_desc: [desc(orders.totalCents), desc(orders.createdAt), desc(orders.id)],
  total_asc: [asc(orders.totalCents), desc(orders.createdAt), desc(orders.id)],
};

/** The columns of a summary; the items are counted from the order's product lines. */
export const summaryColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  createdAt: orders.createdAt,
  firstName,
  lastName,
  email: orders.email,
  phone: orders.phone,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  source: orders.source,
  paymentMethod: orders.paymentMethod,
  estimatedShipDate: orders.estimatedShipDate,
  itemCount: sql<number>`(select coalesce(sum(quantity), 0)::int from order_lines where order_lines.order_id = "orders"."id" and kind = 'product')`.mapWith(Number),
};
type SummaryRow = Pick<
  OrderRow,
  'id' | 'number' | 'status' | 'createdAt' | 'email' | 'phone' | 'totalCents' | 'refundedCents' | 'source' | 'paymentMethod' | 'estimatedShipDate'
> & { firstName: string; lastName: string; itemCount: number };

export function presentSummary(row: SummaryRow): AdminOrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    placedAt: row.createdAt.toISOString(),
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    total: money(row.totalCents),
    refunded: money(row.refundedCents),
    source: row.source,
    paymentMethod: row.paymentMethod,
    itemCount: row.itemCount,
    estimatedShipDate: row.estimatedShipDate,
  };
}

export async function listOrders(db: Db, query: AdminOrderListQuery, timeZone: string): Promise<AdminOrderListResponse> {
  const where = orderFilters(query, timeZone);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ count: count() }).from(orders).where(where),
  ]);
  return { orders: rows.map(presentSummary), total: total?.count ?? 0, page: query.page, pageSize: query.pageSize };
}

/** The CSV's header row; "Placed" names the time zone its times are in (the settings'). */
const exportHeader = (timeZone: string) => [
  'Order',
  `Placed (${timeZone})`,
  'Status',
  'Customer',
  'Email',
  'Phone',
  'Ship to city',
  'Ship to state',
  'Items',
  'Merchandise',
  'Engraving',
  'Assembly',
  'Discount',
  'Shipping',
  'Total',
  'Refunded',
  'Source',
  'Payment',
  'Carrier',
  'Tracking number',
];

const dollars = (cents: number) => (cents / 100).toFixed(2);
const storeStamp = (instant: Date, timeZone: string) => {
  const local = storeTime(instant, timeZone);
  return `${local.date} ${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
};

/** The filtered list as CSV (the first ORDER_EXPORT_LIMIT orders in the sort asked for), and how many matched. */
export async function exportOrders(db: Db, query: AdminOrderListQuery, timeZone: string): Promise<{ csv: string; total: number; truncated: boolean }> {
  const where = orderFilters(query, timeZone);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...summaryColumns,
        city: sql<string>`coalesce(${orders.shippingAddress}->>'city', '')`,
        state: sql<string>`coalesce(${orders.shippingAddress}->>'stateProvince', '')`,
        items: sql<string>`(select coalesce(string_agg(quantity || ' x ' || name || case when description <> '' and description <> name then ' (' || description || ')' else '' end, '; ' order by position), '')
                 from order_lines where order_lines.order_id = "orders"."id" and kind = 'product')`,
        merchandiseCents: orders.merchandiseCents,
        engravingCents: orders.engravingCents,
        assemblyCents: orders.assemblyCents,
        discountCents: orders.discountCents,
        shippingCents: orders.shippingCents,
        cardDescription: orders.cardDescription,
        carrier: orders.carrier,
        trackingNumber: orders.trackingNumber,
      })
      .from(orders)
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(ORDER_EXPORT_LIMIT),
    db.select({ count: count() }).from(orders).where(where),
  ]);
  const lines = [csvLine(exportHeader(timeZone))];
  for (const row of rows) {
    lines.push(
      csvLine([
        row.number,
        storeStamp(row.createdAt, timeZone),
        STATUS_LABELS[row.status],
        `${row.firstName} ${row.lastName}`.trim(),
        row.email,
        row.phone,
        row.city,
        row.state,
        row.items,
        dollars(row.merchandiseCents),
        dollars(row.engravingCents),
        dollars(row.assemblyCents),
        dollars(row.discountCents),
        dollars(row.shippingCents),
        dollars(row.totalCents),
        dollars(row.refundedCents),
        row.source === 'phone' ? 'Phone' : 'Web',
        row.paymentMethod === 'check' ? 'Check' : `Card${row.cardDescription ? ` (${row.cardDescription})` : ''}`,
        row.carrier,
        row.trackingNumber,
      ]),
    );
  }
  const matched = total?.count ?? 0;
  return { csv: lines.join(''), total: matched, truncated: matched > rows.length };
}
