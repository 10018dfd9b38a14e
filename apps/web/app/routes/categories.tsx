import { Link } from 'react-router';
import { pageSeo, seoMeta } from '../lib/seo';
import '../styles/catalog.css';
import type { Route } from './+types/categories';

export const meta: Route.MetaFunction = ({ data, matches }) => seoMeta(data, matches);

/** /categories: every category, each linking to its listing at /categories/{urlFriendlyName}. */
export async function loader({ context }: Route.LoaderArgs) {
  const { categories } = await context.api.getCategories();
  return {
    seo: pageSeo(
      {
        title: 'Charm Categories',
        description: `Browse all ${categories.length} charm categories: animals, birthstones, hearts, sports, travel and more, in sterling silver and gold.`,
        keywords: 'charm categories, charms, charm bracelets, Rembrandt charms',
        path: '/categories',
      },
      context.store.name,
    ),
    categories,
  };
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <div className="page catalog">
      <h1 className="catalog__heading">Charm categories</h1>
      <p className="catalog__count">{categories.length} categories</p>
      <ul className="catalog-category-list" aria-label="All categories">
        {categories.map((category) => (
          <li key={category.urlFriendlyName}>
            <Link to={`/categories/${category.urlFriendlyName}`}>{category.categoryName}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
