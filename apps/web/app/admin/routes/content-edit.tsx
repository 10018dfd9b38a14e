import { contentPathQuerySchema } from '@charms/contracts/admin-content';
import { useEffect, useRef } from 'react';
import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { adminApi } from '../admin-api.server';
import { CsrfField } from '../components/csrf-field';
import { Field } from '../components/field';
import { FormMessage } from '../components/form-message';
import { contentApi } from '../content/content-api.server';
import { formatDateTime } from '../format';
import type { FormResult } from '../form-result';
import { csrfOf, failed, textOf } from '../form-result.server';
import '../content/content.css';
import type { Route } from './+types/content-edit';
import { useTimeZone } from '../use-time-zone';

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: `${loaderData?.page ? `Edit ${loaderData.page.path}` : 'New content page'} · Admin` }];
export { ErrorBoundary } from '../components/page-error';

const FIELDS = ['path', 'title', 'metaDescription', 'metaKeywords', 'html'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** What the editor's action answers: the form's outcome, what was typed (shown again), and a preview or a question. */
interface EditResult extends FormResult {
  values?: Values;
  previewHtml?: string;
  confirmDelete?: boolean;
}

/**
 * /admin/content/edit?path=/engraving-guide edits that page; without a path, a new one. A path that is not a page
 * is the API's 404, shown as the admin's not-found page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const url = new URL(request.url);
  const path = url.searchParams.get('path');
  if (path !== null && !contentPathQuerySchema.safeParse({ path }).success) throw data({ error: { message: 'There is no content page at that path.' } }, { status: 404, headers: admin.headers() });
  const page = path === null ? null : await contentApi(admin).get(path);
  return data({ page, saved: url.searchParams.get('saved') === '1' }, { headers: admin.headers() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const content = contentApi(admin);
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  const csrf = csrfOf(form);
  const values = Object.fromEntries(FIELDS.map((name) => [name, textOf(form, name)])) as Values;
  const answer = (result: Omit<EditResult, 'values'>, status = 200) => data<EditResult>({ ...result, values }, { status, headers: admin.headers() });
  try {
    if (intent === 'preview') {
      // A new page may be previewed before it has a path or a title.
      const { html } = await content.preview(csrf, { ...values, path: values.path || undefined, title: values.title || undefined });
      return answer({ intent, ok: true, message: 'The preview below shows the page as the storefront will.', previewHtml: html });
    }
    if (intent === 'save') {
      const page = await content.save(csrf, values);
      return redirect(`/admin/content/edit?${new URLSearchParams({ path: page.path, saved: '1' })}`, { headers: admin.headers() });
    }
    if (intent === 'delete') return answer({ intent, ok: true, message: '', confirmDelete: true });
    if (intent === 'delete-confirmed') {
      await content.remove(csrf, values.path);
      return redirect(`/admin/content?${new URLSearchParams({ deleted: values.path })}`, { headers: admin.headers() });
    }
  } catch (error) {
    return failed(admin, intent, error, {}, values);
  }
  return answer({ intent, ok: false, message: 'Choose Preview, Save or Delete.' }, 400);
}

export default function ContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { page, saved } = loaderData;
  const result = actionData as EditResult | undefined;
  const navigation = useNavigation();
  const busyWith = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined;
  const values: Values = result?.values ?? {
    path: page?.path ?? '',
    title: page?.title ?? '',
    metaDescription: page?.metaDescription ?? '',
    metaKeywords: page?.metaKeywords ?? '',
    html: page?.html ?? '',
  };
  const fields = result?.fields ?? {};
  const isNew = page === null;
  const confirmRef = useRef<HTMLElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Take staff to what the answer is about: the question, the preview, or the first field to fix.
  useEffect(() => {
    if (!result) return;
    if (result.confirmDelete) confirmRef.current?.focus();
    else if (result.previewHtml !== undefined) previewRef.current?.focus();
    else if (!result.ok) (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? document.getElementById('content-message'))?.focus();
  }, [result]);

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>{isNew ? 'New content page' : `Edit ${page.path}`}</h1>
        <Link to="/admin/content">All content pages</Link>
      </div>
      {saved && !result ? (
        <p className="admin-message admin-message--ok" role="status">
          Saved: the storefront shows it now. <a href={page?.path}>View on the storefront</a>
        </p>
      ) : null}
      {page ? (
        <p className="admin-muted">
          Last saved {formatDateTime(page.updatedAt, timeZone)}
          {page.updatedBy ? ` by ${page.updatedBy}` : ''}. <a href={page.path}>View on the storefront</a>
        </p>
      ) : null}
      {result && !result.ok ? (
        <p className="admin-message admin-message--error" role="alert" id="content-message" tabIndex={-1}>
          {result.message}
        </p>
      ) : null}

      {result?.confirmDelete && page ? (
        <section className="admin-panel content-confirm" ref={confirmRef} tabIndex={-1} aria-labelledby="delete-question">
          <p id="delete-question">
            <strong>Delete the page at {page.path}?</strong> The storefront will show “not found” there. This cannot be undone.
          </p>
          <Form method="post" className="admin-actions">
            <CsrfField />
            <input type="hidden" name="path" value={page.path} />
            <button type="submit" name="intent" value="delete-confirmed" className="admin-button admin-button--danger" disabled={busyWith === 'delete-confirmed'}>
              Delete for good
            </button>
            <Link to={`/admin/content/edit?${new URLSearchParams({ path: page.path })}`} className="admin-button">
              Keep the page
            </Link>
          </Form>
        </section>
      ) : null}

      <Form method="post" ref={formRef} className="admin-panel admin-form content-edit__form" noValidate aria-label={isNew ? 'New content page' : `Content page ${page.path}`}>
        <CsrfField />
        {isNew ? (
          <Field
            label="Path"
            name="path"
            defaultValue={values.path}
            required
            autoComplete="off"
            spellCheck={false}
            className="content-edit__path"
            hint="Where the page shows on the storefront, e.g. /engraving-guide: letters, digits, -, _ and /."
            error={fields.path}
          />
        ) : (
          <input type="hidden" name="path" value={page.path} />
        )}
        <Field label="Title" name="title" defaultValue={values.title} required maxLength={200} error={fields.title} hint="The page's heading and its title in search results." />
        <Field label="Meta description" name="metaDescription" defaultValue={values.metaDescription} maxLength={300} error={fields.metaDescription} hint="Optional: the summary search engines show." />
        <Field label="Meta keywords" name="metaKeywords" defaultValue={values.metaKeywords} maxLength={300} error={fields.metaKeywords} hint="Optional, separated by commas." />
        <div className="admin-field">
          <label htmlFor="content-html">Body (HTML)</label>
          <textarea
            id="content-html"
            name="html"
            defaultValue={values.html}
            spellCheck={false}
            aria-invalid={fields.html ? true : undefined}
            aria-describedby={['content-html-hint', fields.html ? 'content-html-error' : ''].filter(Boolean).join(' ')}
          />
          <span className="admin-field__hint" id="content-html-hint">
            Headings, paragraphs, lists, links and images. Scripts, event handlers, javascript: links and styles that could cover the page are removed when saved: use Preview to see what stays.
          </span>
          {fields.html ? (
            <span className="admin-field__error" id="content-html-error">
              {fields.html}
            </span>
          ) : null}
        </div>
        <div className="admin-actions">
          <button type="submit" name="intent" value="save" className="admin-button admin-button--primary" disabled={busyWith === 'save'}>
            {busyWith === 'save' ? 'Saving…' : 'Save'}
          </button>
          <button type="submit" name="intent" value="preview" className="admin-button" disabled={busyWith === 'preview'}>
            {busyWith === 'preview' ? 'Previewing…' : 'Preview'}
          </button>
          {isNew ? null : (
            <button type="submit" name="intent" value="delete" className="admin-button admin-button--danger">
              Delete…
            </button>
          )}
        </div>
      </Form>

      {result?.previewHtml !== undefined ? (
        <section className="admin-panel" aria-labelledby="preview-heading" ref={previewRef} tabIndex={-1}>
          <h2 id="preview-heading">Preview</h2>
          <FormMessage result={result} />
          <div className="content-preview">
            <p className="content-preview__title">{values.title}</p>
            {/* Sanitized by the API, as the storefront's page shows it. */}
            <div className="cms-content" data-testid="content-preview" dangerouslySetInnerHTML={{ __html: result.previewHtml }} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
