import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import type { Mailer } from './mailer';

/** Minutes to wait before each retry; after the last one the email is marked failed for the staff to see. */
const RETRY_MINUTES = [1, 5, 15, 60, 240, 720];

/**
 * Sends the emails that are due, in batches, until none is left. Each batch is claimed with FOR UPDATE SKIP
 * LOCKED inside a transaction, so two instances never send the same email; the sent ones are marked in one
 * statement. A failure is recorded and retried later, and never touches the order.
 */
export async function deliverDueEmails(db: Db, mailer: Mailer, from: string, log: FastifyBaseLogger, batchSize = 20): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const due = await queryRows<{ id: string; to: string; subject: string; html: string; text: string; attempts: number }>(
        tx,
        sql`select id, "to", subject, html, text, attempts from email_outbox
            where status = 'pending' and next_attempt_at <= now()
            order by next_attempt_at limit ${batchSize} for update skip locked`,
      );
      const delivered: string[] = [];
      for (const email of due) {
        try {
          await mailer.send({ id: email.id, from, to: email.to, subject: email.subject, html: email.html, text: email.text });
          delivered.push(email.id);
          log.info({ emailId: email.id, via: mailer.kind }, 'email sent');
        } catch (error) {
          const attempts = email.attempts + 1;
          const wait = RETRY_MINUTES[attempts - 1];
          await tx.execute(sql`
            update email_outbox set attempts = ${attempts}, last_error = ${String((error as Error).message).slice(0, 500)},
              status = ${wait === undefined ? 'failed' : 'pending'},
              next_attempt_at = now() + make_interval(mins => ${wait ?? 0})
            where id = ${email.id}`);
          log.warn({ emailId: email.id, attempts, err: error }, 'email not sent; will retry');
        }
      }
      if (delivered.length > 0) {
        await tx.execute(sql`update email_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id in ${delivered}`);
      }
      return { claimed: due.length, delivered: delivered.length };
    });
    sent += batch.delivered;
    if (batch.claimed < batchSize) return sent;
  }
}
