import { useEffect, useRef } from 'react';
import { Form, Link, data, useNavigation } from 'react-router';
import { adminApi } from '../admin-api.server';
import { categoriesApi } from '../categories/categories-api.server';
import { CategoryFields } from '../categories/category-fields';
import { FIELD_NAMES, bodyOf, changeLines, formValuesOf, valuesFrom } from '../categories/category-form';
import { CsrfField } from '../components/csrf-field';
import { FormMessage } from '../components/form-message';
import { ChangeHistory } from '../components/change-history';
import type { FormResult } from '../form-result';
import { csrfOf, failed, succeeded, textOf } from '../form-result.server';
import '../categories/categories.css';
import type { Route } from './+types/category-detail';

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: `${loaderData?.category.name ?? 'Category'} · Categories · Admin` }];
export { ErrorBoundary } from '../components/page-error';

/** /admin/categories/<id>: one category's name, slug, description and menu picture, its old slugs and its changes. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  if (!/^\d{1,9}$/.test(params.id)) throw data({ error: { message: 'There is no such category.' } }, { status: 404, headers: admin.headers() });
  const category = await categoriesApi(admin).get(params.id);
  return data({ category, created: new URL(request.url).searchParams.get('created') === '1' }, { headers: admin.headers() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  const values = valuesFrom(form);
  if (intent !== 'save') return data<FormResult>({ intent, ok: false, message: 'Choose Save.' }, { status: 400, headers: admin.headers() });
  try {
    const saved = await categoriesApi(admin).update(csrfOf(form), params.id, bodyOf(values));
    return succeeded(admin, intent, `Saved: shoppers see ${saved.name} at /categories/${saved.slug} from now on.`);
  } catch (error) {
    return failed(admin, intent, error, FIELD_NAMES, values);
  }
}

const VERBS: Record<string, string> = { created: 'Created', moved: 'Moved in the menu', 'old slug taken': 'Old slug taken by another category' };


export default function CategoryDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { category, created } = loaderData;
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const values = { ...formValuesOf(category), ...(result && !result.ok ? (result.values ?? {}) : {}) };
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result && !result.ok) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result]);

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>{category.name}</h1>
        <Link to="/admin/categories">All categories</Link>
      </div>
      {created && !result ? (
        <p className="admin-message admin-message--ok" role="status">
          Created: shoppers find it at /categories/{category.slug} and last in the menu. Choose its picture below.
        </p>
      ) : null}
      <div className="category-layout">
        <div className="category-main">
          <Form method="post" ref={formRef} className="admin-panel admin-form" noValidate aria-labelledby="category-edit">
            <h2 id="category-edit">Edit</h2>
            <CsrfField />
            <FormMessage result={result} />
            {/* Keyed by the stored values, so a saved edit shows what was stored. */}
            <CategoryFields key={JSON.stringify(formValuesOf(category))} values={values} errors={result?.fields ?? {}} withPicture isNew={false} />
            <div className="admin-actions">
              <button type="submit" name="intent" value="save" className="admin-button admin-button--primary" disabled={busy}>
                {busy ? 'Saving…' : 'Save'}
              </button>
            </div>
          </Form>

          <ChangeHistory
            id="category-history"
            history={category.history}
            verbs={VERBS}
            lines={(change) => (change.action === 'created' ? [] : changeLines(change.changes))}
            empty="No changes recorded (a category from before the admin had categories)."
          />
        </div>
        <div className="category-side">
          <section className="admin-panel" aria-labelledby="category-store">
            <h2 id="category-store">In the store</h2>
            <p>
              <a href={`/categories/${category.slug}`} target="_blank" rel="noreferrer">
                /categories/{category.slug}
              </a>
            </p>
            <p className="admin-muted">
              {category.productCount === 1 ? '1 product' : `${category.productCount} products`} · place {category.position} in the menu (
              <Link to="/admin/categories">move it</Link>)
            </p>
          </section>
          <section className="admin-panel" aria-labelledby="category-old-slugs">
            <h2 id="category-old-slugs">Old slugs</h2>
            {category.oldSlugs.length === 0 ? (
              <p className="admin-muted">None: it has kept its first slug.</p>
            ) : (
              <>
                <p className="admin-muted">Their URLs redirect (301) here, the rest of the path and the query kept.</p>
                <ul className="category-old-slugs">
                  {category.oldSlugs.map((slug) => (
                    <li key={slug}>{slug}</li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
