import { randomBytes, randomUUID } from 'node:crypto';
import { type AdminOrder, adminOrderSchema } from '@charms/contracts/admin-orders';
import { productListResponseSchema } from '@charms/contracts/catalog';
import { type Order, completeOrderResponseSchema } from '@charms/contracts/checkout';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/query';
import { GatewayUnavailableError } from '../src/payments/gateway';
import { createTestGateway } from '../src/payments/test-gateway';
import { shopperApi } from './helper';

/**
 * The test gateway as the Braintree sandbox runs it: charges stay unsettled (voidable) until settled by hand, as the
 * sandbox's nightly batch or its testing API does; and a switch that makes refunds and voids go unanswered.
 */
export function sandboxGateway() {
  const inner = createTestGateway({ settleAfterMs: 7 * 24 * 3600 * 1000 });
  const switches = { unanswered: false };
  const unanswered = () => {
    if (switches.unanswered) throw new GatewayUnavailableError('timeout');
  };
  const gateway: typeof inner = {
    ...inner,
    async void(transactionId) {
      unanswered();
      return inner.void(transactionId);
    },
    async refund(transactionId, amountCents) {
      unanswered();
      return inner.refund(transactionId, amountCents);
    },
  };
  return { gateway, switches };
}

export interface PlacedOrder {
  id: string;
  number: string;
  totalCents: number;
  transactionId: string | null;
  order: Order;
}

/** A shopper places an order through the storefront's own calls: a charm in the bag, then checkout. */
export function shopperOrders(t: { readonly app: FastifyInstance; readonly database: Database }) {
  const { newSession, call } = shopperApi(t);
  let productId: number | undefined;
  const charmId = async () => {
    if (productId === undefined) {
      const listed = productListResponseSchema.parse((await t.app.inject('/api/products?path=/products/category/charm-tags&metalId=40&pageSize=1')).json());
      productId = listed.products[0]!.id;
    }
    return productId;
  };
  return async function placeOrder(
    customer: { firstName?: string; lastName?: string; email?: string; phone?: string; quantity?: number; city?: string } = {},
  ): Promise<PlacedOrder> {
    const session = await newSession();
    const added = await call(session, 'POST', '/shopping-cart/items', { productId: await charmId(), metalId: 40, quantity: customer.quantity ?? 1 });
    if (added.statusCode !== 200) throw new Error(`add to bag: ${added.statusCode} ${added.body}`);
    const response = await call(session, 'POST', '/shopping-cart/complete-order', {
      paymentMethodNonce: 'fake-valid-visa-nonce',
      idempotencyKey: randomUUID(),
      customer: { email: customer.email ?? `shopper-${randomBytes(3).toString('hex')}@example.com`, phone: customer.phone ?? '512-555-0142' },
      shippingAddress: {
        firstName: customer.firstName ?? 'Ann',
        lastName: customer.lastName ?? 'Lee',
        address1: '100 Congress Ave',
        city: customer.city ?? 'Austin',
        stateProvince: 'TX',
        postalCode: '78701',
        country: 'US',
      },
      shippingTypeId: 'ground',
    });
    if (response.statusCode !== 200) throw new Error(`checkout: ${response.statusCode} ${response.body}`);
    const order = completeOrderResponseSchema.parse(response.json()).order;
    const [row] = await queryRows<{ id: string; transactionId: string | null }>(
      t.database.db,
      sql`select id, payment_transaction_id as "transactionId" from orders where number = ${order.number}`,
    );
    return { id: row!.id, number: order.number, totalCents: order.totals.total.cents, transactionId: row!.transactionId, order };
  };
}

/** Parses an answer as the admin order it must be. */
export function adminOrderOf(response: { statusCode: number; body: string; json: () => unknown }): AdminOrder {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return adminOrderSchema.parse(response.json());
}
