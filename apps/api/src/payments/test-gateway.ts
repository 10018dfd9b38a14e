import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import {
  CANNOT_VOID,
  FULLY_REFUNDED,
  GatewayRefusedError,
  NOT_SETTLED,
  PROCESSOR_RESPONSES,
  type PaymentGateway,
  REFUND_TOO_LARGE,
  SANDBOX_NONCES,
  type SaleResult,
  VOIDABLE_STATUSES,
} from './gateway';

/**
 * A local gateway that answers as the Braintree sandbox does, for development and tests: the sandbox nonces
 * approve or decline, amounts from $2,000.00 to $2,999.99 are declined with the processor response code equal
 * to the amount's dollars, and $3,000.00 to $3,000.99 fail as "Processor Network Unavailable". It stands for a
 * remote service, so it keeps its transactions apart from the shop's database, as Braintree keeps them on its
 * servers: in its own memory, or, given a ledger file, in that file, so that they outlive the process that charged
 * (as a charge outlives a shop instance that dies before recording it) and are seen by every process using it.
 *
 * Voids and refunds follow the sandbox: a sale is submitted_for_settlement until it settles, then settled; it can be
 * voided only before it settles (91504) and refunded only after (91506), in parts up to what is left (91521), each
 * refund a transaction of its own. `settleAfterMs` says when sales settle: the sandbox settles in a nightly batch
 * (or when told to, as `settle()` does here); by default they never settle by themselves.
 */
export interface TestGatewayOptions {
  ledgerFile?: string;
  /** Milliseconds after a sale until it counts as settled: 0 settles at once; left out, never by itself. */
  settleAfterMs?: number;
}

export type TestGateway = PaymentGateway & {
  /** Settles a sale now, as the sandbox's `testing.settle` does. */
  settle(transactionId: string): Promise<void>;
};

type Transaction = {
  orderId: string;
  status: string;
  amountCents: number;
  /** sale (a charge) or credit (a refund of one). */
  type?: 'sale' | 'credit';
  refundedCents?: number;
  /** When a sale submitted for settlement counts as settled (epoch ms); null or absent: when told to. */
  settlesAt?: number | null;
  refundOf?: string;
};

export function createTestGateway(options: TestGatewayOptions = {}): TestGateway {
  const memory = new Map<string, Transaction>();
  const { ledgerFile, settleAfterMs } = options;
  // The ledger is one JSON line per change of a transaction; the last line of each id is its state.
  const transactionsNow = (): Map<string, Transaction> => {
    if (!ledgerFile || !existsSync(ledgerFile)) return memory;
    const lines = readFileSync(ledgerFile, 'utf8').split('\n').filter(Boolean);
    const read = new Map<string, Transaction>();
    for (const line of lines) {
      const { id, ...transaction } = JSON.parse(line) as Transaction & { id: string };
      read.set(id, transaction);
    }
    return read;
  };
  const transactions = {
    get: (id: string) => transactionsNow().get(id),
    set(id: string, transaction: Transaction) {
      if (ledgerFile) appendFileSync(ledgerFile, `${JSON.stringify({ id, ...transaction })}\n`);
      else memory.set(id, transaction);
    },
  };
  /** The status as of now: a sale whose settling time has come is settled. */
  const statusOf = (transaction: Transaction) =>
    transaction.status === 'submitted_for_settlement' && typeof transaction.settlesAt === 'number' && Date.now() >= transaction.settlesAt ? 'settled' : transaction.status;
  const existing = (transactionId: string) => {
    const transaction = transactions.get(transactionId);
    if (!transaction) throw new Error(`No transaction ${transactionId}`);
    return transaction;
  };
  const newId = () => randomBytes(4).toString('hex');
  return {
    name: 'test',
    environment: 'test',
    clientToken: async () =>
      Buffer.from(JSON.stringify({ environment: 'test', authorizationFingerprint: randomBytes(16).toString('hex'), version: 2 })).toString('base64'),
    async sale({ amountCents, nonce, orderId }): Promise<SaleResult> {
      const fixture = SANDBOX_NONCES[nonce];
      if (!fixture) return { outcome: 'rejected', code: '91565', message: 'Unknown or expired payment_method_nonce.' };
      const id = newId();
      if (fixture.declined) {
        transactions.set(id, { orderId, status: 'processor_declined', amountCents, type: 'sale' });
        return { outcome: 'declined', transactionId: id, processorResponseCode: '2000', processorResponseText: PROCESSOR_RESPONSES['2000']! };
      }
      if (amountCents >= 200_000 && amountCents < 300_000) {
        const code = String(Math.floor(amountCents / 100));
        transactions.set(id, { orderId, status: 'processor_declined', amountCents, type: 'sale' });
        return { outcome: 'declined', transactionId: id, processorResponseCode: code, processorResponseText: PROCESSOR_RESPONSES[code] ?? 'Processor Declined' };
      }
      if (amountCents >= 300_000 && amountCents < 300_100) {
        transactions.set(id, { orderId, status: 'failed', amountCents, type: 'sale' });
        return { outcome: 'declined', transactionId: id, processorResponseCode: '3000', processorResponseText: 'Processor Network Unavailable - Try Again' };
      }
      const settlesAt = settleAfterMs === undefined ? null : Date.now() + settleAfterMs;
      transactions.set(id, { orderId, status: 'submitted_for_settlement', amountCents, type: 'sale', refundedCents: 0, settlesAt });
      return { outcome: 'approved', transactionId: id, cardDescription: fixture.card };
    },
    async findByOrderId(orderId) {
      for (const [transactionId, transaction] of transactionsNow()) {
        const status = statusOf(transaction);
        if (transaction.orderId === orderId && transaction.type !== 'credit' && (status === 'submitted_for_settlement' || status === 'settled')) {
          return { transactionId, status };
        }
      }
      return null;
    },
    async transaction(transactionId) {
      const transaction = transactions.get(transactionId);
      if (!transaction) return null;
      return { transactionId, status: statusOf(transaction), amountCents: transaction.amountCents, refundedCents: transaction.refundedCents ?? 0 };
    },
    async settle(transactionId) {
      const transaction = existing(transactionId);
      if (statusOf(transaction) === 'submitted_for_settlement') transactions.set(transactionId, { ...transaction, status: 'settled' });
    },
    async void(transactionId) {
      const transaction = existing(transactionId);
      if (!VOIDABLE_STATUSES.includes(statusOf(transaction))) {
        throw new GatewayRefusedError(CANNOT_VOID, 'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.');
      }
      transactions.set(transactionId, { ...transaction, status: 'voided' });
    },
    async refund(transactionId, amountCents) {
      const transaction = existing(transactionId);
      if (transaction.type === 'credit') throw new GatewayRefusedError('91505', 'Cannot refund credit');
      if (statusOf(transaction) !== 'settled') throw new GatewayRefusedError(NOT_SETTLED, 'Cannot refund transaction unless it is settled.');
      const left = transaction.amountCents - (transaction.refundedCents ?? 0);
      if (left <= 0) throw new GatewayRefusedError(FULLY_REFUNDED, 'Transaction has already been completely refunded.');
      const amount = amountCents ?? left;
      if (amount > left) throw new GatewayRefusedError(REFUND_TOO_LARGE, 'Refund amount is too large.');
      const refundTransactionId = newId();
      transactions.set(refundTransactionId, { orderId: transaction.orderId, status: 'submitted_for_settlement', amountCents: amount, type: 'credit', refundOf: transactionId });
      transactions.set(transactionId, { ...transaction, status: 'settled', refundedCents: (transaction.refundedCents ?? 0) + amount });
      return { refundTransactionId };
    },
  };
}
