import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
