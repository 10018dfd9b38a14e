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
import { CHANGE_LABELS, bodyOf, formValuesOf, shownChange, valuesOfForm } from '../settings/settings-form';
import '../settings/settings.css';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/settings';

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
  const { current } = loaderData;
  const result = actionData as FormResult | undefined;
  const isOwner = useRouteLoaderData<typeof layoutLoader>('admin')?.staff.role === 'owner';
  const saving = useNavigation().state === 'submitting';
  const values = { ...formValuesOf(current), ...(result && !result.ok ? (result.values ?? {}) : {}) };
  const errors = result?.fields ?? {};
  const freeMetals = (values.engravingFreeMetalIds ?? '').split(',');
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result && !result.ok) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result]);
  const field = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} name={name} defaultValue={values[name]} error={errors[name]} disabled={!isOwner} {...props} />
  );
  const money = (name: string, label: string, hint?: string) => field(name, label, { inputMode: 'decimal', hint, className: 'settings-money' });

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Settings</h1>
      </div>
      {isOwner ? null : <p className="admin-muted">Only an owner can change the settings.</p>}
      <Form method="post" ref={formRef} className="admin-form settings-form" noValidate key={JSON.stringify(formValuesOf(current))}>
        <CsrfField />
        <FormMessage result={result} />
        <fieldset className="admin-panel settings-group">
          <legend>Store</legend>
          {field('storeName', 'Store name')}
          {field('phone', 'Phone', { type: 'tel' })}
          {field('contactEmail', 'Contact email', { type: 'email', hint: 'On the contact page.' })}
          {field('ordersEmail', 'Orders email', { type: 'email', hint: 'The sender of order emails.' })}
          {field('photoArtEmail', 'PhotoArt email', { type: 'email', hint: 'Where shoppers send their photo.' })}
          {field('facebookUrl', 'Facebook page', { type: 'url', hint: 'https:// address; empty for no link.' })}
          {field('pinterestUrl', 'Pinterest page', { type: 'url', hint: 'https:// address; empty for no link.' })}
          {field('twitterUrl', 'Twitter page', { type: 'url', hint: 'https:// address; empty for no link.' })}
        </fieldset>
        <fieldset className="admin-panel settings-group">
          <legend>Shipping prices</legend>
          <p className="admin-muted">Dollars; 0 makes a type free. Bags change at once; placed orders keep their price.</p>
          {money('shippingGround', 'Ground')}
          {money('shippingTwoDay', '2-3 Day')}
          {money('shippingNextDay', 'Next Business Day')}
          {money('shippingSaturday', 'Saturday Delivery')}
        </fieldset>
        <fieldset className="admin-panel settings-group">
          <legend>Engraving and fees</legend>
          {money('engravingPerCharacter', 'Engraving per character', 'Spaces are free.')}
          <fieldset className="settings-metals" aria-describedby={errors.engravingFreeMetalIds ? 'settings-metals-error' : undefined}>
            <legend>Engraving is free on</legend>
            {METALS.map((metal) => (
              <label key={metal.id}>
                <input type="checkbox" name="engravingFreeMetalIds" value={metal.id} defaultChecked={freeMetals.includes(String(metal.id))} disabled={!isOwner} /> {metal.name}
              </label>
            ))}
            {errors.engravingFreeMetalIds ? <span className="admin-field__error" id="settings-metals-error">{errors.engravingFreeMetalIds}</span> : null}
          </fieldset>
          {money('assemblyFee', 'Bracelet assembly fee')}
        </fieldset>
        <fieldset className="admin-panel settings-group">
          <legend>Same-day cutoff</legend>
          {field('sameDayCutoff', 'Cutoff (24-hour HH:MM)', { hint: 'Orders before it ship the same business day.', inputMode: 'numeric' })}
          {field('timeZone', 'Time zone', { hint: 'A name such as America/Chicago.' })}
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
                  <time dateTime={change.at}>{formatDateTime(change.at)}</time>
                  {change.ip ? ` · from ${change.ip}` : ''}
                </p>
                <ul className="settings-changes">
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
