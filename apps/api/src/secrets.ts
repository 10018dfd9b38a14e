import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Db } from './db/client';
import { queryRows } from './db/query';

/**
 * The secrets the shop signs with. Each is either configured (the same on every instance) or, when it is not, made
 * at random at the first start and kept in the database, so that `npm start` needs no configuration, every
 * instance on one database shares it, and nothing a reader of this repository knows can forge a signature.
 */
export interface Secrets {
  /** Signs the order links in confirmation emails. */
  orderLink: string;
  /** Signs the storefront's cookies. */
  cookie: string;
}

/** The value stored under `name`, made (256 random bits, hex) by whichever instance asks first. */
export async function storedSecret(db: Db, name: string): Promise<string> {
  const candidate = randomBytes(32).toString('hex');
  // Two instances starting at once both insert; the second waits for the first to commit, then its no-op update
  // returns the winner's value (a "do nothing" would return no row, and a read in the same statement sees none).
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`insert into app_secrets (name, value) values (${name}, ${candidate})
        on conflict (name) do update set value = app_secrets.value returning value`,
  );
  if (!row) throw new Error(`The secret ${name} could not be stored or read.`);
  return row.value;
}

export async function loadSecrets(db: Db, config: Pick<Config, 'ORDER_LINK_SECRET' | 'COOKIE_SECRET'>): Promise<Secrets> {
  return {
    orderLink: config.ORDER_LINK_SECRET ?? (await storedSecret(db, 'order_link')),
    cookie: config.COOKIE_SECRET ?? (await storedSecret(db, 'cookie')),
  };
}
