import type { AdminSettings, SaveSettingsInput } from '@charms/contracts/admin-settings';
import { METALS } from '@charms/domain/metals';
import { useEffect, useRef } from 'react';
import { Form, data, useNavigation, useRouteLoaderData } from 'react-router';
import { adminApi } from '../admin-api.server';
import { CsrfField } from '../components/csrf-field';
import { Field } from '../components/field';
import { FormMessage } from '../components/form-message';
import { formatDateTime } from '../format';
import type { FormResult } from '../form-result';
import { csrfOf, failed, succeeded } from '../form-result.server';
import { CHANGE_LABELS, FIELD_LABELS, bodyOf, formValuesOf, mistakesSummary, shownChange, valuesOfForm } from '../settings/settings-form';
import '../settings/settings.css';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/settings';
import { useTimeZone } from '../use-time-zone';

export const meta: Route.MetaFunction = () => [{ title: 'Settings · Admin' }];
export { ErrorBoundary } from '../components/page-error';

/** /admin/settings: the store's details, prices and calendar; owners change them, staff read them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  return data({ current: await admin.call<AdminSettings>('GET', '/admin-settings') }, { headers: admin.headers() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const form = await request.formData();
  const values = valuesOfForm(form);
  try {
    await admin.call<AdminSettings>('PUT', '/admin-settings', { csrf: csrfOf(form), body: bodyOf(values) satisfies SaveSettingsInput });
    return succeeded(admin, 'save', 'Saved: bags, new orders and the storefront use the new settings now; placed orders keep their totals.');
  } catch (error) {
    return failed(admin, 'save', error, {}, values);
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { current } = loaderData;
  const result = actionData as FormResult | undefined;
  const isOwner = useRouteLoaderData<typeof layoutLoader>('admin')?.staff.role === 'owner';
  const saving = useNavigation().state === 'submitting';
  const values = { ...formValuesOf(current), ...(result && !result.ok ? (result.values ?? {}) : {}) };
  const errors = result?.fields ?? {};
  const message = result && !result.ok && Object.keys(errors).length > 0 ? { ...result, message: mistakesSummary(errors) } : result;
  const freeMetals = (values.engravingFreeMetalIds ?? '').split(',');
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result && !result.ok) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result]);
  const field = (name: keyof typeof FIELD_LABELS, props: Record<string, unknown> = {}) => (
    <Field label={FIELD_LABELS[name]} name={name} defaultValue={values[name]} error={errors[name]} disabled={!isOwner} {...props} />
  );
  const money = (name: keyof typeof FIELD_LABELS, hint?: string) => field(name, { inputMode: 'decimal', hint, className: 'settings-money' });

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Settings</h1>
      </div>
      {isOwner ? null : <p className="admin-muted">Only an owner can change the settings.</p>}
      <Form method="post" ref={formRef} className="admin-form settings-form" noValidate key={JSON.stringify(formValuesOf(current))}>
        <CsrfField />
        <FormMessage result={message} />
        <fieldset className="admin-panel settings-group">
          <legend>Store</legend>
          {field('storeName')}
          {field('phone', { type: 'tel' })}
          {field('contactEmail', { type: 'email', hint: 'On the contact page.' })}
          {field('ordersEmail', { type: 'email', hint: 'The sender of order emails.' })}
          {field('photoArtEmail', { type: 'email', hint: 'Where shoppers send their photo.' })}
          {field('facebookUrl', { type: 'url', hint: 'https:// address; empty for no link.' })}
          {field('pinterestUrl', { type: 'url', hint: 'https:// address; empty for no link.' })}
          {field('twitterUrl', { type: 'url', hint: 'https:// address; empty for no link.' })}
        </fieldset>
        <fieldset className="admin-panel settings-group settings-group--prices">
          <legend>Shipping prices</legend>
          <p className="admin-muted">Dollars; 0 makes a type free. Bags change at once; placed orders keep their price.</p>
          {money('shippingGround')}
          {money('shippingTwoDay')}
          {money('shippingNextDay')}
          {money('shippingSaturday')}
        </fieldset>
        <fieldset className="admin-panel settings-group">
          <legend>Engraving and fees</legend>
          {money('engravingPerCharacter', 'Spaces are free.')}
          {money('assemblyFee')}
          <fieldset className="settings-metals" aria-describedby={errors.engravingFreeMetalIds ? 'settings-metals-error' : undefined}>
            <legend>{FIELD_LABELS.engravingFreeMetalIds}</legend>
            {METALS.map((metal) => (
              <label key={metal.id}>
                <input type="checkbox" name="engravingFreeMetalIds" value={metal.id} defaultChecked={freeMetals.includes(String(metal.id))} disabled={!isOwner} /> {metal.name}
              </label>
            ))}
            {errors.engravingFreeMetalIds ? <span className="admin-field__error" id="settings-metals-error">{errors.engravingFreeMetalIds}</span> : null}
          </fieldset>
        </fieldset>
        <fieldset className="admin-panel settings-group">
          <legend>Same-day cutoff</legend>
          {field('sameDayCutoff', { hint: 'Orders before it ship the same business day.', inputMode: 'numeric' })}
          {field('timeZone', { hint: 'A name such as America/Chicago.' })}
        </fieldset>
        <fieldset className="admin-panel settings-group">
          <legend>Closure days</legend>
          <div className="admin-field">
            <label htmlFor="settings-closure">Days the store ships nothing (YYYY-MM-DD, one a line)</label>
            <textarea id="settings-closure" name="closureDays" rows={4} defaultValue={values.closureDays} disabled={!isOwner}
              aria-invalid={errors.closureDays ? true : undefined} aria-describedby={`settings-closure-hint${errors.closureDays ? ' settings-closure-error' : ''}`} />
            <span className="admin-field__hint" id="settings-closure-hint">On top of the carriers' holidays. Today is {current.today}; past days drop off.</span>
            {errors.closureDays ? <span className="admin-field__error" id="settings-closure-error">{errors.closureDays}</span> : null}
          </div>
        </fieldset>
        {isOwner ? (
          <div className="admin-actions">
            <button type="submit" name="intent" value="save" className="admin-button admin-button--primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save settings'}
            </button>
          </div>
        ) : null}
      </Form>
      <section className="admin-panel" aria-labelledby="settings-history">
        <h2 id="settings-history">Changes</h2>
        {current.history.length === 0 ? (
          <p className="admin-muted">No changes yet: the store runs with the values it started with.</p>
        ) : (
          <ol className="admin-timeline">
            {current.history.map((change) => (
              <li key={change.id}>
                <p className="admin-timeline__what">Changed by {change.actor}</p>
                <p className="admin-muted">
                  <time dateTime={change.at}>{formatDateTime(change.at, timeZone)}</time>
                  {change.ip ? ` · from ${change.ip}` : ''}
                </p>
                <ul className="admin-changes">
                  {Object.entries(change.changes).map(([name, { before, after }]) => (
                    <li key={name}>
                      {CHANGE_LABELS[name] ?? name}: {shownChange(name, before)} → {shownChange(name, after)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
