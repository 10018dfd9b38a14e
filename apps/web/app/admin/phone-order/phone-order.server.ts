import type { PhoneOrderBody, PhoneOrderQuote, PhoneOrderQuoteBody, PlacedPhoneOrder } from '@charms/contracts/admin-orders';
import { type AppLoadContext, data, redirect } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { apiErrorStatus } from '../../lib/api-status';
import { searchPath } from '../../lib/search-path';
import type { AdminApi } from '../admin-api.server';
import { csrfOf } from '../form-result.server';
import { type Draft, type FieldErrors, type ItemProduct, fieldErrorsFromApi, itemProductOf, newItem, quoteBody, readDraft, readOrder } from './phone-order-form';

export interface SearchResult {
  id: number;
  name: string;
  path: string;
  price: string | null;
  metalName: string;
}

/** Why the totals could not be worked out (a bad item, a shipping type not offered): in the API's words. */
export interface QuoteProblem {
  message: string;
  fieldErrors: FieldErrors;
}

/** What the page shows after any of its posts: the form as it was sent, and the answer to the button pressed. */
export interface PhoneOrderState {
  intent: string;
  draft: Draft;
  search?: { term: string; results: SearchResult[]; message?: string | undefined };
  quote?: PhoneOrderQuote | null;
  quoteProblem?: QuoteProblem | null;
  fieldErrors: FieldErrors;
  formError?: string | undefined;
  cardMessage?: string | undefined;
}

/** The quote alone: what the browser asks for, debounced, as staff type. */
export interface QuoteAnswer {
  intent: 'quote';
  quote: PhoneOrderQuote | null;
  quoteProblem: QuoteProblem | null;
}

const SEARCH_RESULTS = 12;

/**
 * The phone-order page's action: one form, several buttons (intent). With JavaScript the page posts the same
 * fields through fetchers (search, add, remove, quote) and places the order with a navigation; without it, every
 * button posts the whole form and the page comes back with what was typed and the answer.
 */
export async function phoneOrderAction(admin: AdminApi, context: AppLoadContext, form: FormData) {
  const intent = String(form.get('intent') ?? 'totals');
  const csrf = csrfOf(form);
  const draft = readDraft(form);
  if (intent === 'quote') return data<QuoteAnswer>({ intent: 'quote', ...(await quoteFor(admin, csrf, draft)) }, { headers: admin.headers() });
  if (intent === 'place') return place(admin, context, csrf, draft, String(form.get('paymentMethodNonce') ?? ''));

  let search: PhoneOrderState['search'];
  let formError: string | undefined;
  // The results stay after an item is added from them (a caller often wants several).
  if (intent === 'search' || (intent.startsWith('add:') && draft.values.search?.trim())) search = await searchProducts(context, draft.values.search ?? '');
  if (intent.startsWith('add:')) {
    const product = await lookUpProduct(context, intent.slice('add:'.length));
    if (product) draft.items.push(newItem(product.item, product.metalId));
    else formError = 'That product could not be found. Search again.';
  }
  if (intent.startsWith('remove:')) draft.items = draft.items.filter((item) => item.key !== intent.slice('remove:'.length));
  await attachProducts(context, draft);
  const { quote, quoteProblem } = await quoteFor(admin, csrf, draft);
  return data<PhoneOrderState>({ intent, draft, search, quote, quoteProblem, fieldErrors: {}, formError }, { headers: admin.headers() });
}

