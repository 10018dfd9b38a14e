import type { CreateUserSessionBody, UpdateUserSessionBody, UserSession } from '@charms/contracts/session';
import { DEFAULT_METAL_ID } from '@charms/domain/metals';
import { DEFAULT_BRACELET_SIZE, DEFAULT_PRODUCT_ORDER, type ProductOrder } from '@charms/domain/session-options';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { type UserSessionRow, products, userSessions } from '../db/schema';
import { invalidFields, notFound } from '../http-error';

function toUserSession(row: UserSessionRow): UserSession {
  return {
    id: row.id,
    metalId: row.metalId,
    braceletSize: row.braceletSize,
    productId: row.productId,
    productsOrderBy: row.productsOrderBy as ProductOrder,
  };
}

const unknownSession = () => notFound('We could not find that shopping session. It may have expired; a new one will be started.');

/** Starts a session with the shopper's choices, or the store's defaults (metal 40, size 7, "Name"). */
export async function createUserSession(db: Db, input: CreateUserSessionBody): Promise<UserSession> {
  const [row] = await db
    .insert(userSessions)
    .values({
      id: randomUUID(),
      metalId: input.metalId ?? DEFAULT_METAL_ID,
      braceletSize: input.braceletSize ?? DEFAULT_BRACELET_SIZE,
      productsOrderBy: input.productsOrderBy ?? DEFAULT_PRODUCT_ORDER,
      productId: null,
    })
    .returning();
  return toUserSession(row!);
}

export async function getUserSession(db: Db, id: string): Promise<UserSession> {
  const [row] = await db.select().from(userSessions).where(eq(userSessions.id, id));
  if (!row) throw unknownSession();
  return toUserSession(row);
}

/** Changes only the fields given; answers 404 (and changes nothing) for an unknown session. */
export async function updateUserSession(db: Db, id: string, changes: UpdateUserSessionBody): Promise<UserSession> {
  if (changes.productId != null) {
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, changes.productId));
    if (!product) throw invalidFields([{ field: 'productId', message: 'is not a product in our catalog' }]);
  }
  const [row] = await db
    .update(userSessions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(userSessions.id, id))
    .returning();
  if (!row) throw unknownSession();
  return toUserSession(row);
}

/**
 * Opens a session under a given id with the store's defaults unless it exists, and locks it until the transaction
 * (`tx`) ends: the bag of its own that a phone order is built in. Two calls for one id queue up on the lock.
 */
export async function holdUserSession(tx: Db, id: string): Promise<void> {
  await tx
    .insert(userSessions)
    .values({ id, metalId: DEFAULT_METAL_ID, braceletSize: DEFAULT_BRACELET_SIZE, productsOrderBy: DEFAULT_PRODUCT_ORDER, productId: null })
    .onConflictDoNothing({ target: userSessions.id });
  await tx.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.id, id)).for('update');
}

/** A session with an empty bag (or none) is removed 30 days after it was last changed: nothing in it is worth keeping. */
export const EMPTY_SESSION_KEPT_DAYS = 30;
/** A session whose bag holds items is kept 180 days after the bag last changed: a bag may wait for a birthday. */
export const BAG_KEPT_DAYS = 180;
const REMOVED_PER_STATEMENT = 5_000;

/**
 * Removes the shoppers' sessions nothing will ask for again (their bags, bag lines and choices go with them; a
 * PhotoArt photo of a line goes with the photo clean-up): with an empty bag or none, unchanged for
 * EMPTY_SESSION_KEPT_DAYS; with items, their bag unchanged for BAG_KEPT_DAYS. Never one whose bag is being paid for.
 * Placed orders do not depend on their session (their link opens them). A shopper who comes back with a removed
 * session gets a new one. In batches, each row locked or skipped, so instances running it at once do not wait on
 * each other. Returns how many were removed.
 */
export async function removeIdleSessions(db: Db, now: Date): Promise<number> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  const [emptyBefore, bagBefore] = [daysAgo(EMPTY_SESSION_KEPT_DAYS), daysAgo(BAG_KEPT_DAYS)];
  // Sessions without a bag, then those with one, whose bag row is locked too: a bag being changed or paid for at
  // this moment holds its row's lock, and is skipped (a change that waits on this one's lock then finds no session).
  const statements = [
    sql`delete from user_sessions where id in (
          select s.id from user_sessions s
          where s.updated_at < ${emptyBefore}::timestamptz and not exists (select 1 from carts c where c.session_id = s.id)
          limit ${REMOVED_PER_STATEMENT}
          for update skip locked)
        returning id`,
    sql`delete from user_sessions where id in (
          select s.id from user_sessions s join carts c on c.session_id = s.id
          where s.updated_at < ${emptyBefore}::timestamptz and c.checkout_order_id is null and c.updated_at < ${emptyBefore}::timestamptz
            and (c.updated_at < ${bagBefore}::timestamptz or not exists (select 1 from cart_items i where i.cart_id = c.id))
          limit ${REMOVED_PER_STATEMENT}
          for update of s, c skip locked)
        returning id`,
  ];
  let removed = 0;
  for (const statement of statements) {
    for (;;) {
      const rows = await queryRows<{ id: string }>(db, statement);
      removed += rows.length;
      if (rows.length < REMOVED_PER_STATEMENT) break;
    }
  }
  return removed;
}
