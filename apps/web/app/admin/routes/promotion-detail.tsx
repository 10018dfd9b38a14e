import { formatCents } from '@charms/domain/money';
import type { OrderStatus } from '@charms/domain/order-status';
import { useEffect, useRef } from 'react';
import { Form, Link, data, redirect, useNavigation, useRouteLoaderData } from 'react-router';
import { adminApi } from '../admin-api.server';
import { CsrfField } from '../components/csrf-field';
import { FormMessage } from '../components/form-message';
import { StatusBadge } from '../components/status-badge';
import { ChangeHistory } from '../components/change-history';
import { formatDateTime } from '../format';
import type { FormResult } from '../form-result';
import { confirmFirst, csrfOf, failed, succeeded, textOf } from '../form-result.server';
import { PROMOTION_FIELDS, STATUS_WORDS, bodyOf, changeLines, discountText, formValuesOf, refusalMessage } from '../promotions/promotion-form';
import { PromotionFields, valuesFrom } from '../promotions/promotion-fields';
import { promotionsApi } from '../promotions/promotions-api.server';
import '../promotions/promotions.css';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/promotion-detail';
import { useTimeZone } from '../use-time-zone';

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: `${loaderData?.promotion.code ?? 'Promotion'} · Promotions · Admin` }];
export { ErrorBoundary } from '../components/page-error';

