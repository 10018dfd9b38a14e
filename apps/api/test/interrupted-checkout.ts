/**
 * A checkout in a process of its own, for the tests of interrupted payments (checkout-recovery.test.ts): it opens
 * the test database, places the order of the given session through the test gateway (its ledger file shared with
 * the test), and stops where it is told, before the charge or between the charge and the recording of the order,
 * saying "stopped" on stdout. The test then kills it (SIGKILL), as a crash or kill -9 would.
 */
import Fastify from 'fastify';
import type { CompleteOrderBody } from '@charms/contracts/checkout';
import { openDatabase } from '../src/db/client';
import type { DatabaseLocation } from '../src/db/location';
import type { PaymentGateway } from '../src/payments/gateway';
import { createTestGateway } from '../src/payments/test-gateway';
import { completeOrder } from '../src/services/checkout';
import { DEFAULT_STORE_SETTINGS } from '@charms/domain/store-settings';

const task = JSON.parse(process.argv[2]!) as {
  location: DatabaseLocation;
  ledgerFile: string;
  sessionId: string;
  body: CompleteOrderBody;
  stop: 'before-charge' | 'after-charge';
};

const stopHere = (): Promise<never> => {
  process.stdout.write('stopped\n');
  return new Promise<never>(() => {});
};

const inner = createTestGateway({ ledgerFile: task.ledgerFile });
const gateway: PaymentGateway = {
  ...inner,
  async sale(request) {
    if (task.stop === 'before-charge') return stopHere();
    await inner.sale(request);
    return stopHere();
  },
};

const database = await openDatabase(task.location);
await completeOrder(
  {
    db: database.db,
    gateway,
    now: () => new Date(),
    log: Fastify({ logger: false }).log,
    settings: DEFAULT_STORE_SETTINGS,
    store: { name: 'Charm & Bracelet Co.', phone: '1-800-555-0142', photoArtEmail: 'photoart@charms.example', publicBaseUrl: 'http://localhost:3000', mailingAddress: 'Charm & Bracelet Co., 100 Congress Ave, Austin, TX 78701' },
    linkSecret: 'a test secret that is long enough to sign links',
  },
  task.sessionId,
  task.body,
);
process.stdout.write('finished\n');
