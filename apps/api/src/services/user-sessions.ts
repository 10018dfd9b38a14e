import type { CreateUserSessionBody, UpdateUserSessionBody, UserSession } from '@charms/contracts/session';
import { DEFAULT_METAL_ID } from '@charms/domain/metals';
import { DEFAULT_BRACELET_SIZE, DEFAULT_PRODUCT_ORDER, type ProductOrder } from '@charms/domain/session-options';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
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
