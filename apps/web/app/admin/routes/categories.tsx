import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { MENU_PICTURE_SIZE, menuPictureUrl } from '../../components/menu-images';
import { adminApi } from '../admin-api.server';
import { categoriesApi } from '../categories/categories-api.server';
import { CategoryFields } from '../categories/category-fields';
import { FIELD_NAMES, formValuesOf, valuesFrom } from '../categories/category-form';
import { CsrfField } from '../components/csrf-field';
import { FormMessage } from '../components/form-message';
import type { FormResult } from '../form-result';
import { csrfOf, failed, succeeded, textOf } from '../form-result.server';
import '../categories/categories.css';
import type { Route } from './+types/categories';

export const meta: Route.MetaFunction = () => [{ title: 'Categories · Admin' }];
export { ErrorBoundary } from '../components/page-error';

/** Every category in menu order, with its products; move one up or down; create one (placed last). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const { categories } = await categoriesApi(admin).list();
  return data({ categories }, { headers: admin.headers() });
}

const MOVES = { up: 'up', down: 'down', top: 'top', bottom: 'bottom' } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const api = categoriesApi(admin);
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  const csrf = csrfOf(form);
  if (intent === 'create') {
    const values = valuesFrom(form);
    try {
      const created = await api.create(csrf, { name: values.name, slug: values.slug, description: values.description });
      return redirect(`/admin/categories/${created.id}?created=1`, { headers: admin.headers() });
    } catch (error) {
      return failed(admin, intent, error, FIELD_NAMES, values);
    }
  }
  const move = MOVES[intent as keyof typeof MOVES];
  if (move) {
    const id = Number(textOf(form, 'id'));
    try {
      const { categories } = await api.reorder(csrf, { id, move });
      const moved = categories.find((category) => category.id === id);
      return succeeded(admin, 'move', moved ? `Moved ${moved.name} to place ${moved.position} in the menu.` : 'Moved.');
    } catch (error) {
      return failed(admin, 'move', error);
    }
  }
  return data<FormResult>({ intent, ok: false, message: 'Choose Create, or a move: top, up, down or bottom.' }, { status: 400, headers: admin.headers() });
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const result = actionData as FormResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const createResult = result?.intent === 'create' ? result : undefined;
  const moveResult = result?.intent === 'move' ? result : undefined;
  const values = { ...formValuesOf(null), ...(createResult?.values ?? {}) };
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Categories</h1>
        <a href="#new-category">New category</a>
      </div>
      <FormMessage result={moveResult} />
      <div className="admin-table-wrap">
        <table className="admin-table category-table">
          <caption>{categories.length} categories, in the order of the storefront's menu and Charm categories page. A change shows to shoppers at once.</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                #
              </th>
              <th scope="col">
                <span className="visually-hidden">Picture</span>
              </th>
              <th scope="col">Category</th>
              <th scope="col">Slug</th>
              <th scope="col" className="num">
                Products
              </th>
              <th scope="col" className="num">
                Move
              </th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category, index) => {
              const picture = menuPictureUrl(category.menuImage);
              return (
                <tr key={category.id}>
                  <td className="num category-place">{category.position}</td>
                  <td>{picture ? <img src={picture} alt="" width={MENU_PICTURE_SIZE} height={MENU_PICTURE_SIZE} loading="lazy" /> : null}</td>
                  <td>
                    <Link to={`/admin/categories/${category.id}`}>{category.name}</Link>
                  </td>
                  <td className="category-slug">{category.slug}</td>
                  <td className="num">{category.productCount}</td>
                  <td>
                    <Form method="post" className="category-moves" preventScrollReset>
                      <CsrfField />
                      <input type="hidden" name="id" value={category.id} />
                      {/* A new category starts last: to the top is one click, not forty. */}
                      <button type="submit" name="intent" value="top" className="admin-button" disabled={index === 0 || busy} aria-label={`Move ${category.name} to the top`} title="To the top">
                        ⤒
                      </button>
                      <button type="submit" name="intent" value="up" className="admin-button" disabled={index === 0 || busy} aria-label={`Move ${category.name} up`}>
                        ↑
                      </button>
                      <button type="submit" name="intent" value="down" className="admin-button" disabled={index === categories.length - 1 || busy} aria-label={`Move ${category.name} down`}>
                        ↓
                      </button>
                      <button type="submit" name="intent" value="bottom" className="admin-button" disabled={index === categories.length - 1 || busy} aria-label={`Move ${category.name} to the bottom`} title="To the bottom">
                        ⤓
                      </button>
                    </Form>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <Form method="post" className="admin-panel admin-form" noValidate aria-labelledby="new-category" id="new-category-form">
        <h2 id="new-category" tabIndex={-1}>
          New category
        </h2>
        <p className="admin-muted">Placed last in the menu; choose its picture on its page once created.</p>
        <CsrfField />
        <FormMessage result={createResult} />
        <CategoryFields values={values} errors={createResult?.fields ?? {}} withPicture={false} isNew />
        <div className="admin-actions">
          <button type="submit" name="intent" value="create" className="admin-button admin-button--primary" disabled={busy}>
            {busy && navigation.formData?.get('intent') === 'create' ? 'Creating…' : 'Create category'}
          </button>
        </div>
      </Form>
    </div>
  );
}
