import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type AuditEventRow, auditEvents } from '../db/schema';

/** Who is acting: a staff member (by id and name), or the shopper or the shop itself (no id). And from where. */
export interface Actor {
  id?: string | null;
  name: string;
  ip?: string | null;
}

export const SYSTEM_ACTOR: Actor = { name: 'System' };
export const SHOPPER_ACTOR: Actor = { name: 'Shopper' };

export interface AuditEntry {
  subjectType: AuditEventRow['subjectType'];
  subjectId: string;
  /** What happened, as a dotted name: order.shipped, order.refunded, content.saved, staff.updated... */
  action: string;
  details?: Record<string, unknown>;
}

/** Adds one line to the audit trail; call it inside the transaction that makes the change, so both or neither happen. */
export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    id: randomUUID(),
    staffId: actor.id ?? null,
    actor: actor.name,
    ip: actor.ip ?? null,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    action: entry.action,
    details: entry.details ?? {},
  });
}

/** A subject's trail, oldest first. */
export async function auditTrail(db: Db, subjectType: AuditEventRow['subjectType'], subjectId: string): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, subjectType), eq(auditEvents.subjectId, subjectId)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
}
