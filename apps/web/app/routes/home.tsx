import type { Route } from './+types/home';

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.storeName ?? 'Charms' }, { name: 'description', content: 'Charms and charm bracelets in five metals.' }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { categories } = await context.api.getCategories();
  return { storeName: context.store.name, categories };
}

/** Placeholder home page: proves the storefront renders on the server from the API. The real shell is issue 4. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="page">
      <h1>{loaderData.storeName}</h1>
      <p>Charms and charm bracelets in sterling silver, gold plate, 10k gold, 14k gold and 14k white gold.</p>
      <h2>Charm categories</h2>
      <ul className="category-list">
        {loaderData.categories.map((category) => (
          <li key={category.urlFriendlyName}>
            <a href={`/categories/${category.urlFriendlyName}`}>{category.categoryName}</a>
          </li>
        ))}
      </ul>
    </main>
  );
}
