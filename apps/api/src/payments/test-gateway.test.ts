import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GatewayRefusedError } from './gateway';
import { createTestGateway } from './test-gateway';

describe('the local test gateway behaves like the Braintree sandbox', () => {
  const sale = (nonce: string, amountCents = 4970) => createTestGateway().sale({ amountCents, nonce, orderId: 'o1' });

  it('approves the sandbox card nonces, naming the card', async () => {
    expect(await sale('fake-valid-visa-nonce')).toMatchObject({ outcome: 'approved', cardDescription: 'Visa ending in 1111' });
    expect(await sale('fake-valid-mastercard-nonce')).toMatchObject({ outcome: 'approved', cardDescription: 'MasterCard ending in 4444' });
    expect(await sale('fake-valid-amex-nonce')).toMatchObject({ outcome: 'approved' });
    expect(await sale('fake-valid-discover-nonce')).toMatchObject({ outcome: 'approved' });
  });

  it('declines the declined nonce with 2000 Do Not Honor, and amounts of $2,000.00-$2,999.99 with the amount as code', async () => {
    expect(await sale('fake-processor-declined-visa-nonce')).toMatchObject({ outcome: 'declined', processorResponseCode: '2000', processorResponseText: 'Do Not Honor' });
    expect(await sale('fake-valid-visa-nonce', 200_100)).toMatchObject({ outcome: 'declined', processorResponseCode: '2001', processorResponseText: 'Insufficient Funds' });
    expect(await sale('fake-valid-visa-nonce', 299_999)).toMatchObject({ outcome: 'declined', processorResponseCode: '2999' });
    expect(await sale('fake-valid-visa-nonce', 199_999)).toMatchObject({ outcome: 'approved' });
    expect(await sale('fake-valid-visa-nonce', 300_000)).toMatchObject({ outcome: 'declined', processorResponseCode: '3000' });
  });

  it('rejects unknown nonces as Braintree does', async () => {
    expect(await sale('tokencc_made_up')).toEqual({ outcome: 'rejected', code: '91565', message: 'Unknown or expired payment_method_nonce.' });
  });

  it('finds, voids and refunds its own charges', async () => {
    const gateway = createTestGateway();
    const result = await gateway.sale({ amountCents: 1000, nonce: 'fake-valid-visa-nonce', orderId: 'order-9' });
    if (result.outcome !== 'approved') throw new Error('expected approval');
    expect(await gateway.findByOrderId('order-9')).toEqual({ transactionId: result.transactionId, status: 'submitted_for_settlement' });
    await gateway.void(result.transactionId);
    expect(await gateway.findByOrderId('order-9')).toBeNull();
    expect(await gateway.findByOrderId('order-x')).toBeNull();
  });

  it('with a ledger file, another gateway on the same file (another process) finds and voids its charges', async () => {
    const ledgerFile = join(mkdtempSync(join(tmpdir(), 'ledger-')), 'transactions.jsonl');
    const charging = createTestGateway({ ledgerFile });
    const result = await charging.sale({ amountCents: 1000, nonce: 'fake-valid-visa-nonce', orderId: 'order-7' });
    if (result.outcome !== 'approved') throw new Error('expected approval');
    const later = createTestGateway({ ledgerFile });
    expect(await later.findByOrderId('order-7')).toEqual({ transactionId: result.transactionId, status: 'submitted_for_settlement' });
    await later.void(result.transactionId);
    expect(await charging.findByOrderId('order-7')).toBeNull();
  });

  describe('voids and refunds as the sandbox does', () => {
    const charge = async (gateway: ReturnType<typeof createTestGateway>, amountCents = 5000) => {
      const result = await gateway.sale({ amountCents, nonce: 'fake-valid-visa-nonce', orderId: 'order-r' });
      if (result.outcome !== 'approved') throw new Error('expected approval');
      return result.transactionId;
    };

    it('voids an unsettled charge whole, and refuses to refund it (91506)', async () => {
      const gateway = createTestGateway({ settleAfterMs: 60_000 });
      const id = await charge(gateway);
      expect(await gateway.transaction(id)).toEqual({ transactionId: id, status: 'submitted_for_settlement', amountCents: 5000, refundedCents: 0 });
      await expect(gateway.refund(id, 1000)).rejects.toMatchObject({ code: '91506', message: 'Cannot refund transaction unless it is settled.' });
      await gateway.void(id);
      expect(await gateway.transaction(id)).toMatchObject({ status: 'voided', refundedCents: 0 });
      await expect(gateway.void(id)).rejects.toMatchObject({ code: '91504' });
    });

    it('settles at once with settleAfterMs 0, then refuses voids (91504) and refunds in parts up to what is left (91521)', async () => {
      const gateway = createTestGateway({ settleAfterMs: 0 });
      const id = await charge(gateway);
      expect(await gateway.transaction(id)).toMatchObject({ status: 'settled' });
      await expect(gateway.void(id)).rejects.toBeInstanceOf(GatewayRefusedError);
      await expect(gateway.void(id)).rejects.toMatchObject({ code: '91504' });
      const first = await gateway.refund(id, 2000);
      await expect(gateway.refund(id, 3001)).rejects.toMatchObject({ code: '91521', message: 'Refund amount is too large.' });
      const rest = await gateway.refund(id);
      expect(first.refundTransactionId).not.toBe(rest.refundTransactionId);
      expect(first.refundTransactionId).not.toBe(id);
      expect(await gateway.transaction(id)).toEqual({ transactionId: id, status: 'settled', amountCents: 5000, refundedCents: 5000 });
      expect(await gateway.transaction(rest.refundTransactionId)).toMatchObject({ amountCents: 3000 });
      await expect(gateway.refund(id, 1)).rejects.toMatchObject({ code: '91512' });
      await expect(gateway.refund(rest.refundTransactionId, 1)).rejects.toMatchObject({ code: '91505' });
      // A settled charge is still the order's charge.
      expect(await gateway.findByOrderId('order-r')).toEqual({ transactionId: id, status: 'settled' });
    });

    it('settles when told to, as the sandbox testing API does; an unknown transaction reads as null', async () => {
      const gateway = createTestGateway();
      const id = await charge(gateway);
      expect(await gateway.transaction(id)).toMatchObject({ status: 'submitted_for_settlement' });
      await gateway.settle(id);
      expect((await gateway.refund(id, 100)).refundTransactionId).toMatch(/^[0-9a-f]{8}$/);
      expect(await gateway.transaction('nope')).toBeNull();
    });

    it('keeps refunds in the ledger file, for every process', async () => {
      const ledgerFile = join(mkdtempSync(join(tmpdir(), 'ledger-')), 'transactions.jsonl');
      const id = await charge(createTestGateway({ ledgerFile, settleAfterMs: 0 }));
      await createTestGateway({ ledgerFile }).refund(id, 1500);
      expect(await createTestGateway({ ledgerFile }).transaction(id)).toMatchObject({ status: 'settled', refundedCents: 1500 });
    });
  });
});
