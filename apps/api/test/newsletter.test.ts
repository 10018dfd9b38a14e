import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { LINK_USES_PER_ADDRESS, SIGNUPS_PER_ADDRESS, SIGNUPS_PER_EMAIL, newsletterUnsubscribeToken } from '../src/services/newsletter';
import { startSmtpServer } from './checkout-support';
import { errorOf, testClock, useTestApp } from './helper';

const smtp = await startSmtpServer();
const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
const time = testClock();
const t = useTestApp({ config: { SMTP_URL: smtp.url, LOG_LEVEL: 'info', PUBLIC_BASE_URL: 'https://shop.example' }, clock: time.clock, logStream });
afterAll(() => smtp.close());

// Each test signs up from its own client address, so one test's signups never count against another's limit.
let clientNumber = 0;
let client = '';
beforeEach(() => {
  client = `198.51.100.${++clientNumber}`;
});

const post = (url: string, body: unknown, remoteAddress = client) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const signUp = (email: string, remoteAddress?: string) => post('/newsletter/subscriptions', { email }, remoteAddress);

/** A received message with its quoted-printable body decoded and folded headers unfolded. */
function decoded(raw: string) {
  const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
  const text = body
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { headers: head.replace(/\r?\n[ \t]+/g, ' '), text };
}

/** The emails the SMTP server got for an address. */
const mailTo = (email: string) => smtp.messages.filter((message) => message.to.includes(email)).map((message) => decoded(message.raw));

async function confirmationEmail(email: string, count = 1) {
  await expect.poll(() => mailTo(email).length, { timeout: 10_000 }).toBe(count);
  const message = mailTo(email)[count - 1]!;
  const confirm = /https:\/\/shop\.example\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(message.text);
  const unsubscribe = /https:\/\/shop\.example\/newsletter\/unsubscribe\?token=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(message.text);
  expect(confirm, 'confirm link').not.toBeNull();
  expect(unsubscribe, 'unsubscribe link').not.toBeNull();
  return { ...message, confirmToken: confirm![1]!, unsubscribeToken: unsubscribe![1]!, unsubscribeLink: unsubscribe![0] };
}

const statusOf = async (email: string) =>
  (await queryRows<{ status: string }>(t.database.db, sql`select status from newsletter_subscriptions where email = ${email}`))[0]?.status;
const rowCount = async () => (await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from newsletter_subscriptions`))[0]!.count;
const outboxCount = async () => (await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from email_outbox`))[0]!.count;

