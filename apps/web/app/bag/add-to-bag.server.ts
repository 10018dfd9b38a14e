import type { AddItemBody } from '@charms/contracts/bag';
import { type AppLoadContext, data, redirect } from 'react-router';
import { apiErrorStatus } from '../lib/api-status';
import { ensureSessionId, isSameOrigin, startSession } from '../lib/shopper-id.server';
import { apiProblem, fieldSentence } from './api-problem.server';
import { noticeCookie } from './bag-notice.server';
import { ENHANCED_FIELD, type BagResult, changeEvents } from './bag-result';

/** The API's field names on the form, and how a message about each starts. */
const FORM_FIELDS: Record<string, { name: string; label: string }> = {
  quantity: { name: 'quantity', label: 'Quantity' },
  braceletSize: { name: 'braceletSize', label: 'Length' },
  'engraving.text': { name: 'engravingText', label: 'Engraving' },
  'engraving.font': { name: 'engravingFont', label: 'Font' },
  metalId: { name: 'metalId', label: 'Metal' },
  productId: { name: 'productId', label: 'Product' },
};

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The form as the API's body. Numbers that are not numbers go as null, so the API names the field. */
export function addItemBody(form: FormData): AddItemBody {
  const number = (name: string) => {
    const raw = text(form, name).trim();
    const value = raw === '' ? Number.NaN : Number(raw);
    return (Number.isFinite(value) ? value : null) as number;
  };
  const engravingText = text(form, 'engravingText');
  return {
    productId: number('productId'),
    metalId: number('metalId'),
    ...(form.has('braceletSize') ? { braceletSize: number('braceletSize') as AddItemBody['braceletSize'] } : {}),
    quantity: number('quantity'),
    ...(engravingText.trim() ? { engraving: { text: engravingText, font: text(form, 'engravingFont') } } : {}),
  };
}

/**
 * POST from the product page (and the bag page's quick add). With JavaScript: the result as data. Without: a
 * redirect to `back` with a notice, so the reloaded page (and its header count) shows the new bag; a rejected
 * form is answered in place (400) to keep everything typed.
 */
export async function addToBag(request: Request, { api, cookies }: Pick<AppLoadContext, 'api' | 'cookies'>, form: FormData, back: string) {
  if (!isSameOrigin(request)) throw data(null, { status: 403 });
  const enhanced = form.get(ENHANCED_FIELD) === '1';
  const values = Object.fromEntries(['quantity', 'braceletSize', 'engravingText', 'engravingFont'].filter((name) => form.has(name)).map((name) => [name, text(form, name)]));
  let { sessionId, setCookie } = await ensureSessionId(request, api);
  const headers = new Headers();
  if (setCookie) headers.append('set-cookie', setCookie);
  try {
    const body = addItemBody(form);
    const added = await api.addToBag(sessionId, body).catch(async (error: unknown) => {
      // The browser's session is gone (removed after long disuse): the add goes into a new one, as on a first visit.
      if (setCookie || apiErrorStatus(error) !== 404) throw error;
      ({ sessionId, setCookie } = await startSession(request, api));
      headers.append('set-cookie', setCookie);
      return api.addToBag(sessionId, body);
    });
    const photo = await attachPhoto(api, sessionId, added.itemUuid, form.get('photo'));
    const result: BagResult = {
      ...(photo ? { photo } : {}),
      intent: 'add',
      ok: true,
      message: photo ? `Added to your bag. ${photo.message}` : 'Added to your bag.',
      itemCount: added.itemCount,
      // What the mini-bag shows: the add's own answer is the line, and the page already has the product.
      added: { productId: body.productId, metalId: body.metalId, braceletSize: body.braceletSize ?? null, quantity: body.quantity, engraving: body.engraving ?? null },
    };
    if (!enhanced) {
      headers.append('set-cookie', await noticeCookie(cookies.bagNotice, request, result));
      return redirect(back, { headers });
    }
    return data({ ...result, dataLayers: changeEvents(added.dataLayers, ['add_to_cart']) }, { headers });
  } catch (error) {
    const problem = apiProblem(error);
    if (!problem) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const [field, message] of Object.entries(problem.fields)) {
      const known = FORM_FIELDS[field];
      if (known) fieldErrors[known.name] ??= fieldSentence(known.label, message);
    }
    const message = Object.keys(fieldErrors).length > 0 ? 'Please check the highlighted fields.' : problem.message;
    const result: BagResult = { intent: 'add', ok: false, message, fieldErrors, values };
    return data(result, { status: problem.status, headers });
  }
}

/**
 * A PhotoArt add's photo (the optional file field), sent once the line exists. A refused photo does not undo the
 * add: the shopper is told why, and can upload another in the bag or email it.
 */
async function attachPhoto(api: AppLoadContext['api'], sessionId: string, itemUuid: string, file: FormDataEntryValue | null): Promise<BagResult['photo']> {
  if (!(file instanceof File) || file.size === 0) return undefined;
  try {
    await api.uploadBagPhoto(sessionId, itemUuid, file);
    return { ok: true, message: 'Your photo was uploaded with it.' };
  } catch (error) {
    const problem = apiProblem(error);
    if (!problem) throw error;
    return { ok: false, message: `Your photo was not uploaded: ${problem.message} You can upload another in your bag, or email it to us after ordering.` };
  }
}
