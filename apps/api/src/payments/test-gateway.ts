import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { PROCESSOR_RESPONSES, type PaymentGateway, SANDBOX_NONCES, type SaleResult } from './gateway';

/**
 * A local gateway that answers as the Braintree sandbox does, for development and tests: the sandbox nonces
 * approve or decline, amounts from $2,000.00 to $2,999.99 are declined with the processor response code equal
 * to the amount's dollars, and $3,000.00 to $3,000.99 fail as "Processor Network Unavailable". It stands for a
 * remote service, so it keeps its transactions apart from the shop's database, as Braintree keeps them on its
 * servers: in its own memory, or, given a ledger file, in that file, so that they outlive the process that charged
 * (as a charge outlives a shop instance that dies before recording it) and are seen by every process using it.
 */
export function createTestGateway(options: { ledgerFile?: string } = {}): PaymentGateway {
  type Transaction = { orderId: string; status: string; amountCents: number };
  const memory = new Map<string, Transaction>();
  const { ledgerFile } = options;
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
        transactions.set(id, { orderId, status: 'processor_declined', amountCents });
        return { outcome: 'declined', transactionId: id, processorResponseCode: '2000', processorResponseText: PROCESSOR_RESPONSES['2000']! };
      }
      if (amountCents >= 200_000 && amountCents < 300_000) {
        const code = String(Math.floor(amountCents / 100));
        transactions.set(id, { orderId, status: 'processor_declined', amountCents });
        return { outcome: 'declined', transactionId: id, processorResponseCode: code, processorResponseText: PROCESSOR_RESPONSES[code] ?? 'Processor Declined' };
      }
      if (amountCents >= 300_000 && amountCents < 300_100) {
        transactions.set(id, { orderId, status: 'failed', amountCents });
        return { outcome: 'declined', transactionId: id, processorResponseCode: '3000', processorResponseText: 'Processor Network Unavailable - Try Again' };
      }
      transactions.set(id, { orderId, status: 'submitted_for_settlement', amountCents });
      return { outcome: 'approved', transactionId: id, cardDescription: fixture.card };
    },
    async findByOrderId(orderId) {
      for (const [transactionId, transaction] of transactionsNow()) {
        if (transaction.orderId === orderId && transaction.status === 'submitted_for_settlement') return { transactionId, status: transaction.status };
      }
      return null;
    },
    async void(transactionId) {
      const transaction = transactions.get(transactionId);
      if (!transaction) throw new Error(`No transaction ${transactionId}`);
      transactions.set(transactionId, { ...transaction, status: 'voided' });
    },
    async refund(transactionId) {
      const transaction = transactions.get(transactionId);
      if (!transaction) throw new Error(`No transaction ${transactionId}`);
      transactions.set(transactionId, { ...transaction, status: 'refunded' });
    },
  };
}