describe('newsletter signup, double opt-in', () => {
  it('emails a confirm link over SMTP; confirming it makes the subscription confirmed', async () => {
    const answer = await signUp('  Ann.Lee@Example.COM ');
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ status: 'check-inbox', message: expect.stringMatching(/Check your inbox/) });
    // Kept with its domain lower-cased, waiting for the confirmation.
    expect(await statusOf('Ann.Lee@example.com')).toBe('pending');

    const email = await confirmationEmail('Ann.Lee@example.com');
    expect(email.headers).toMatch(/Subject: Please confirm your .* newsletter subscription/);
    // The confirmation email carries its unsubscribe link in the body and in the headers (RFC 8058 one-click).
    expect(email.headers).toContain(`List-Unsubscribe: <${email.unsubscribeLink}>`);
    expect(email.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Only the token's hash is stored.
    const [row] = await queryRows<{ confirm_token_hash: string }>(t.database.db, sql`select confirm_token_hash from newsletter_subscriptions where email = 'Ann.Lee@example.com'`);
    expect(row!.confirm_token_hash).not.toContain(email.confirmToken);
    expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);

    const confirmed = await post('/newsletter/confirm', { token: email.confirmToken });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'confirmed' });
    expect(await statusOf('Ann.Lee@example.com')).toBe('confirmed');
  });

  it('refuses a used, a forged and an expired confirm link with a clear 4xx, changing nothing', async () => {
    await signUp('used.link@example.com');
    const used = await confirmationEmail('used.link@example.com');
    expect((await post('/newsletter/confirm', { token: used.confirmToken })).statusCode).toBe(200);
    const again = await post('/newsletter/confirm', { token: used.confirmToken });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'NEWSLETTER_LINK_USED', message: expect.stringMatching(/already been used/) });

    const forged = await post('/newsletter/confirm', { token: 'A'.repeat(43) });
    expect(forged.statusCode).toBe(404);
    expect(errorOf(forged)).toMatchObject({ code: 'NEWSLETTER_LINK_INVALID', message: expect.stringMatching(/not valid/) });

    await signUp('late.click@example.com');
    const late = await confirmationEmail('late.click@example.com');
    time.advance(7 * 24 * 60 * 60_000 + 1_000);
    const expired = await post('/newsletter/confirm', { token: late.confirmToken });
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired)).toMatchObject({ code: 'NEWSLETTER_LINK_EXPIRED', message: expect.stringMatching(/expired/) });
    expect(await statusOf('late.click@example.com')).toBe('pending');

    // Signing up again sends a fresh link that works.
    expect((await signUp('late.click@example.com')).statusCode).toBe(202);
    const fresh = await confirmationEmail('late.click@example.com', 2);
    expect((await post('/newsletter/confirm', { token: fresh.confirmToken })).statusCode).toBe(200);
  });

  it('answers the same for new, waiting and confirmed addresses, and mails a confirmed one nothing', async () => {
    await signUp('known@example.com');
    const first = await confirmationEmail('known@example.com');
    const waiting = await signUp('known@example.com');
    await post('/newsletter/confirm', { token: first.confirmToken });
    const confirmed = await signUp('known@example.com');
    const unknown = await signUp('never.seen@example.com');
    for (const answer of [waiting, confirmed]) {
      expect(answer.statusCode).toBe(unknown.statusCode);
      expect(answer.body).toBe(unknown.body);
    }
    await t.app.emailDelivery.deliverNow();
    // The repeat while waiting came within the resend interval, and the confirmed address gets nothing new.
    expect(mailTo('known@example.com')).toHaveLength(1);
  });

  it('treats an address typed again in other capitals as the same subscription: one row, one email, one unsubscribe', async () => {
    await signUp('Ann.Case@example.com');
    const email = await confirmationEmail('Ann.Case@example.com');
    expect((await signUp('ann.case@example.com')).statusCode).toBe(202);
    const rows = await queryRows<{ email: string }>(t.database.db, sql`select email from newsletter_subscriptions where lower(email) = 'ann.case@example.com'`);
    expect(rows.map((row) => row.email)).toEqual(['Ann.Case@example.com']);
    expect(mailTo('ann.case@example.com')).toHaveLength(0);
    expect((await post('/newsletter/unsubscribe', { token: email.unsubscribeToken })).statusCode).toBe(200);
    expect(await statusOf('Ann.Case@example.com')).toBe('unsubscribed');
  });

  // A race only a server with several connections can run (PGlite has one); the unique index on lower(email) settles it.
  it('keeps one row when the same address arrives in other capitals at the same instant', async () => {
    const answers = await Promise.all(['Bo.Lee@example.com', 'bo.lee@example.com', 'BO.LEE@example.com'].map((address) => signUp(address)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    const rows = await queryRows<{ email: string }>(t.database.db, sql`select email from newsletter_subscriptions where lower(email) = 'bo.lee@example.com'`);
    expect(rows).toHaveLength(1);
  });

  it('resends the confirmation to a waiting address only after ten minutes; the newest link is the one that works', async () => {
    await signUp('resend@example.com');
    const first = await confirmationEmail('resend@example.com');
    time.advance(9 * 60_000);
    await signUp('resend@example.com');
    await t.app.emailDelivery.deliverNow();
    expect(mailTo('resend@example.com')).toHaveLength(1);
    time.advance(60_000);
    await signUp('resend@example.com');
    const second = await confirmationEmail('resend@example.com', 2);
    expect(second.confirmToken).not.toBe(first.confirmToken);
    expect((await post('/newsletter/confirm', { token: first.confirmToken })).statusCode).toBe(404);
    expect((await post('/newsletter/confirm', { token: second.confirmToken })).statusCode).toBe(200);
    // The unsubscribe link is the address's own: the same in both emails.
    expect(second.unsubscribeToken).toBe(first.unsubscribeToken);
  });
});

