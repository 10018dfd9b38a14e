import { data, isRouteErrorResponse } from 'react-router';
import { ApiError } from '../lib/api-client';
import type { AdminApi } from './admin-api.server';
import type { FormResult } from './form-result';

/** The CSRF token the form carried (its hidden `csrf` field), for the X-XSRF-TOKEN header. */
export function csrfOf(form: FormData): string | null {
  const value = form.get('csrf');
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Text of a form field ('' when missing). */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A form's success, said on the page (role=status), with the API's cookies. */
export function succeeded(admin: AdminApi, intent: string, message: string) {
  return data<FormResult>({ intent, ok: true, message }, { headers: admin.headers() });
}

/** A form the page itself found wrong before asking the API (e.g. an amount that is not a number). */
export function refused(admin: AdminApi, intent: string, message: string, fields: Record<string, string> = {}, values?: Record<string, string>) {
  return data<FormResult>({ intent, ok: false, message, fields, ...(values ? { values } : {}) }, { status: 400, headers: admin.headers() });
}

/** A change that needs a second, deliberate click (cancelling an order): the page asks, with what was sent. */
export function confirmFirst(admin: AdminApi, intent: string, message: string, values: Record<string, string>) {
  return data<FormResult>({ intent, ok: false, code: 'CONFIRM', message, values }, { headers: admin.headers() });
}

/**
 * The API's refusal of a form, in its words, next to the form: a mistake in a field (400), a missing CSRF token
 * (403), a change the order's status does not allow (409). Anything else (a redirect to sign in, a 5xx) is thrown on.
 */
export function failed(admin: AdminApi, intent: string, error: unknown, fieldNames: Record<string, string> = {}, values?: Record<string, string>) {
  if (!(error instanceof ApiError) || error.status >= 500 || isRouteErrorResponse(error)) throw error;
  const body = error.body?.error;
  const fields: Record<string, string> = {};
  if (Array.isArray(body?.details)) {
    for (const detail of body.details as Array<{ field?: unknown; message?: unknown }>) {
      if (typeof detail.field !== 'string' || typeof detail.message !== 'string') continue;
      const name = fieldNames[detail.field] ?? detail.field.split('.').at(-1) ?? detail.field;
      fields[name] = detail.message;
    }
  }
  return data<FormResult>({ intent, ok: false, message: body?.message ?? 'That did not work. Please try again.', fields, code: body?.code, ...(values ? { values } : {}) }, { status: error.status, headers: admin.headers() });
}
