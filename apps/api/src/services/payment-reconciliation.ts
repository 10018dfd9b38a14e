import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query';
import { GatewayUnavailableError } from '../payments/gateway';
import { type CheckoutContext, INTERRUPTED_AFTER_MS, settleWithGateway } from './checkout';
import { findOrder } from './order-view';

/**
 * Settles checkouts whose payment was interrupted (the process died mid-payment, or the database went away before
 * the outcome was recorded): their attempt is still `started` or `needs_reconciliation` after a while, their order
 * unfinished and their bag held. For each, the gateway is asked for a transaction with the order's id: found, the
 * order is completed as paid (one email); none, the order is removed and the bag freed.
 *
 * Any instance may run it. Each run claims the attempts it settles with FOR UPDATE SKIP LOCKED and moves their
 * `updated_at` to now, so no other run takes them up before another while has passed: one at a time per attempt,
 * across instances, without a transaction held open while the gateway answers.
 */
export async function reconcilePayments(
  context: CheckoutContext,
  options: { interruptedAfterMs?: number; batchSize?: number } = {},
): Promise<{ paid: number; released: number; unknown: number }> {
  const { db, log } = context;
  const seconds = (options.interruptedAfterMs ?? INTERRUPTED_AFTER_MS) / 1000;
  const batchSize = options.batchSize ?? 10;
  const outcome = { paid: 0, released: 0, unknown: 0 };
  const seen = new Set<string>();
  for (;;) {
    const claimed = await queryRows<{ id: string; orderId: string; transactionId: string | null }>(
      db,
      sql`update payment_attempts set updated_at = now()
          where id in (select id from payment_attempts
                       where status in ('started', 'needs_reconciliation') and updated_at <= now() - make_interval(secs => ${seconds})
                       order by updated_at limit ${batchSize} for update skip locked)
          returning id, order_id as "orderId", transaction_id as "transactionId"`,
    );
    // With no wait at all (tests), an attempt the gateway cannot settle would be claimed again at once.
    const fresh = claimed.filter((attempt) => !seen.has(attempt.id));
    for (const attempt of fresh) {
      seen.add(attempt.id);
      const order = await findOrder(db, { id: attempt.orderId });
      try {
        if (!order) {
          await settleOrphanedCharge(context, attempt);
          continue;
        }
        if (order.status !== 'pending_payment' && order.status !== 'payment_unknown') {
          // Settled already (paid by a retry): only the attempt was left behind.
          await db.execute(sql`update payment_attempts set status = 'succeeded', updated_at = now() where id = ${attempt.id} and status in ('started', 'needs_reconciliation')`);
          continue;
        }
        const settled = await settleWithGateway(context, order);
        if (settled) outcome.paid++;
        else outcome.released++;
        log.info({ order: order.number, outcome: settled ? 'paid' : 'released' }, 'interrupted checkout settled');
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError)) throw error;
        outcome.unknown++;
        log.warn({ err: error, order: order?.number }, 'interrupted checkout not settled: the gateway did not answer; will ask again');
      }
    }
    if (claimed.length < batchSize || fresh.length === 0) return outcome;
  }
}

/** An attempt whose order is gone: a charge found for it has no order to belong to, and is voided. */
async function settleOrphanedCharge(context: CheckoutContext, attempt: { id: string; orderId: string }) {
  const found = await context.gateway.findByOrderId(attempt.orderId);
  if (found) await context.gateway.void(found.transactionId);
  await context.db.execute(
    sql`update payment_attempts set status = ${found ? 'voided' : 'failed'}, transaction_id = coalesce(${found?.transactionId ?? null}::text, transaction_id),
               message = ${found ? 'order gone; charge voided' : 'order gone; no charge found at the gateway'}, updated_at = now()
        where id = ${attempt.id} and status in ('started', 'needs_reconciliation')`,
  );
  context.log.info({ attempt: attempt.id, voided: Boolean(found) }, 'payment attempt without an order settled');
}
