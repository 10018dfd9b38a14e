import type { PromotionDetail, PromotionSummary, SavePromotion } from '@charms/contracts/admin-promotions';
import { promotionStatus } from '@charms/domain/promotions';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type PromotionRow, orders, promotions } from '../db/schema';
import { HttpError, notFound } from '../http-error';
import { changeView, changesOf, recordChange } from '../staff/admin-audit';
import type { Actor } from '../staff/audit';

/**
 * Staff manage the codes shoppers apply in the bag. The bag reads the promotions table on every apply and at
 * checkout, so a change counts from the next request on; placed orders keep the totals they were placed with.
 * A code is never deleted (orders reference it): it is ended.
 */

/** Orders that brought money in: placed and not cancelled (an unpaid or unsettled checkout is not revenue yet). */
const REVENUE_STATUSES = sql`('awaiting_payment', 'paid', 'shipped', 'refunded')`;

/** Each promotion's revenue: its orders' totals less what was refunded. */
const revenue = (db: Db) =>
  db
    .select({
      promotionId: orders.promotionId,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)::bigint`.mapWith(Number).as('revenue_cents'),
    })
    .from(orders)
    .where(sql`${orders.promotionId} is not null and ${orders.status} in ${REVENUE_STATUSES}`)
    .groupBy(orders.promotionId)
    .as('revenue');

/** The fields staff set, as the audit trail compares them. */
const editable = (row: Pick<PromotionRow, keyof SavePromotion>): Record<keyof SavePromotion, unknown> => ({
  code: row.code,
  description: row.description,
  kind: row.kind,
  value: row.value,
  minimumMerchandiseCents: row.minimumMerchandiseCents,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  maxUses: row.maxUses,
  maxUsesPerSession: row.maxUsesPerSession,
});

const present = (row: PromotionRow, revenueCents: number | null, now: Date): PromotionSummary => ({
  id: row.id,
  code: row.code,
  description: row.description,
  kind: row.kind,
  value: row.value,
  minimumMerchandiseCents: row.minimumMerchandiseCents,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  maxUses: row.maxUses,
  maxUsesPerSession: row.maxUsesPerSession,
  status: promotionStatus(row, now),
  uses: row.timesUsed,
  revenueCents: revenueCents ?? 0,
});

const withRevenue = (db: Db) => {
  const perPromotion = revenue(db);
  return db.select({ promotion: promotions, revenueCents: perPromotion.revenueCents }).from(promotions).leftJoin(perPromotion, eq(perPromotion.promotionId, promotions.id));
};

/** Every promotion, newest first. */
export async function listPromotions(db: Db, now: Date): Promise<{ promotions: PromotionSummary[] }> {
  const rows = await withRevenue(db).orderBy(desc(promotions.id));
  return { promotions: rows.map((row) => present(row.promotion, row.revenueCents, now)) };
}

const noPromotion = (id: number) => notFound(`There is no promotion ${id}.`);

/** One promotion with its latest orders (20) and who changed it, when. */
export async function getPromotion(db: Db, id: number, now: Date): Promise<PromotionDetail> {
  const [row] = await withRevenue(db).where(eq(promotions.id, id));
  if (!row) throw noPromotion(id);
  const recent = await db
    .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt, status: orders.status, totalCents: orders.totalCents, discountCents: orders.discountCents })
    .from(orders)
    .where(eq(orders.promotionId, id))
    .orderBy(desc(orders.createdAt))
    .limit(20);
  const history = await changesOf(db, 'promotion', id);
  return {
    ...present(row.promotion, row.revenueCents, now),
    recentOrders: recent.map((order) => ({ id: order.id, number: order.number, placedAt: order.createdAt.toISOString(), status: order.status, totalCents: order.totalCents, discountCents: order.discountCents })),
    history: history.map(changeView),
  };
}

/** One lock for every save of a promotion, so two saves of SPRING25 and spring25 at once make one code. */
const lockPromotions = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('promotions'))`);

const codeTaken = (code: string) => new HttpError(409, 'PROMO_CODE_TAKEN', `Another promotion already uses the code ${code} (codes are the same in any case).`);

async function assertCodeFree(tx: Db, code: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(sql`upper(${promotions.code}) = ${code}${exceptId === undefined ? sql`` : sql` and ${promotions.id} <> ${exceptId}`}`);
  if (other) throw codeTaken(code);
}

type StaffActor = Actor & { id: string };

export async function createPromotion(db: Db, actor: StaffActor, body: SavePromotion): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockPromotions(tx);
    await assertCodeFree(tx, body.code);
    const [row] = await tx.insert(promotions).values(body).returning();
    await recordChange(tx, { actor, entityType: 'promotion', entityId: row!.id, action: 'created', after: editable(row!) });
    return row!.id;
  });
}

/** Replaces what staff set; what was used (timesUsed) and placed orders stay as they are. */
export async function updatePromotion(db: Db, actor: StaffActor, id: number, body: SavePromotion): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockPromotions(tx);
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!before) throw noPromotion(id);
    await assertCodeFree(tx, body.code, id);
    const [after] = await tx.update(promotions).set(body).where(eq(promotions.id, id)).returning();
    await recordChange(tx, { actor, entityType: 'promotion', entityId: id, action: 'updated', before: editable(before), after: editable(after!) });
  });
}

/** Ends a code now: shoppers can no longer apply it (the bag's usual "not valid" message); its orders stay. */
export async function endPromotion(db: Db, actor: StaffActor, id: number, now: Date): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!before) throw noPromotion(id);
    if (before.endsAt && before.endsAt <= now) throw new HttpError(409, 'PROMOTION_ENDED', `${before.code} has already ended.`);
    await tx.update(promotions).set({ endsAt: now }).where(eq(promotions.id, id));
    await recordChange(tx, { actor, entityType: 'promotion', entityId: id, action: 'ended', before: { endsAt: before.endsAt }, after: { endsAt: now } });
  });
}

