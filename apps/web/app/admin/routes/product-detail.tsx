import { useEffect, useRef } from 'react';
import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { adminApi } from '../admin-api.server';
import { CsrfField } from '../components/csrf-field';
import { FormMessage } from '../components/form-message';
import { ChangeHistory } from '../components/change-history';
import { formatDateTime } from '../format';
import { useTimeZone } from '../use-time-zone';
import type { FormResult } from '../form-result';
import { confirmFirst, csrfOf, failed, succeeded, textOf } from '../form-result.server';
import { ProductFields } from '../products/product-fields';
import { FORM_FIELD_OF, bodyOf, changeLines, formValuesFrom, formValuesOf, refusalMessage } from '../products/product-form';
import { productsApi } from '../products/products-api.server';
import '../products/products.css';
import type { Route } from './+types/product-detail';

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: `${loaderData?.product.name ?? 'Product'} · Products · Admin` }];
export { ErrorBoundary } from '../components/page-error';

/** /admin/products/<id>: one product's form, its status (retire or restore), its photos link and who changed it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  if (!/^\d{1,9}$/.test(params.id)) throw data({ error: { message: 'There is no such product.' } }, { status: 404, headers: admin.headers() });
  const products = productsApi(admin);
  const [product, options] = await Promise.all([products.get(params.id), products.options()]);
  const search = new URL(request.url).searchParams;
  const done = search.get('done');
  return data({ product, options, created: search.get('created') === '1', done: done === 'retired' || done === 'restored' ? done : null }, { headers: admin.headers() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const products = productsApi(admin);
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  const csrf = csrfOf(form);
  const values = formValuesFrom(form);
  try {
    if (intent === 'save') {
      await products.update(csrf, params.id, bodyOf(values));
      return succeeded(admin, intent, 'Saved: shoppers see the change now; placed orders keep their own names and prices.');
    }
    if (intent === 'retire') return confirmFirst(admin, intent, 'Retire this product? It leaves the shop at once and cannot be bought; orders that have it stay as they are.', {});
    if (intent === 'retire-confirmed' || intent === 'restore') {
      await (intent === 'restore' ? products.restore(csrf, params.id) : products.retire(csrf, params.id));
      // Said on the page it lands on (the badge alone was easy to miss).
      return redirect(`/admin/products/${params.id}?done=${intent === 'restore' ? 'restored' : 'retired'}`, { headers: admin.headers() });
    }
  } catch (error) {
    return failed(admin, intent, error, FORM_FIELD_OF, intent === 'save' ? values : undefined);
  }
  return data<FormResult>({ intent, ok: false, message: 'Choose Save, Retire or Restore.' }, { status: 400, headers: admin.headers() });
}


export default function ProductDetail({ loaderData, actionData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { product, options, created, done } = loaderData;
  const result = actionData as FormResult | undefined;
  const navigation = useNavigation();
  const busyWith = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined;
  const saveResult = result?.intent === 'save' ? result : undefined;
  const confirming = result?.code === 'CONFIRM' && result.intent === 'retire';
  const statusResult = result && result.intent !== 'save' && !confirming ? result : undefined;
  const values = saveResult && !saveResult.ok && saveResult.values ? saveResult.values : formValuesOf(product);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (saveResult && !saveResult.ok) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result, confirming, saveResult]);

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>
          {product.name}{' '}
          {product.retiredAt ? <span className="admin-badge admin-badge--product-retired">Retired</span> : <span className="admin-badge admin-badge--product-on-sale">On sale</span>}
        </h1>
        <Link to="/admin/products">All products</Link>
      </div>
      {created && !result && product.history.length === 1 ? (
        <p className="admin-message admin-message--ok" role="status">
          Created: {product.name} is on sale now. Add its photos next.
        </p>
      ) : null}
      {done && !result ? (
        <p className="admin-message admin-message--ok" role="status">
          {done === 'retired' && product.retiredAt
            ? `Retired: ${product.name} has left the shop; its page tells shoppers it is no longer available.`
            : done === 'restored' && !product.retiredAt
              ? `Back on sale: shoppers find ${product.name} in its categories and search again.`
              : null}
        </p>
      ) : null}
      <div className="product-layout">
        <div className="product-main">
          <Form method="post" ref={formRef} className="admin-panel admin-form" noValidate aria-labelledby="product-edit">
            <h2 id="product-edit">Edit</h2>
            <CsrfField />
            <FormMessage result={saveResult && !saveResult.ok ? { ...saveResult, message: refusalMessage(saveResult) } : saveResult} />
            {/* Keyed by the stored values, so a saved edit shows what was stored. */}
            <ProductFields key={JSON.stringify(formValuesOf(product))} values={values} errors={saveResult?.fields ?? {}} options={options} />
            <div className="admin-actions">
              <button type="submit" name="intent" value="save" className="admin-button admin-button--primary" disabled={busyWith === 'save'}>
                {busyWith === 'save' ? 'Saving…' : 'Save'}
              </button>
            </div>
          </Form>

          <ChangeHistory
            id="product-history"
            history={product.history}
            verbs={{ created: 'Created', retired: 'Retired', restored: 'Put back on sale' }}
            lines={(change) => (change.action === 'updated' ? changeLines(change.changes) : [])}
            empty="No changes recorded (a product from before the admin had products)."
          />
        </div>
        <div className="product-side">
          <section className="admin-panel" aria-labelledby="product-about">
            <h2 id="product-about">In the shop</h2>
            <p className="admin-muted">
              No. {product.id} · since {formatDateTime(product.createdAt, timeZone)}
            </p>
            {product.storefrontPath ? (
              <p>
                <a href={product.storefrontPath}>See its page in the shop</a>
              </p>
            ) : (
              <p>Not in the shop: retired {formatDateTime(product.retiredAt!, timeZone)}.</p>
            )}
            <p>
              <Link to={`/admin/products/${product.id}/photos`}>Photos</Link>
            </p>
          </section>
          <section className={`admin-panel${confirming ? ' product-confirm' : ''}`} aria-labelledby="product-status" ref={confirmRef} tabIndex={-1}>
            <h2 id="product-status">{product.retiredAt ? 'Put back on sale' : 'Retire'}</h2>
            {confirming ? (
              <>
                <p>
                  <strong>{result.message}</strong>
                </p>
                <Form method="post" className="admin-actions">
                  <CsrfField />
                  <button type="submit" name="intent" value="retire-confirmed" className="admin-button admin-button--danger" disabled={busyWith === 'retire-confirmed'}>
                    Yes, retire it
                  </button>
                  <Link to={`/admin/products/${product.id}`} className="admin-button">
                    Keep it on sale
                  </Link>
                </Form>
              </>
            ) : (
              <Form method="post" className="admin-form">
                <CsrfField />
                <p className="admin-muted">
                  {product.retiredAt
                    ? 'It returns to its categories, search and the sitemap at once.'
                    : 'It leaves listings, search and the sitemap at once; its page says it is no longer available. Nothing is deleted: orders keep it.'}
                </p>
                <FormMessage result={statusResult} />
                <div className="admin-actions">
                  {product.retiredAt ? (
                    <button type="submit" name="intent" value="restore" className="admin-button admin-button--primary">
                      Put back on sale
                    </button>
                  ) : (
                    <button type="submit" name="intent" value="retire" className="admin-button admin-button--danger">
                      Retire…
                    </button>
                  )}
                </div>
              </Form>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
