import { randomBytes } from 'node:crypto';
import { PROCESSOR_RESPONSES, type PaymentGateway, SANDBOX_NONCES, type SaleResult } from './gateway';

/**
 * A local gateway that answers as the Braintree sandbox does, for development and tests: the sandbox nonces
 * approve or decline, amounts from $2,000.00 to $2,999.99 are declined with the processor response code equal
 * to the amount's dollars, and $3,000.00 to $3,000.99 fail as "Processor Network Unavailable". It stands for a
 * remote service, so it keeps its transactions in its own memory, as Braintree keeps them on its servers.
 */
export function createTestGateway(): PaymentGateway {
  const transactions = new Map<string, { orderId: string; status: string; amountCents: number }>();
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
      for (const [transactionId, transaction] of transactions) {
        if (transaction.orderId === orderId && transaction.status === 'submitted_for_settlement') return { transactionId, status: transaction.status };
      }
      return null;
    },
    async void(transactionId) {
      const transaction = transactions.get(transactionId);
      if (!transaction) throw new Error(`No transaction ${transactionId}`);
      transaction.status = 'voided';
    },
    async refund(transactionId) {
      const transaction = transactions.get(transactionId);
      if (!transaction) throw new Error(`No transaction ${transactionId}`);
      transaction.status = 'refunded';
    },
  };
}
