import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import type { Mailer } from './mailer';

/** Minutes to wait before each retry; after the last one the email is marked failed for the staff to see. */
const RETRY_MINUTES = [1, 5, 15, 60, 240, 720];

/**
 * How long a claimed email belongs to the run that claimed it. Longer than any send takes, so no other run sends it
 * meanwhile; an email whose sender died is sent again after it (the one duplicate we accept).
 */
const CLAIM_MINUTES = 10;

interface ClaimedEmail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | null;
  attempts: number;
}

/**
 * Sends the emails that are due until none is left: claim, send, then mark, each step its own statement, so no
 * transaction is open while the SMTP server talks. A claim takes one email at a time by default (so a slow SMTP
 * server cannot outlast the claims of emails still waiting in a batch) with FOR UPDATE SKIP LOCKED (two instances
 * never claim the same email), and moves its next attempt past the claim's end. An email that was sent but could
 * not be marked (the database was down) is remembered by this process and marked first on its next run, not sent
 * again by it; should the process stop, or the database stay away longer than the claim, the email is sent once
 * more after the claim's end (the one duplicate we accept). A send failure is recorded and retried later, and
 * never touches the order.
 */
export function createOutboxSender(db: Db, mailer: Mailer, from: () => Promise<string>, log: FastifyBaseLogger, batchSize = 1) {
  const unmarked = new Set<string>();

  const markSent = async (ids: string[]) => {
    await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), last_error = null where id in ${ids}`);
  };

  const claim = () =>
    queryRows<ClaimedEmail>(
      db,
      sql`update email_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(mins => ${CLAIM_MINUTES})
          where id in (select id from email_outbox where status = 'pending' and next_attempt_at <= now()
                       order by next_attempt_at limit ${batchSize} for update skip locked)
          returning id, "to", subject, html, text, headers, attempts`,
    );

  const recordFailure = async (email: ClaimedEmail, error: unknown) => {
    const wait = RETRY_MINUTES[email.attempts - 1];
    // Only the SMTP codes: an SMTP error's message and fields quote the recipient's address.
    const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
    log.warn({ emailId: email.id, attempts: email.attempts, code, responseCode }, 'email not sent; will retry');
    await db.execute(sql`
      update email_outbox set last_error = ${String((error as Error).message).slice(0, 500)},
        status = ${wait === undefined ? 'failed' : 'pending'}, next_attempt_at = now() + make_interval(mins => ${wait ?? 0})
      where id = ${email.id}`);
  };

  /** Sends what is due; returns how many were sent. Throws when the database cannot be reached. */
  async function deliver(): Promise<number> {
    if (unmarked.size > 0) {
      const ids = [...unmarked];
      await markSent(ids);
      for (const id of ids) unmarked.delete(id);
      log.info({ emails: ids.length }, 'emails sent earlier marked sent');
    }
    let sent = 0;
    let sender: string | undefined;
    for (;;) {
      const due = await claim();
      // The store's orders address as it is now (a store setting), read once a run and only when there is mail.
      if (due.length > 0) sender ??= await from();
      for (const email of due) {
        try {
          await mailer.send({ id: email.id, from: sender!, to: email.to, subject: email.subject, html: email.html, text: email.text, headers: email.headers ?? undefined });
        } catch (error) {
          // Unrecorded, the claim's end brings the email back for another try.
          await recordFailure(email, error).catch(() => {});
          continue;
        }
        sent++;
        try {
          await markSent([email.id]);
          log.info({ emailId: email.id, via: mailer.kind }, 'email sent');
        } catch (error) {
          unmarked.add(email.id);
          log.warn({ emailId: email.id, via: mailer.kind, code: (error as { code?: unknown }).code }, 'email sent but not marked sent; the mark is retried on the next run');
        }
      }
      if (due.length < batchSize) return sent;
    }
  }

  return { deliver };
}
