import {
  EXPORT_TOTAL_HEADER,
  EXPORT_TRUNCATED_HEADER,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderParamsSchema,
  adminOrderSchema,
  cancelOrderBodySchema,
  dashboardSchema,
  markPaidBodySchema,
  orderNoteBodySchema,
  refundOrderBodySchema,
  shipOrderBodySchema,
} from '@charms/contracts/admin-orders';
import { errorBodySchema } from '@charms/contracts/errors';
import { storeTime } from '@charms/domain/ship-dates';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../plugins/staff-area';
import { dashboard } from '../services/admin-dashboard';
import { adminOrder } from '../services/admin-order-detail';
import { exportOrders, listOrders } from '../services/admin-order-list';
import { shipCalendarOf } from '@charms/domain/store-settings';
import { type OrderActionContext, addNote, markPaid, resendConfirmation, shipOrder } from '../services/order-actions';
import { cancelOrder, refundOrder } from '../services/order-refunds';

const tags = ['admin orders'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
/** An action: also 409 (the state machine says no), 502/503 (the card processor refused or did not answer). */
const actionErrors = { ...errors, 409: errorBodySchema, 502: errorBodySchema, 503: errorBodySchema };
const params = adminOrderParamsSchema;

/** The staff's order calls (every staff member, not only owners): the list, its CSV, one order, its actions. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const context = async (log: FastifyBaseLogger): Promise<OrderActionContext> => {
    const { store, linkSecret, gateway } = await app.checkout.context(log);
    return { db, gateway, store, linkSecret, log, emailQueued: () => app.emailDelivery.kick() };
  };

  app.get(
    '/admin-orders',
    { schema: { tags, summary: 'Orders: search by number, email, name or phone; filter by status and store days; sort; pages', querystring: adminOrderListQuerySchema, response: { 200: adminOrderListResponseSchema, ...errors } } },
    async (request) => listOrders(db, request.query, (await app.storeSettings.get()).timeZone),
  );

  app.get(
    '/admin-orders/export.csv',
    {
      schema: {
        tags,
        summary: 'The filtered order list as CSV (at most 10,000 orders; X-Export-Truncated says when more matched)',
        querystring: adminOrderListQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv, one row per order after a header row'), ...errors },
      },
    },
    async (request, reply) => {
      const { timeZone } = await app.storeSettings.get();
      const { csv, total, truncated } = await exportOrders(db, request.query, timeZone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${storeTime(app.clock.now(), timeZone).date}.csv"`)
        .header(EXPORT_TOTAL_HEADER, String(total))
        .header(EXPORT_TRUNCATED_HEADER, String(truncated))
        .send(csv);
    },
  );

  app.get(
    '/admin-orders/:id',
    { schema: { tags, summary: 'One order: the shopper\'s view, payment, refunds, the actions open to it and its timeline', params, response: { 200: adminOrderSchema, ...errors } } },
    async (request) => adminOrder(db, request.params.id, app.secrets.orderLink),
  );

  const action = { params, response: { 200: adminOrderSchema, ...actionErrors } };
  app.post(
    '/admin-orders/:id/mark-paid',
    { schema: { tags, summary: 'A check received: an order awaiting payment becomes paid', body: markPaidBodySchema, ...action } },
    async (request) => markPaid(await context(request.log), actorOf(request), request.params.id, request.body.reference),
  );
  app.post(
    '/admin-orders/:id/ship',
    { schema: { tags, summary: 'Shipped with a carrier and tracking number; the shopper is emailed the tracking link', body: shipOrderBodySchema, ...action } },
    async (request) => shipOrder(await context(request.log), actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin-orders/:id/cancel',
    { schema: { tags, summary: 'Cancel: an unsettled card charge is voided, a settled one refunded; a check order is paid back by the shop', body: cancelOrderBodySchema, ...action } },
    async (request) => cancelOrder(await context(request.log), actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    '/admin-orders/:id/refunds',
    { schema: { tags, summary: 'Refund part or all of what is left, through the card processor (a check order: recorded as paid back)', body: refundOrderBodySchema, ...action } },
    async (request) => refundOrder(await context(request.log), actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin-orders/:id/resend-confirmation',
    { schema: { tags, summary: 'Email the order confirmation to the shopper again (no body)', ...action } },
    async (request) => resendConfirmation(await context(request.log), actorOf(request), request.params.id),
  );
  app.post(
    '/admin-orders/:id/notes',
    { schema: { tags, summary: 'An internal note on the order\'s timeline (never shown to the shopper)', body: orderNoteBodySchema, ...action } },
    async (request) => addNote(await context(request.log), actorOf(request), request.params.id, request.body.text),
  );

  app.get(
    '/admin-dashboard',
    { schema: { tags, summary: 'The day at the shop: orders to ship (due today, the same-day cutoff), checks awaited, today\'s sales, recent orders', response: { 200: dashboardSchema, ...errors } } },
    async () => dashboard(db, app.clock.now(), shipCalendarOf(await app.storeSettings.get())),
  );
};
