import { useEffect, useRef } from 'react';
import { Form, Link, data, redirect, useNavigation, useRouteLoaderData } from 'react-router';
import { adminApi } from '../admin-api.server';
import { CsrfField } from '../components/csrf-field';
import type { FormResult } from '../form-result';
import { csrfOf, failed } from '../form-result.server';
import { PROMOTION_FIELDS, bodyOf, formValuesOf, refusalMessage } from '../promotions/promotion-form';
import { PromotionFields, valuesFrom } from '../promotions/promotion-fields';
import { promotionsApi } from '../promotions/promotions-api.server';
import '../promotions/promotions.css';
import { useTimeZone } from '../use-time-zone';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/promotion-new';

export const meta: Route.MetaFunction = () => [{ title: 'New promotion · Admin' }];
export { ErrorBoundary } from '../components/page-error';

/** Owners create a code here; the API refuses staff (403), said on the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const form = await request.formData();
  const values = valuesFrom(form, PROMOTION_FIELDS);
  try {
    const created = await promotionsApi(admin).create(csrfOf(form), bodyOf(values, context.store.timeZone));
    return redirect(`/admin/promotions/${created.id}?created=1`, { headers: admin.headers() });
  } catch (error) {
    return failed(admin, 'save', error, {}, values);
  }
}

export default function NewPromotion({ actionData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal takes staff to the first field to fix, or to the message.
  useEffect(() => {
    if (result && !result.ok) (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? document.getElementById('promo-message'))?.focus();
  }, [result]);
  const values = { ...formValuesOf(null, timeZone), ...(result?.values ?? {}) };
  // Staff who follow a link here read the form, told why they cannot send it (the API refuses them too).
  const isOwner = useRouteLoaderData<typeof layoutLoader>('admin')?.staff.role === 'owner';
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>New promotion</h1>
        <Link to="/admin/promotions">All promotions</Link>
      </div>
      {result && !result.ok ? (
        <p className="admin-message admin-message--error" role="alert" id="promo-message" tabIndex={-1}>
          {refusalMessage(result)}
        </p>
      ) : null}
      {isOwner ? null : <p className="admin-muted">Only an owner can create promotions.</p>}
      <Form method="post" ref={formRef} className="admin-panel admin-form promo-form" noValidate aria-label="New promotion">
        <CsrfField />
        <PromotionFields values={values} errors={result?.fields ?? {}} disabled={!isOwner} />
        {isOwner ? (
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
              {busy ? 'Creating…' : 'Create promotion'}
            </button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}
