import {
  addItemBodySchema,
  addItemResponseSchema,
  bagResponseSchema,
  includeSuggestedQuerySchema,
  itemParamsSchema,
  itemSpecificParamsSchema,
  promoParamsSchema,
  quantityParamsSchema,
  saveBagBodySchema,
  shippingTypesQuerySchema,
  shippingTypesResponseSchema,
} from '@charms/contracts/bag';
import type { DataLayerEvent } from '@charms/contracts/envelope';
import { errorBodySchema } from '@charms/contracts/errors';
import { sessionHeadersSchema } from '@charms/contracts/session';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findMetalById } from '@charms/domain/metals';
import { type BagView, cartEvent, cartEventItem, loadBag, presentBag } from '../services/bag-read';
import {
  addAssembly,
  addItem,
  applyPromoCode,
  assertSession,
  unknownSession,
  emptyBag,
  promoCodeRefusal,
  removeItem,
  removeItemSpecific,
  saveBag,
  setQuantity,
} from '../services/bag-changes';
import { PROMO_CODE_ATTEMPTS, limitAttempts } from '../services/attempt-limits';
import { suggestItems } from '../services/bag-suggestions';
import { shippingTypesFor } from '../services/shipping-types';

const bagResponses = { 200: bagResponseSchema, 400: errorBodySchema, 404: errorBodySchema };
const tags = ['bag'];

/** The schema every call that answers with the bag shares (session header, suggestions switch, the bag), plus its own parts. */
function bagCall<Extra extends object>(summary: string, extra: Extra) {
  return { tags, summary, headers: sessionHeadersSchema, querystring: includeSuggestedQuerySchema, response: bagResponses, ...extra };
}

/**
 * The bag (the spec's /shopping-cart calls). The shopper is the userSessionId header, which a page on another
 * site cannot send, so the spec's state-changing GET calls keep their method; every answer is `no-store`.
 */
export const bagRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  type Events = (view: Omit<BagView, 'response'>) => DataLayerEvent[];
  /** Answers with the bag as it is now. */
  async function respond(request: FastifyRequest, sessionId: string, events?: Events) {
    const query = request.query as { includeSuggestedItems?: string };
    const settings = await app.storeSettings.get();
    const bag = await loadBag(db, sessionId, settings);
    if (!bag) throw unknownSession();
    const suggestedItems = query.includeSuggestedItems === 'false' ? [] : await suggestItems(db, app.catalogCache, bag.sessionMetal, bag.lines);
    return presentBag(bag, { now: new Date(), settings, suggestedItems, ...(events ? { events } : {}) }).response;
  }
  const productLines = (view: Omit<BagView, 'response'>) => view.lines.filter((line) => line.kind === 'product');

  app.get(
    '/shopping-cart',
    { schema: bagCall('The bag, with suggested items', {}) },
    async (request) => respond(request, request.headers.usersessionid, (view) => [cartEvent('view_cart', productLines(view).map(cartEventItem))]),
  );

  app.post(
    '/shopping-cart/items',
    {
      schema: {
        tags,
        summary: 'Add a product in a metal (and size), optionally engraved; the price is looked up here. Answers with the line, not the bag',
        headers: sessionHeadersSchema,
        body: addItemBodySchema,
        response: { 200: addItemResponseSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const { body } = request;
      const added = await addItem(db, app.catalogCache, request.headers.usersessionid, body);
      const metalName = findMetalById(body.metalId)!.name;
      return {
        itemUuid: added.itemId,
        quantity: added.quantity,
        itemCount: added.itemCount,
        dataLayers: [cartEvent('add_to_cart', [{ productId: body.productId, name: added.productName, metalName, unitCents: added.unitCents, quantity: body.quantity }])],
      };
    },
  );

  app.get(
    '/shopping-cart/add/charm-assembly',
    { schema: bagCall('Add charm bracelet assembly ($9.95) once', {}) },
    async (request) => {
      await addAssembly(db, request.headers.usersessionid, await app.storeSettings.get());
      return respond(request, request.headers.usersessionid);
    },
  );

  app.get(
    '/shopping-cart/items/:itemUuid/quantity/:quantity',
    {
      schema: bagCall('Set the quantity of a line (1-99)', { params: quantityParamsSchema }),
    },
    async (request) => {
      await setQuantity(db, request.headers.usersessionid, request.params.itemUuid, request.params.quantity);
      return respond(request, request.headers.usersessionid);
    },
  );

  app.delete(
    '/shopping-cart/items/:itemUuid',
    {
      schema: bagCall('Remove a line (and its engraving charge)', { params: itemParamsSchema }),
    },
    async (request) => {
      const sessionId = request.headers.usersessionid;
      const settings = await app.storeSettings.get();
      const before = await loadBag(db, sessionId, settings);
      if (!before) throw unknownSession();
      const removed = before.lines.filter((line) => line.item.itemUuid === request.params.itemUuid && line.kind === 'product');
      await removeItem(db, sessionId, request.params.itemUuid, settings);
      return respond(request, sessionId, () => (removed.length > 0 ? [cartEvent('remove_from_cart', removed.map(cartEventItem))] : []));
    },
  );

  app.delete(
    '/shopping-cart/items/:itemUuid/itemSpecifics/:itemSpecificUuid',
    {
      schema: bagCall('Remove the engraving from a line, and its charge', { params: itemSpecificParamsSchema }),
    },
    async (request) => {
      await removeItemSpecific(db, request.headers.usersessionid, request.params.itemUuid, request.params.itemSpecificUuid);
      return respond(request, request.headers.usersessionid);
    },
  );

  app.get(
    '/shopping-cart/empty',
    { schema: bagCall('Empty the bag (and drop its promo code)', {}) },
    async (request) => {
      await emptyBag(db, request.headers.usersessionid);
      return respond(request, request.headers.usersessionid);
    },
  );

  app.get(
    '/shopping-cart/add/promo-code/:code',
    {
      schema: bagCall('Apply a promo code (case-insensitive; replaces the one applied)', { params: promoParamsSchema, response: { ...bagResponses, 429: errorBodySchema } }),
    },
    async (request) => {
      const sessionId = request.headers.usersessionid;
      await assertSession(db, sessionId);
      await limitAttempts(app.rateLimiter, PROMO_CODE_ATTEMPTS, { sessionId, address: request.ip }, async () => {
        const verdict = await applyPromoCode(db, sessionId, request.params.code, new Date(), await app.storeSettings.get());
        if (!verdict.ok) throw promoCodeRefusal(verdict);
      });
      return respond(request, sessionId);
    },
  );

  app.get(
    '/shopping-cart/shipping-types',
    {
      schema: {
        tags,
        summary: 'Shipping types to a state, with prices and delivery estimates for this bag',
        headers: sessionHeadersSchema,
        querystring: shippingTypesQuerySchema,
        response: { 200: shippingTypesResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => shippingTypesFor(db, request.headers.usersessionid, request.query.shipToStateProvince, new Date(), await app.storeSettings.get()),
  );

  app.post(
    '/shopping-cart/save',
    {
      schema: bagCall('Keep ship-to state, shipping type, order comments and email with the bag', { body: saveBagBodySchema }),
    },
    async (request) => {
      await saveBag(db, request.headers.usersessionid, request.body, new Date());
      return respond(request, request.headers.usersessionid);
    },
  );
};
