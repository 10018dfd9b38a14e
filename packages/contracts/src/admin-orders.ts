import { ORDER_ACTIONS, ORDER_STATUSES } from '@charms/domain/order-status';
import { SHIPPING_TYPE_IDS } from '@charms/domain/shipping';
import { CARRIERS } from '@charms/domain/tracking';

/** The carriers the ship call takes (the domain keeps them with their tracking pages). */
export { CARRIERS };
import { z } from 'zod';
import { addItemBodySchema } from './bag';
import { moneySchema } from './catalog';
import { addressSchema, completeOrderBodySchema, orderSchema } from './checkout';
import { fieldMessage } from './messages';
import { safeText } from './text';

/**
 * The staff side's order calls: the list with its filters and CSV export, one order with its trail, the actions
 * of the order state machine, and phone orders. Money in and out is in integer cents.
 */
const dateMessage = { message: 'must be a date such as 2026-11-23' };
/** A calendar day that exists (2026-02-30 does not): the list reads it as a day in store time. */
const isoDate = safeText(dateMessage)
  .regex(/^\d{4}-\d{2}-\d{2}$/, dateMessage)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '2000-01-01' && value <= '2999-12-31';
  }, dateMessage);
const note = (max: number, what = 'is required') => safeText({ message: what, lines: true }).trim().min(1, { message: what }).max(max, { message: `must be at most ${max} characters` });

export const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;

/** GET /admin-orders and GET /admin-orders/export.csv: search (number, email, name, phone), status, dates, sort, page. */
export const adminOrderListQuerySchema = z
  .object({
  q: safeText().trim().max(200, { message: 'must be at most 200 characters' }).optional(),
  status: z.enum(ORDER_STATUSES, fieldMessage(`must be one of ${ORDER_STATUSES.join(', ')}`)).optional(),
  from: isoDate.optional().describe('Placed on or after this day (store time, Central)'),
  to: isoDate.optional().describe('Placed on or before this day (store time, Central)'),
  sort: z.enum(ORDER_SORTS, fieldMessage(`must be one of ${ORDER_SORTS.join(', ')}`)).default('newest'),
  page: z.coerce.number(fieldMessage('must be a page number')).int({ message: 'must be a whole number' }).min(1, { message: 'must be at least 1' }).max(10_000, { message: 'must be at most 10,000' }).default(1),
  pageSize: z.coerce.number(fieldMessage('must be a number')).int({ message: 'must be a whole number' }).min(1, { message: 'must be at least 1' }).max(100, { message: 'must be at most 100' }).default(25),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'must be on or after from', path: ['to'] });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** The most orders one CSV export holds (the first ones in the sort asked for); the answer says when more matched. */
export const ORDER_EXPORT_LIMIT = 10_000;
/** Response headers of the CSV export: how many orders matched, and whether the file stops at the limit. */
export const EXPORT_TOTAL_HEADER = 'x-total-count';
export const EXPORT_TRUNCATED_HEADER = 'x-export-truncated';

