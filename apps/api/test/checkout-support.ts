import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { GatewayUnavailableError, type PaymentGateway, type SaleRequest } from '../src/payments/gateway';
import { createTestGateway } from '../src/payments/test-gateway';

/** A real SMTP server in the test process; it keeps every message it receives. */
export async function startSmtpServer() {
  const messages: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The test gateway with a switchboard: counts sales, and can be told to lose its answers (before or after
 * charging), to fail lookups or voids, or to run something when a charge is approved.
 */
export function controllableGateway(inner: PaymentGateway = createTestGateway()) {
  const state = {
    sales: [] as SaleRequest[],
    approved: 0,
    loseAnswer: null as null | 'before-charge' | 'after-charge',
    lookupFails: false,
    onApproved: null as null | (() => Promise<void>),
    /** Runs after the sale is asked for and before the card is charged (a charge still under way). */
    beforeCharge: null as null | (() => Promise<void>),
    acceptAnyNonce: false,
    voidFails: false,
    voided: [] as string[],
  };
  const gateway: PaymentGateway = {
    ...inner,
    async sale(request) {
      state.sales.push(request);
      if (state.loseAnswer === 'before-charge') throw new GatewayUnavailableError('timeout');
      if (state.beforeCharge) await state.beforeCharge();
      const result = await inner.sale(state.acceptAnyNonce && request.nonce.startsWith('tokencc_') ? { ...request, nonce: 'fake-valid-visa-nonce' } : request);
      if (result.outcome === 'approved') {
        state.approved++;
        if (state.onApproved) await state.onApproved();
      }
      if (state.loseAnswer === 'after-charge') throw new GatewayUnavailableError('timeout');
      return result;
    },
    async findByOrderId(orderId) {
      if (state.lookupFails) throw new GatewayUnavailableError('lookup timeout');
      return inner.findByOrderId(orderId);
    },
    async void(transactionId) {
      if (state.voidFails) throw new GatewayUnavailableError('void timeout');
      state.voided.push(transactionId);
      await inner.void(transactionId);
      state.approved--;
    },
  };
  return { gateway, state };
}
