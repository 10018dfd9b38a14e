import type { BagResponse, SaveBagBody } from '@charms/contracts/bag';
import { MAX_LINE_QUANTITY } from '@charms/domain/bag';
import { type AppLoadContext, data, redirect } from 'react-router';
import { type ApiClient, ApiError } from '../lib/api-client';
import { isSameOrigin, readSessionId } from '../lib/shopper-id.server';
import { addToBag } from './add-to-bag.server';
import { apiProblem, fieldSentence } from './api-problem.server';
import { noticeCookie } from './bag-notice.server';
import { ENHANCED_FIELD, type BagResult, changeEvents } from './bag-result';

const FIELD_LABELS: Record<string, string> = {
  quantity: 'Quantity',
  shipToStateProvince: 'Ship-to state',
  shippingTypeId: 'Shipping',
  orderComments: 'Comments',
  code: 'Promo code',
};

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

type Change = { bag: BagResponse; message: string; ok?: boolean };

/** One intent: the API call and what to tell the shopper. Errors propagate to `bagAction`. */
async function runIntent(intent: string, form: FormData, api: ApiClient, sessionId: string): Promise<Change> {
  const itemUuid = text(form, 'itemUuid');
  switch (intent) {
    case 'quantity': {
      // The stepper's − and + post setQuantity; the number field posts quantity.
      const raw = text(form, 'setQuantity') || text(form, 'quantity');
      const quantity = /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isFinite(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
        // 0 reads as "none": the same as Remove would be surprising from a typo, so say what is allowed instead.
        throw new ApiError(400, { error: { code: 'VALIDATION_ERROR', message: `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY} (use Remove to take it out).` } });
      }
      return { bag: await api.setQuantity(sessionId, itemUuid, quantity), message: `Quantity changed to ${quantity}.` };
    }
    case 'remove': {
      const name = text(form, 'itemName').slice(0, 200) || 'The item';
      return { bag: await api.removeItem(sessionId, itemUuid), message: `Removed ${name} from your bag.` };
    }
    case 'remove-engraving':
      return { bag: await api.removeEngraving(sessionId, itemUuid, text(form, 'itemSpecificUuid')), message: 'Engraving removed.' };
    case 'assembly':
      return { bag: await api.addAssembly(sessionId), message: 'Assembly added: we will put your charms on your bracelet.' };
    case 'empty':
      return { bag: await api.emptyBag(sessionId), message: 'Your bag is now empty.' };
    case 'promo': {
      const code = text(form, 'code').trim();
      if (!code) throw new ApiError(400, { error: { code: 'VALIDATION_ERROR', message: 'Enter a promo code.' } });
      const bag = await api.applyPromoCode(sessionId, code);
      const promo = bag.tempOrder.promoCode;
      if (promo && !promo.applied) return { bag, message: promo.message ?? 'That promo code does not apply to this bag yet.', ok: false };
      return { bag, message: promo ? `Promo code ${promo.code} applied: ${promo.description}.` : 'Promo code applied.' };
    }
    case 'shipping': {
      const state = text(form, 'shipToStateProvince').trim().toUpperCase();
      const body: SaveBagBody = { shipToStateProvince: state || null };
      const type = text(form, 'shippingTypeId');
      if (type) body.shippingTypeId = type as NonNullable<SaveBagBody['shippingTypeId']>;
      try {
        return { bag: await api.saveBag(sessionId, body), message: 'Shipping updated.' };
      } catch (error) {
        // A new state may not offer the type chosen for the old one: fall back to free ground and say so.
        if (!body.shippingTypeId || !apiProblem(error)?.fields.shippingTypeId) throw error;
        const bag = await api.saveBag(sessionId, { shipToStateProvince: body.shipToStateProvince, shippingTypeId: 'ground' });
        return { bag, message: 'That shipping type is not offered there, so we chose Free Ground.' };
      }
    }
    case 'photo': {
      const file = form.get('photo');
      if (!(file instanceof File) || file.size === 0) throw new ApiError(400, { error: { code: 'VALIDATION_ERROR', message: 'Choose a photo to upload (JPEG, PNG or WebP).' } });
      await api.uploadBagPhoto(sessionId, itemUuid, file);
      return { bag: await api.getBag(sessionId), message: 'Photo uploaded: we will print it on your charm.' };
    }
    case 'remove-photo':
      await api.removeBagPhoto(sessionId, itemUuid);
      return { bag: await api.getBag(sessionId), message: 'Photo removed. Upload another, or email it to us after ordering.' };
    case 'comments':
      return { bag: await api.saveBag(sessionId, { orderComments: text(form, 'orderComments').trim() || null }), message: 'Comments saved.' };
    default:
      throw new ApiError(400, { error: { code: 'BAD_REQUEST', message: 'That form is not one we know.' } });
  }
}

/**
 * The bag page's one action. With JavaScript (fetchers) it answers the result as data and the page's loaders
 * reload in place; without, it redirects back to /order with the result in a notice cookie.
 */
export async function bagAction(request: Request, context: Pick<AppLoadContext, 'api' | 'cookies'>) {
  const { api, cookies } = context;
  if (!isSameOrigin(request)) throw data(null, { status: 403 });
  const form = await request.formData();
  const intent = text(form, 'intent');
  if (intent === 'add') return addToBag(request, context, form, '/order');
  const enhanced = form.get(ENHANCED_FIELD) === '1';
  const answer = async (result: BagResult, status = 200) => {
    if (enhanced) return data(result, { status });
    return redirect('/order', { headers: { 'set-cookie': await noticeCookie(cookies.bagNotice, request, result) } });
  };
  const sessionId = readSessionId(request);
  if (!sessionId) return answer({ intent, ok: false, message: 'Your bag is empty.' }, 404);
  try {
    const change = await runIntent(intent, form, api, sessionId);
    return answer({
      intent,
      ok: change.ok ?? true,
      message: change.message,
      itemCount: change.bag.tempOrder.itemCount,
      dataLayers: changeEvents(change.bag.dataLayers, ['remove_from_cart', 'add_to_cart']),
    });
  } catch (error) {
    const problem = apiProblem(error);
    if (!problem) throw error;
    const fields = Object.entries(problem.fields);
    const message = fields.length > 0 ? fields.map(([field, text]) => fieldSentence(FIELD_LABELS[field] ?? 'This', text)).join(' ') : problem.message;
    return answer({ intent, ok: false, message }, problem.status);
  }
}