/** /admin/promotions/<id>: one code, its numbers, its latest orders and who changed it; owners edit or end it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  if (!/^\d{1,9}$/.test(params.id)) throw data({ error: { message: 'There is no such promotion.' } }, { status: 404, headers: admin.headers() });
  const promotion = await promotionsApi(admin).get(params.id);
  const url = new URL(request.url);
  return data({ promotion, created: url.searchParams.get('created') === '1' }, { headers: admin.headers() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const promotions = promotionsApi(admin);
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  const csrf = csrfOf(form);
  const values = valuesFrom(form, PROMOTION_FIELDS);
  try {
    if (intent === 'save') {
      await promotions.update(csrf, params.id, bodyOf(values, context.store.timeZone));
      return succeeded(admin, intent, 'Saved: shoppers get the new terms from now on; placed orders keep theirs.');
    }
    if (intent === 'end') return confirmFirst(admin, intent, 'End this code now? Shoppers can no longer apply it; its orders stay as placed.', {});
    if (intent === 'end-confirmed') {
      await promotions.end(csrf, params.id);
      return redirect(`/admin/promotions/${params.id}`, { headers: admin.headers() });
    }
  } catch (error) {
    return failed(admin, intent, error, {}, intent === 'save' ? values : undefined);
  }
  return data<FormResult>({ intent, ok: false, message: 'Choose Save or End now.' }, { status: 400, headers: admin.headers() });
}


export default function PromotionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { promotion, created } = loaderData;
  const result = actionData as FormResult | undefined;
  const isOwner = useRouteLoaderData<typeof layoutLoader>('admin')?.staff.role === 'owner';
  const navigation = useNavigation();
  const busyWith = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined;
  const saveResult = result?.intent === 'save' ? result : undefined;
  const confirming = result?.code === 'CONFIRM' && result.intent === 'end';
  const endResult = result?.intent.startsWith('end') && !confirming ? result : undefined;
  const values = { ...formValuesOf(promotion, timeZone), ...(saveResult && !saveResult.ok ? (saveResult.values ?? {}) : {}) };
  const formRef = useRef<HTMLFormElement>(null);
  const confirmRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (saveResult && !saveResult.ok) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result, confirming, saveResult]);
  const canEnd = promotion.status !== 'ended';

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>
          <span className="promo-code">{promotion.code}</span> <span className={`admin-badge admin-badge--promo-${promotion.status}`}>{STATUS_WORDS[promotion.status]}</span>
        </h1>
        <Link to="/admin/promotions">All promotions</Link>
      </div>
      {created && !result && promotion.history.length === 1 ? (
        <p className="admin-message admin-message--ok" role="status">
          Created: shoppers can apply {promotion.code} in the bag {promotion.status === 'scheduled' ? 'once it starts' : 'now'}.
        </p>
      ) : null}
      <div className="promo-layout">
        <div className="promo-main">
          <Form method="post" ref={formRef} className="admin-panel admin-form promo-form" noValidate aria-labelledby="promo-edit">
            <h2 id="promo-edit">{isOwner ? 'Edit' : 'Terms'}</h2>
            {isOwner ? null : <p className="admin-muted">Only an owner can change promotions.</p>}
            <CsrfField />
            <FormMessage result={saveResult && !saveResult.ok ? { ...saveResult, message: refusalMessage(saveResult) } : saveResult} />
            {/* Keyed by the stored values, so a saved edit shows what was stored. */}
            <PromotionFields key={JSON.stringify(formValuesOf(promotion, timeZone))} values={values} errors={saveResult?.fields ?? {}} disabled={!isOwner} />
            {isOwner ? (
              <div className="admin-actions">
                <button type="submit" name="intent" value="save" className="admin-button admin-button--primary" disabled={busyWith === 'save'}>
                  {busyWith === 'save' ? 'Saving…' : 'Save'}
                </button>
              </div>
            ) : null}
          </Form>

          <section className="admin-panel" aria-labelledby="promo-orders">
            <h2 id="promo-orders">Latest orders with the code</h2>
            {promotion.recentOrders.length === 0 ? (
              <p className="admin-muted">No orders yet.</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Placed</th>
                      <th scope="col">Status</th>
                      <th scope="col" className="num">
                        Discount
                      </th>
                      <th scope="col" className="num">
                        Total
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {promotion.recentOrders.map((order) => (
                      <tr key={order.id}>
                        <td>
                          <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                        </td>
                        <td>
                          <time dateTime={order.placedAt}>{formatDateTime(order.placedAt, timeZone)}</time>
                        </td>
                        <td>
                          <StatusBadge status={order.status as OrderStatus} />
                        </td>
                        <td className="num">{formatCents(order.discountCents)}</td>
                        <td className="num">{formatCents(order.totalCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <ChangeHistory
            id="promo-history"
            history={promotion.history}
            verbs={{ created: 'Created', ended: 'Ended' }}
            lines={(change) => (change.action === 'created' ? [] : changeLines(change.changes, promotion.kind, timeZone))}
            empty="No changes recorded (a code from before the admin had promotions)."
          />
        </div>
        <div className="promo-side">
          <section className="admin-panel" aria-labelledby="promo-numbers">
            <h2 id="promo-numbers">Uses and revenue</h2>
            <p className="admin-muted">{discountText(promotion)}</p>
            <dl className="promo-stats">
              <div>
                <dt>Orders with the code</dt>
                <dd>
                  {promotion.uses}
                  {promotion.maxUses === null ? '' : ` of ${promotion.maxUses}`}
                </dd>
              </div>
              <div>
                <dt>Revenue</dt>
                <dd>{formatCents(promotion.revenueCents)}</dd>
              </div>
            </dl>
            <p className="admin-muted">Order totals less refunds; cancelled orders left out.</p>
          </section>
          {isOwner && canEnd ? (
            <section className={`admin-panel${confirming ? ' promo-confirm' : ''}`} aria-labelledby="promo-end" ref={confirmRef} tabIndex={-1}>
              <h2 id="promo-end">End the code</h2>
              {confirming ? (
                <>
                  <p>
                    <strong>{result.message}</strong>
                  </p>
                  <Form method="post" className="admin-actions">
                    <CsrfField />
                    <button type="submit" name="intent" value="end-confirmed" className="admin-button admin-button--danger" disabled={busyWith === 'end-confirmed'}>
                      Yes, end {promotion.code} now
                    </button>
                    <Link to={`/admin/promotions/${promotion.id}`} className="admin-button">
                      Keep it
                    </Link>
                  </Form>
                </>
              ) : (
                <Form method="post" className="admin-form">
                  <CsrfField />
                  <p className="admin-muted">Shoppers can no longer apply it from now on. The code and its orders stay.</p>
                  <FormMessage result={endResult} />
                  <div className="admin-actions">
                    <button type="submit" name="intent" value="end" className="admin-button admin-button--danger">
                      End now…
                    </button>
                  </div>
                </Form>
              )}
            </section>
          ) : null}
        </div>

      </div>
    </div>
  );
}
