import { useEffect, useRef } from 'react';
import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { adminApi } from '../admin-api.server';
import { CsrfField } from '../components/csrf-field';
import type { FormResult } from '../form-result';
import { csrfOf, failed } from '../form-result.server';
import { ProductFields } from '../products/product-fields';
import { FORM_FIELD_OF, bodyOf, formValuesFrom, formValuesOf, refusalMessage } from '../products/product-form';
import { productsApi } from '../products/products-api.server';
import '../products/products.css';
import type { Route } from './+types/product-new';

export const meta: Route.MetaFunction = () => [{ title: 'New product · Admin' }];
export { ErrorBoundary } from '../components/page-error';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  return data({ options: await productsApi(admin).options() }, { headers: admin.headers() });
}

/** Any staff member creates a product here; it is on sale at once in the metals given a price. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const form = await request.formData();
  const values = formValuesFrom(form);
  try {
    const created = await productsApi(admin).create(csrfOf(form), bodyOf(values));
    return redirect(`/admin/products/${created.id}?created=1`, { headers: admin.headers() });
  } catch (error) {
    return failed(admin, 'save', error, FORM_FIELD_OF, values);
  }
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal takes staff to the first field to fix, or to the message.
  useEffect(() => {
    if (result && !result.ok) (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? document.getElementById('product-message'))?.focus();
  }, [result]);
  const values = result?.values ?? formValuesOf(null);
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>New product</h1>
        <Link to="/admin/products">All products</Link>
      </div>
      {result && !result.ok ? (
        <p className="admin-message admin-message--error" role="alert" id="product-message" tabIndex={-1}>
          {refusalMessage(result)}
        </p>
      ) : null}
      <Form method="post" ref={formRef} className="admin-panel admin-form" noValidate aria-label="New product">
        <CsrfField />
        <ProductFields values={values} errors={result?.fields ?? {}} options={loaderData.options} />
        <p className="admin-muted">Photos are added on the product’s page once it is created.</p>
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create product'}
          </button>
        </div>
      </Form>
    </div>
  );
}