export const adminOrderSummarySchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    placedAt: z.string(),
    customerName: z.string(),
    email: z.string(),
    phone: z.string(),
    total: moneySchema,
    refunded: moneySchema,
    source: z.enum(['web', 'phone']),
    paymentMethod: z.enum(['card', 'check']),
    itemCount: z.number().int(),
    estimatedShipDate: z.string(),
  })
  .meta({ id: 'AdminOrderSummary' });
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderListResponseSchema = z
  .object({ orders: z.array(adminOrderSummarySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AdminOrderList' });
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

/** One line of an order's audit trail: who did what, when, from where. */
export const auditEventSchema = z
  .object({
    at: z.string(),
    actor: z.string(),
    ip: z.string().nullable(),
    action: z.string().describe('order.placed, order.paid, order.shipped, order.cancelled, order.refunded, order.note, order.confirmation_resent, ...'),
    summary: z.string().describe('The event in words, for the timeline'),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const orderRefundSchema = z.object({
  id: z.uuid(),
  amount: moneySchema,
  reason: z.string(),
  method: z.enum(['void', 'refund', 'manual']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  at: z.string(),
  by: z.string().nullable(),
});

/** GET /admin-orders/{id}: the order as the shopper sees it, and what staff need besides. */
export const adminOrderSchema = z
  .object({
    id: z.uuid(),
    order: orderSchema,
    source: z.enum(['web', 'phone']),
    placedBy: z.string().nullable().describe('The staff member who took a phone order'),
    paymentMethod: z.enum(['card', 'check']),
    transactionId: z.string().nullable(),
    refunded: moneySchema,
    refundable: moneySchema.describe('What can still be refunded'),
    refunds: z.array(orderRefundSchema),
    shippedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    /** The state machine's actions open to this order now. */
    allowedActions: z.array(z.enum(ORDER_ACTIONS)),
    events: z.array(auditEventSchema),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderParamsSchema = z.object({ id: z.uuid(fieldMessage('must be an order id')) });


/** POST /admin-orders/{id}/ship */
export const shipOrderBodySchema = z.strictObject({
  carrier: z.enum(CARRIERS, fieldMessage(`must be one of ${CARRIERS.join(', ')}`)),
  trackingNumber: safeText({ message: 'is required' })
    .trim()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{8,40}$/, { message: 'must be 8 to 40 letters and digits, as the carrier printed it' })),
});
/** POST /admin-orders/{id}/cancel */
export const cancelOrderBodySchema = z.strictObject({ reason: note(500) });
/** POST /admin-orders/{id}/mark-paid: a check received. */
export const markPaidBodySchema = z.strictObject({ reference: safeText().trim().max(100, { message: 'must be at most 100 characters' }).optional() });
/** POST /admin-orders/{id}/refunds: the amount in cents; the reason is kept in the trail. */
export const refundOrderBodySchema = z.strictObject({
  amountCents: z.number(fieldMessage('must be an amount in cents')).int({ message: 'must be a whole number of cents' }).min(1, { message: 'must be at least 1 cent' }),
  reason: note(500),
});
/** POST /admin-orders/{id}/notes: an internal note (never shown to the shopper). */
export const orderNoteBodySchema = z.strictObject({ text: note(2000) });

/** One line of a phone order: what the bag's "add to bag" takes (a bracelet's size is required here). */
export const phoneOrderItemSchema = addItemBodySchema;

/**
 * POST /admin-orders: a phone order, built in a bag of its own and priced by the bag's own code. Shipping defaults
 * to free ground; a promo code is applied as the bag applies it (400 with its reason when it does not apply).
 */
export const phoneOrderBodySchema = z.strictObject({
  customer: completeOrderBodySchema.shape.customer,
  shippingAddress: addressSchema,
  billingAddress: addressSchema.optional(),
  items: z.array(phoneOrderItemSchema).min(1, { message: 'must have at least one item' }).max(50, { message: 'must have at most 50 items' }),
  charmAssembly: z.boolean(fieldMessage('must be true or false')).optional(),
  shippingTypeId: z.enum(SHIPPING_TYPE_IDS, fieldMessage(`must be one of ${SHIPPING_TYPE_IDS.join(', ')}`)).optional(),
  promoCode: safeText().trim().max(64, { message: 'is too long' }).optional().transform((value) => value || undefined),
  payment: z.discriminatedUnion(
    'method',
    [
      z.strictObject({ method: z.literal('card'), paymentMethodNonce: completeOrderBodySchema.shape.paymentMethodNonce, deviceData: completeOrderBodySchema.shape.deviceData }),
      z.strictObject({ method: z.literal('check') }),
    ],
    fieldMessage('must be {"method": "card", "paymentMethodNonce": ...} or {"method": "check"}'),
  ),
  orderComments: completeOrderBodySchema.shape.orderComments,
  giftMessage: completeOrderBodySchema.shape.giftMessage,
  /** Sent by the admin's form so a double click or a retry takes one order, never two. */
  idempotencyKey: completeOrderBodySchema.shape.idempotencyKey.optional(),
  expectedTotalCents: completeOrderBodySchema.shape.expectedTotalCents.describe(
    'The total staff read to the customer (the last quote), in cents: when the order comes to another amount, nothing is charged or placed (409 TOTAL_CHANGED)',
  ),
});
export type PhoneOrderBody = z.infer<typeof phoneOrderBodySchema>;

/** The phone order placed (201): its id (for GET /admin-orders/{id}) and the order as the customer sees it. */
export const placedPhoneOrderSchema = z.object({ id: z.uuid(), order: orderSchema }).meta({ id: 'PlacedPhoneOrder' });
export type PlacedPhoneOrder = z.infer<typeof placedPhoneOrderSchema>;

/**
 * POST /admin-orders/quote: the lines and totals the phone order would have, as the form is filled in. Only the
 * shipping address's state counts (it decides the shipping types offered); without it every type is listed.
 */
export const phoneOrderQuoteBodySchema = phoneOrderBodySchema.omit({ payment: true, customer: true, idempotencyKey: true, expectedTotalCents: true }).extend({
  shippingAddress: addressSchema.partial().optional(),
});
export type PhoneOrderQuoteBody = z.infer<typeof phoneOrderQuoteBodySchema>;
export const phoneOrderQuoteSchema = z
  .object({
    lines: orderSchema.shape.lines,
    totals: orderSchema.shape.totals,
    promoCode: z.string().nullable().describe('The promo code applied (normalized), null when none is or it does not apply'),
    promoMessage: z.string().nullable().describe('Why the promo code does not apply, when it does not'),
    estimatedShipDate: z.string(),
    shippingTypes: z.array(z.object({ id: z.enum(SHIPPING_TYPE_IDS), name: z.string(), price: moneySchema })),
  })
  .meta({ id: 'PhoneOrderQuote' });
export type PhoneOrderQuote = z.infer<typeof phoneOrderQuoteSchema>;

/** GET /admin-dashboard: what a day at the shop starts with. */
export const dashboardSchema = z
  .object({
    today: z.string().describe('YYYY-MM-DD, store time'),
    sameDayCutoff: z.string().describe('When same-day shipping closes (ISO time): noon Central today on a business day, else on the next business day'),
    toShip: z.object({ count: z.number().int(), dueToday: z.number().int(), orders: z.array(adminOrderSummarySchema) }),
    awaitingPayment: z.number().int(),
    salesToday: z.object({ count: z.number().int(), total: moneySchema }),
    recentOrders: z.array(adminOrderSummarySchema),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;
