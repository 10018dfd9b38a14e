import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { emailOutbox } from '../db/schema';
import type { Mailer } from './mailer';

/** Minutes to wait before each retry; after the last one the email is marked failed for the staff to see. */
const RETRY_MINUTES = [1, 5, 15, 60, 240, 720];

export interface EmailToQueue {
  orderId: string;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Queues an email in the caller's transaction: it is sent only if the order is committed, and exactly once. */
export async function queueEmail(tx: Db, email: EmailToQueue): Promise<void> {
  await tx
    .insert(emailOutbox)
    .values({ id: randomUUID(), ...email })
    .onConflictDoNothing({ target: [emailOutbox.orderId, emailOutbox.kind] });
}

/**
 * Sends the emails that are due. Each row is claimed with FOR UPDATE SKIP LOCKED inside a transaction, so two
 * instances never send the same email; a failure is recorded and retried later, and never touches the order.
 */
export async function deliverDueEmails(db: Db, mailer: Mailer, from: string, log: FastifyBaseLogger, limit = 10): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const delivered = await db.transaction(async (tx) => {
      const [due] = await queryRows<{ id: string; to: string; subject: string; html: string; text: string; attempts: number }>(
        tx as unknown as Db,
        sql`select id, "to", subject, html, text, attempts from email_outbox
            where status = 'pending' and next_attempt_at <= now()
            order by next_attempt_at limit 1 for update skip locked`,
      );
      if (!due) return null;
      try {
        await mailer.send({ id: due.id, from, to: due.to, subject: due.subject, html: due.html, text: due.text });
        await tx.execute(sql`update email_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = ${due.id}`);
        log.info({ emailId: due.id, via: mailer.kind }, 'email sent');
        return true;
      } catch (error) {
        const attempts = due.attempts + 1;
        const wait = RETRY_MINUTES[attempts - 1];
        await tx.execute(sql`
          update email_outbox set attempts = ${attempts}, last_error = ${String((error as Error).message).slice(0, 500)},
            status = ${wait === undefined ? 'failed' : 'pending'},
            next_attempt_at = now() + make_interval(mins => ${wait ?? 0})
          where id = ${due.id}`);
        log.warn({ emailId: due.id, attempts, err: error }, 'email not sent; will retry');
        return false;
      }
    });
    if (delivered === null) break;
    if (delivered) sent++;
  }
  return sent;
}
