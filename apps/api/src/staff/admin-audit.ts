import { randomUUID } from 'node:crypto';
import { ACTIVITY_PAGE_SIZE, type ActivityList, type AuditedEntityType } from '@charms/contracts/admin-audit';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type AdminAuditRow, adminAudit, categories, products, promotions } from '../db/schema';
import type { Actor } from './audit';

export type AuditedEntity = AuditedEntityType;
export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** A value as the trail keeps it: dates as ISO text, so before and after compare and read the same from JSON. */
const comparable = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The fields whose value differs between `before` (undefined for a new entity: every field counts) and `after`
 * (undefined for a removed one), each with both values. Only the fields named in `after` (or `before`) are looked at.
 */
export function changedFields(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): FieldChanges {
  const names = new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})]);
  const changes: FieldChanges = {};
  for (const name of names) {
    const was = before === undefined ? null : comparable(before[name]);
    const is = after === undefined ? null : comparable(after[name]);
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[name] = { before: was, after: is };
  }
  return changes;
}

export interface Change {
  actor: Actor & { id: string };
  entityType: AuditedEntity;
  entityId: string | number;
  /** What happened: created, updated, ended, deleted... */
  action: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Records one change to the shop's setup (catalog, promotions, settings). Call it with the transaction that makes
 * the change, so both or neither happen. Returns the changed fields; an update that changed nothing is not recorded.
 */
export async function recordChange(tx: Db, change: Change): Promise<FieldChanges> {
  const changes = changedFields(change.before, change.after);
  if (change.before !== undefined && change.after !== undefined && Object.keys(changes).length === 0) return changes;
  await tx.insert(adminAudit).values({
    id: randomUUID(),
    staffId: change.actor.id,
    actor: change.actor.name,
    ip: change.actor.ip ?? null,
    entityType: change.entityType,
    entityId: String(change.entityId),
    action: change.action,
    changes,
  });
  return changes;
}

/**
 * Records many changes at once (a CSV import's thousands of products) in one insert whatever their number, the rows
 * travelling as one JSON parameter (thousands of bound values cost more to build and send than the rows themselves);
 * as recordChange, in the transaction that makes them, and an update that changed nothing is not recorded.
 */
export async function recordChanges(tx: Db, changes: readonly Change[]): Promise<void> {
  const rows = changes.flatMap((change) => {
    const fields = changedFields(change.before, change.after);
    if (change.before !== undefined && change.after !== undefined && Object.keys(fields).length === 0) return [];
    const { actor } = change;
    return [{ staff_id: actor.id, actor: actor.name, ip: actor.ip ?? null, entity_type: change.entityType, entity_id: String(change.entityId), action: change.action, changes: fields }];
  });
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into admin_audit (id, staff_id, actor, ip, entity_type, entity_id, action, changes)
    select gen_random_uuid(), x.staff_id, x.actor, x.ip, x.entity_type, x.entity_id, x.action, x.changes
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(staff_id uuid, actor text, ip text, entity_type text, entity_id text, action text, changes jsonb)`);
}

/** An entity's changes, newest first. */
export async function changesOf(db: Db, entityType: AuditedEntity, entityId: string | number, limit = 100): Promise<AdminAuditRow[]> {
  return db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.entityType, entityType), eq(adminAudit.entityId, String(entityId))))
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(limit);
}

/** As the admin shows a change: dates as ISO text. */
export const changeView = (row: AdminAuditRow) => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actor,
  ip: row.ip,
  action: row.action,
  changes: row.changes as FieldChanges,
});

/** Every change to the shop's setup, newest first, optionally of one kind of entity: the admin's activity page. */
export async function listChanges(db: Db, query: { type?: AuditedEntity | undefined; page: number }): Promise<ActivityList> {
  const rows = await db
    .select()
    .from(adminAudit)
    .where(query.type ? eq(adminAudit.entityType, query.type) : undefined)
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(ACTIVITY_PAGE_SIZE + 1)
    .offset((query.page - 1) * ACTIVITY_PAGE_SIZE);
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const names = await namesOf(db, page);
  return {
    changes: page.map((row) => ({ ...changeView(row), entityType: row.entityType, entityId: row.entityId, entityName: names.get(`${row.entityType}:${row.entityId}`) ?? null })),
    page: query.page,
    hasMore: rows.length > ACTIVITY_PAGE_SIZE,
  };
}

/**
 * The current name of each entity on a page of the trail, so staff read "Snowflake Charm" rather than "#3027": three
 * small lookups by id (a photo's line carries its product's id). A deleted entity has no name; the line keeps its id.
 */
async function namesOf(db: Db, rows: AdminAuditRow[]): Promise<Map<string, string>> {
  const idsOf = (...types: AuditedEntity[]) => [...new Set(rows.filter((row) => types.includes(row.entityType) && /^\d{1,9}$/.test(row.entityId)).map((row) => Number(row.entityId)))];
  const productIds = idsOf('product', 'photo');
  const categoryIds = idsOf('category');
  const promotionIds = idsOf('promotion');
  const [productRows, categoryRows, promotionRows] = await Promise.all([
    productIds.length ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds)) : [],
    categoryIds.length ? db.select({ id: categories.id, name: categories.categoryName }).from(categories).where(inArray(categories.id, categoryIds)) : [],
    promotionIds.length ? db.select({ id: promotions.id, name: promotions.code }).from(promotions).where(inArray(promotions.id, promotionIds)) : [],
  ]);
  const names = new Map<string, string>();
  for (const row of productRows) names.set(`product:${row.id}`, row.name).set(`photo:${row.id}`, row.name);
  for (const row of categoryRows) names.set(`category:${row.id}`, row.name);
  for (const row of promotionRows) names.set(`promotion:${row.id}`, row.name);
  return names;
}