describe('unsubscribe', () => {
  it('by the link: one POST unsubscribes, repeating it is harmless, and the confirm link stops working', async () => {
    await signUp('leaving@example.com');
    const email = await confirmationEmail('leaving@example.com');
    const answer = await post('/newsletter/unsubscribe', { token: email.unsubscribeToken });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'unsubscribed' });
    expect(await statusOf('leaving@example.com')).toBe('unsubscribed');
    expect((await post('/newsletter/unsubscribe', { token: email.unsubscribeToken })).statusCode).toBe(200);
    expect((await post('/newsletter/confirm', { token: email.confirmToken })).statusCode).toBe(404);
    expect(await statusOf('leaving@example.com')).toBe('unsubscribed');
  });

  it('a confirmed subscriber unsubscribes, and may sign up again later', async () => {
    await signUp('back.again@example.com');
    const email = await confirmationEmail('back.again@example.com');
    await post('/newsletter/confirm', { token: email.confirmToken });
    expect((await post('/newsletter/unsubscribe', { token: email.unsubscribeToken })).statusCode).toBe(200);
    expect(await statusOf('back.again@example.com')).toBe('unsubscribed');
    await signUp('back.again@example.com');
    const next = await confirmationEmail('back.again@example.com', 2);
    expect((await post('/newsletter/confirm', { token: next.confirmToken })).statusCode).toBe(200);
    expect(await statusOf('back.again@example.com')).toBe('confirmed');
  });

  it('refuses a link whose signature is not ours, changing nothing', async () => {
    await signUp('stays@example.com');
    const email = await confirmationEmail('stays@example.com');
    const [id] = email.unsubscribeToken.split('.');
    const forged = await post('/newsletter/unsubscribe', { token: `${id}.${'B'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
    expect(errorOf(forged)).toMatchObject({ code: 'NEWSLETTER_LINK_INVALID', message: expect.stringMatching(/not valid/) });
    expect(await statusOf('stays@example.com')).toBe('pending');
  });
});

describe('bad input', () => {
  it('is a 400 with the footer’s messages, and stores and sends nothing', async () => {
    const rows = await rowCount();
    const emails = await outboxCount();
    for (const [body, message] of [
      [{ email: 'ann@example' }, 'Email address invalid'],
      [{ email: 'ann @example.com' }, 'Email address invalid'],
      [{ email: '   ' }, 'Email address required'],
      [{}, 'email is required'],
      [{ email: 42 }, 'email must be a string'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'Email address invalid'],
    ] as const) {
      const answer = await post('/newsletter/subscriptions', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer)).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    for (const url of ['/newsletter/confirm', '/newsletter/unsubscribe']) {
      for (const body of [{}, { token: 'short' }, { token: 'x'.repeat(2000) }]) {
        const answer = await post(url, body);
        expect(answer.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(errorOf(answer).code).toBe('VALIDATION_ERROR');
      }
    }
    expect(await rowCount()).toBe(rows);
    expect(await outboxCount()).toBe(emails);
  });
});

describe('rate limits', () => {
  it('refuses too many signups from one client address with 429 and Retry-After', async () => {
    for (let i = 0; i < SIGNUPS_PER_ADDRESS.limit; i++) expect((await signUp(`many.${i}@example.com`)).statusCode).toBe(202);
    const refused = await signUp('one.more@example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(refused)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many sign-ups/) });
    expect(await statusOf('one.more@example.com')).toBeUndefined();
    // Another client address is not held back.
    expect((await signUp('one.more@example.com', '203.0.113.200')).statusCode).toBe(202);
  });

  it('refuses too many signups of one address, from wherever they come', async () => {
    for (let i = 0; i < SIGNUPS_PER_EMAIL.limit; i++) expect((await signUp('target@example.com', `203.0.113.${i + 1}`)).statusCode).toBe(202);
    // The same address with its domain written in capitals is the same address.
    const refused = await signUp('target@EXAMPLE.com', '203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('unsubscribe links under load', () => {
  it('are never refused for one client address sending many: a mail provider posts every one-click unsubscribe of its users', async () => {
    const provider = '192.0.2.25';
    for (let i = 0; i < LINK_USES_PER_ADDRESS.limit + 10; i++) {
      const token = newsletterUnsubscribeToken(randomUUID(), t.app.secrets.orderLink);
      const answer = await post('/newsletter/unsubscribe', { token }, provider);
      expect(answer.statusCode, `unsubscribe ${i + 1}`).toBe(200);
    }
  });

  it('confirm links that work are never refused for one client address either (an office behind one address)', async () => {
    const office = '192.0.2.27';
    const expires = new Date(time.clock.now().getTime() + 24 * 60 * 60_000);
    for (let i = 0; i < LINK_USES_PER_ADDRESS.limit + 5; i++) {
      // A waiting subscription as a signup leaves it: only the token's SHA-256 is kept.
      const token = randomBytes(32).toString('base64url');
      const hash = createHash('sha256').update(token).digest('hex');
      await t.database.db.execute(
        sql`insert into newsletter_subscriptions (id, email, status, confirm_token_hash, confirm_expires_at, confirmation_sent_at) values (${randomUUID()}, ${`colleague.${i}@office.example`}, 'pending', ${hash}, ${expires.toISOString()}, ${time.clock.now().toISOString()})`,
      );
      expect((await post('/newsletter/confirm', { token }, office)).statusCode, `confirm ${i + 1}`).toBe(200);
    }
    // Guessed tokens still count against the address.
    const guess = () => post('/newsletter/confirm', { token: randomBytes(32).toString('base64url') }, office);
    for (let i = 0; i < LINK_USES_PER_ADDRESS.limit; i++) expect((await guess()).statusCode).toBe(404);
    expect((await guess()).statusCode).toBe(429);
  });

  it('still limits forged links from one client address', async () => {
    const guesser = '192.0.2.26';
    const forged = () => post('/newsletter/unsubscribe', { token: `${randomUUID()}.${'B'.repeat(43)}` }, guesser);
    for (let i = 0; i < LINK_USES_PER_ADDRESS.limit; i++) expect((await forged()).statusCode).toBe(404);
    const refused = await forged();
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
  });
});

describe('logs', () => {
  it('never hold the address, whether the signup succeeds or is refused', async () => {
    lines.length = 0;
    await signUp('secret.person@private-domain.example');
    await signUp('secret.person@private-domain');
    await confirmationEmail('secret.person@private-domain.example');
    const log = lines.join('\n');
    expect(log).toContain('newsletter signup');
    expect(log).not.toMatch(/secret\.person/i);
    expect(log).not.toMatch(/private-domain/i);
  });
});
