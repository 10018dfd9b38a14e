import type {
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderListResponse,
  Dashboard,
  cancelOrderBodySchema,
  markPaidBodySchema,
  orderNoteBodySchema,
  refundOrderBodySchema,
  shipOrderBodySchema,
} from '@charms/contracts/admin-orders';
import type { ErrorBody } from '@charms/contracts/errors';
import { type AuthenticateBody, type StaffMember, type StaffSession, XSRF_HEADER, type createStaffBodySchema, type updateStaffBodySchema } from '@charms/contracts/staff';
import { type AppLoadContext, data, redirect } from 'react-router';
import type { z } from 'zod';
import { ApiError, type ApiTransport } from '../lib/api-client';
import { signInPath } from './sign-in-path';

type Method = Parameters<ApiTransport>[0]['method'];

/**
 * The staff pages' view of the API. Unlike the storefront's client it acts as the browser: it forwards the
 * browser's cookies (the staff session, XSRF-TOKEN) and collects the API's Set-Cookie headers, which the loader or
 * action passes back to the browser with `admin.headers()`. Calls that change something carry the form's `csrf`
 * field as X-XSRF-TOKEN; without it the API answers 403 and the page says so.
 *
 * A 401 (no session, or it ended) becomes a redirect to the sign-in page, which returns here afterwards.
 * Other refusals of a read (GET) are thrown as route errors with the API's message; of a change, as ApiError.
 */
export function adminApi(request: Request, context: AppLoadContext) {
  const cookie = request.headers.get('cookie') ?? '';
  const setCookies: string[] = [];
  const here = new URL(request.url);

  /**
   * A 401 sends the browser to sign in, unless the call says otherwise: `whenSignedOut: 'null'` answers null (the
   * sign-in page asking whether someone is signed in), `'error'` throws it as ApiError (a wrong password).
   */
  async function call<T>(method: Method, path: string, options: { body?: unknown; raw?: { contentType: string; bytes: Uint8Array }; csrf?: string | null; whenSignedOut?: 'null' | 'error' } = {}): Promise<T> {
    const headers: Record<string, string> = { cookie };
    if (options.csrf) headers[XSRF_HEADER] = options.csrf;
    const response = await context.apiTransport({ method, path, headers, ...(options.body === undefined ? {} : { body: options.body }), ...(options.raw ? { raw: options.raw } : {}) });
    // The API sees an in-process call, not the browser's connection: a page served over HTTPS (directly, or through
    // a trusted proxy) makes its cookies Secure here, whatever PUBLIC_BASE_URL says.
    setCookies.push(...(response.setCookies ?? []).map((value) => (here.protocol === 'https:' && !/;\s*secure/i.test(value) ? `${value}; Secure` : value)));
    if (response.status >= 200 && response.status < 300) return response.body as T;
    const error = response.body as ErrorBody | undefined;
    if (response.status === 401 && options.whenSignedOut === 'null') return null as T;
    if (response.status === 401 && options.whenSignedOut !== 'error') throw redirect(signInPath(here), { headers: cookieHeaders() });
    if (response.status === 503 && error?.error.code === 'SERVICE_UNAVAILABLE') throw data(error, { status: 503 });
    // A page's reads that fail (an order that does not exist, an owners-only page) become the page's error, in the
    // API's words; a form's changes that fail are the action's to show next to the form (form-result.server.ts).
    if (method === 'GET' && response.status < 500) throw data(error, { status: response.status, headers: cookieHeaders() });
    throw new ApiError(response.status, error);
  }

  /** The API's cookies for the browser, with no-store: staff pages are one person's, never cached. */
  function cookieHeaders(): Headers {
    const headers = new Headers({ 'cache-control': 'no-store' });
    for (const value of setCookies) headers.append('set-cookie', value);
    return headers;
  }

  const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
    const text = params.toString();
    return text ? `${path}?${text}` : path;
  };
  const order = (id: string) => `/admin-orders/${encodeURIComponent(id)}`;

  return {
    call,
    withQuery,
    /** Set-Cookie (and cache-control) headers to answer the browser with. */
    headers: cookieHeaders,

    // Sign-in and session.
    signIn: (body: AuthenticateBody) => call<StaffSession>('POST', '/account/authenticate', { body, whenSignedOut: 'error' }),
    session: () => call<StaffSession>('GET', '/account/session'),
    /** The session if there is one, else null (the sign-in page asks this; it must not redirect to itself). */
    findSession: () => call<StaffSession | null>('GET', '/account/session', { whenSignedOut: 'null' }),
    signOut: (csrf: string | null) => call<null>('POST', '/account/sign-out', { csrf }),

    // Staff accounts (owners).
    listStaff: () => call<{ staff: StaffMember[] }>('GET', '/admin-staff'),
    addStaff: (csrf: string | null, body: z.input<typeof createStaffBodySchema>) => call<StaffMember>('POST', '/admin-staff', { csrf, body }),
    updateStaff: (csrf: string | null, id: string, body: z.input<typeof updateStaffBodySchema>) =>
      call<StaffMember>('PATCH', `/admin-staff/${encodeURIComponent(id)}`, { csrf, body }),

    // Orders.
    dashboard: () => call<Dashboard>('GET', '/admin-dashboard'),
    /** The list's query as the page read it from its URL (text; the API validates it and fills in defaults). */
    listOrders: (query: Partial<Record<keyof AdminOrderListQuery, string>>) => call<AdminOrderListResponse>('GET', withQuery('/admin-orders', query)),
    getOrder: (id: string) => call<AdminOrder>('GET', order(id)),
    markPaid: (csrf: string | null, id: string, body: z.input<typeof markPaidBodySchema>) => call<AdminOrder>('POST', `${order(id)}/mark-paid`, { csrf, body }),
    ship: (csrf: string | null, id: string, body: z.input<typeof shipOrderBodySchema>) => call<AdminOrder>('POST', `${order(id)}/ship`, { csrf, body }),
    cancel: (csrf: string | null, id: string, body: z.input<typeof cancelOrderBodySchema>) => call<AdminOrder>('POST', `${order(id)}/cancel`, { csrf, body }),
    refund: (csrf: string | null, id: string, body: z.input<typeof refundOrderBodySchema>) => call<AdminOrder>('POST', `${order(id)}/refunds`, { csrf, body }),
    resendConfirmation: (csrf: string | null, id: string) => call<unknown>('POST', `${order(id)}/resend-confirmation`, { csrf, body: {} }),
    addNote: (csrf: string | null, id: string, body: z.input<typeof orderNoteBodySchema>) => call<unknown>('POST', `${order(id)}/notes`, { csrf, body }),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
