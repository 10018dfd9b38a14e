import braintree from 'braintree';
import { GatewayRefusedError, GatewayUnavailableError, type PaymentGateway, type SaleResult } from './gateway';

export interface BraintreeSettings {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  environment: 'sandbox' | 'production';
}

/** Any failure to get an answer (network, timeout, Braintree down) means the outcome is unknown. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new GatewayUnavailableError(`Braintree did not answer: ${(error as Error).name}`, { cause: error });
  }
}

/**
 * Braintree through its official Node SDK: client tokens for Hosted Fields, sales submitted for settlement, and
 * the void, refund and search the order flow needs. Pass a gateway to test against recorded responses.
 */
export function createBraintreeGateway(settings: BraintreeSettings, sdk?: braintree.BraintreeGateway): PaymentGateway {
  const gateway =
    sdk ??
    new braintree.BraintreeGateway({
      environment: settings.environment === 'production' ? braintree.Environment.Production : braintree.Environment.Sandbox,
      merchantId: settings.merchantId,
      publicKey: settings.publicKey,
      privateKey: settings.privateKey,
    });
  return {
    name: 'braintree',
    environment: settings.environment,
    clientToken: async () => (await reach(() => gateway.clientToken.generate({}))).clientToken,
    async sale({ amountCents, nonce, deviceData, orderId }): Promise<SaleResult> {
      const result = await reach(() =>
        gateway.transaction.sale({
          amount: (amountCents / 100).toFixed(2),
          paymentMethodNonce: nonce,
          orderId,
          ...(deviceData ? { deviceData } : {}),
          options: { submitForSettlement: true },
        }),
      );
      if (result.success) {
        const card = result.transaction.creditCard;
        return {
          outcome: 'approved',
          transactionId: result.transaction.id,
          cardDescription: card?.cardType && card.last4 ? `${card.cardType} ending in ${card.last4}` : null,
        };
      }
      const transaction = result.transaction;
      if (transaction && (transaction.status === 'processor_declined' || transaction.status === 'failed')) {
        return {
          outcome: 'declined',
          transactionId: transaction.id,
          processorResponseCode: transaction.processorResponseCode,
          processorResponseText: transaction.processorResponseText,
        };
      }
      if (transaction?.status === 'gateway_rejected') {
        return { outcome: 'rejected', code: `gateway_rejected:${transaction.gatewayRejectionReason ?? 'unknown'}`, message: result.message };
      }
      const [first] = result.errors?.deepErrors() ?? [];
      return { outcome: 'rejected', code: first?.code ?? 'validation', message: first?.message ?? result.message };
    },
    async findByOrderId(orderId) {
      const stream = await reach(async () => gateway.transaction.search((search) => search.orderId().is(orderId)));
      const found = await reach(
        () =>
          new Promise<braintree.Transaction[]>((resolve, reject) => {
            const all: braintree.Transaction[] = [];
            stream.on('data', (transaction: braintree.Transaction) => all.push(transaction));
            stream.on('end', () => resolve(all));
            stream.on('error', reject);
          }),
      );
      const charged = found.find((transaction) => ['authorized', 'submitted_for_settlement', 'settling', 'settled'].includes(transaction.status));
      return charged ? { transactionId: charged.id, status: charged.status } : null;
    },
    async transaction(transactionId) {
      const found = await find(transactionId);
      if (!found) return null;
      // Braintree lists a sale's refunds by id; what was given back is the sum of those not voided or failed.
      const refunds = await Promise.all((found.refundIds ?? []).map(find));
      const refundedCents = refunds
        .filter((refund) => refund && !['voided', 'failed', 'processor_declined', 'gateway_rejected'].includes(refund.status))
        .reduce((sum, refund) => sum + cents(refund!.amount), 0);
      return { transactionId: found.id, status: found.status, amountCents: cents(found.amount), refundedCents };
    },
    async void(transactionId) {
      const result = await reach(() => gateway.transaction.void(transactionId));
      if (!result.success) throw refused(result);
    },
    async refund(transactionId, amountCents) {
      const result = await reach(() => gateway.transaction.refund(transactionId, amountCents === undefined ? undefined : (amountCents / 100).toFixed(2)));
      if (!result.success) throw refused(result);
      return { refundTransactionId: result.transaction.id };
    },
  };

  /** A transaction, or null when Braintree has none by that id. */
  async function find(transactionId: string): Promise<braintree.Transaction | null> {
    try {
      return await gateway.transaction.find(transactionId);
    } catch (error) {
      if ((error as { type?: string }).type === 'notFoundError') return null;
      throw new GatewayUnavailableError(`Braintree did not answer: ${(error as Error).name}`, { cause: error });
    }
  }
}

/** Braintree's amounts are decimal strings of dollars. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** A refusal, with Braintree's validation error code (91504 not voidable, 91506 not settled, 91521 too large...). */
function refused(result: { message: string; errors?: { deepErrors(): { code: string; message: string }[] } }) {
  const [first] = result.errors?.deepErrors() ?? [];
  return new GatewayRefusedError(first?.code ?? 'refused', first?.message ?? result.message);
}