async function place(admin: AdminApi, context: AppLoadContext, csrf: string | null, draft: Draft, nonce: string) {
  const answer = async (status: number, result: Pick<PhoneOrderState, 'fieldErrors' | 'formError' | 'cardMessage'>) => {
    await attachProducts(context, draft);
    const { quote, quoteProblem } = await quoteFor(admin, csrf, draft);
    return data<PhoneOrderState>({ intent: 'place', draft, quote, quoteProblem, ...result }, { status, headers: admin.headers() });
  };
  const parsed = readOrder(draft, nonce);
  if (!parsed.ok) {
    const { payment, ...fieldErrors } = parsed.errors;
    return answer(400, {
      fieldErrors,
      formError: Object.keys(fieldErrors).length > 0 ? 'The order was not placed. Please check the fields marked below.' : undefined,
      cardMessage: payment ? 'Enter the card, or choose check. Paying by card needs JavaScript turned on.' : undefined,
    });
  }
  let placed: PlacedPhoneOrder;
  try {
    placed = await placeOrder(admin, csrf, parsed.body);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 && error.status !== 503) throw error;
    const body = error.body?.error;
    if (error.status === 402) return answer(402, { fieldErrors: {}, cardMessage: body?.message ?? 'The card was declined.' });
    if (error.status === 400 && body?.code?.startsWith('PAYMENT_METHOD')) return answer(400, { fieldErrors: {}, cardMessage: body.message });
    const fieldErrors = fieldErrorsFromApi(body?.details);
    const { payment, ...rest } = fieldErrors;
    return answer(error.status, { fieldErrors: rest, cardMessage: payment, formError: `The order was not placed. ${body?.message ?? 'Please try again.'}` });
  }
  return redirect(`/admin/orders/${encodeURIComponent(placed.id)}`, { headers: admin.headers() });
}

export const placeOrder = (admin: AdminApi, csrf: string | null, body: PhoneOrderBody) => admin.call<PlacedPhoneOrder>('POST', '/admin-orders', { csrf, body });

/** The totals for the items so far; nothing to quote without items. */
async function quoteFor(admin: AdminApi, csrf: string | null, draft: Draft): Promise<{ quote: PhoneOrderQuote | null; quoteProblem: QuoteProblem | null }> {
  if (draft.items.length === 0) return { quote: null, quoteProblem: null };
  try {
    const quote = await admin.call<PhoneOrderQuote>('POST', '/admin-orders/quote', { csrf, body: quoteBody(draft) satisfies PhoneOrderQuoteBody });
    return { quote, quoteProblem: null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return { quote: null, quoteProblem: { message: error.body?.error.message ?? 'The totals could not be worked out.', fieldErrors: fieldErrorsFromApi(error.body?.error.details) } };
  }
}

/** The storefront's own search (the same results a shopper gets for these words). */
async function searchProducts(context: AppLoadContext, term: string): Promise<NonNullable<PhoneOrderState['search']>> {
  const path = searchPath(term);
  if (!path) return { term, results: [], message: 'Type a product name or number to search for.' };
  try {
    const list = await context.api.getProducts({ path, pageSize: SEARCH_RESULTS });
    const results = list.products.map((product) => ({ id: product.id, name: product.name, path: product.path, price: product.price?.display ?? null, metalName: list.listing.metal.name }));
    return { term, results, message: results.length === 0 ? `No products found for “${term.trim()}”.` : undefined };
  } catch (error) {
    if (apiErrorStatus(error) === 400 || apiErrorStatus(error) === 404) return { term, results: [], message: `No products found for “${term.trim()}”.` };
    throw error;
  }
}

/** A product page's metals, sizes and engraving, by its path (a storefront product path); null when there is none. */
async function lookUpProduct(context: AppLoadContext, path: string): Promise<{ item: ItemProduct; metalId: number } | null> {
  if (!path.startsWith('/products/')) return null;
  try {
    let response = await context.api.getProductDetail({ path });
    if (response.kind === 'redirect') response = await context.api.getProductDetail({ path: response.redirectTo });
    return response.kind === 'product' ? { item: itemProductOf(response.product), metalId: response.product.metal.id } : null;
  } catch (error) {
    if (apiErrorStatus(error) === 400 || apiErrorStatus(error) === 404) return null;
    throw error;
  }
}

/** Each row's product, looked up once per product (rows of the same product share it). */
async function attachProducts(context: AppLoadContext, draft: Draft): Promise<void> {
  const paths = [...new Set(draft.items.filter((item) => !item.product).map((item) => item.productPath))];
  const found = new Map(await Promise.all(paths.map(async (path) => [path, (await lookUpProduct(context, path))?.item ?? null] as const)));
  for (const item of draft.items) item.product ??= found.get(item.productPath) ?? null;
}
