import { Link } from 'react-router';
import { menuPictureUrl } from '../components/menu-images';
import { pageSeo, seoMeta } from '../lib/seo';
import '../styles/catalog.css';
import type { Route } from './+types/categories';
import { sharedPage } from '../lib/shared-page';

/** Smaller than in the menu, so a pictured row stands barely taller than its neighbours in the columns. */
const LIST_PICTURE_SIZE = 32;

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = ({ data, matches }) => seoMeta(data, matches);

/** /categories: every category in menu order, each linking to its listing at /categories/{urlFriendlyName}, with the menu's picture staff chose. */
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
        {categories.map((category) => {
          const picture = menuPictureUrl(category.menuImage);
          return (
            <li key={category.urlFriendlyName}>
              <Link to={`/categories/${category.urlFriendlyName}`} className={picture ? 'catalog-category-list__pictured' : undefined}>
                {/* Decorative: the name beside it says where the link goes. */}
                {picture ? <img src={picture} alt="" width={LIST_PICTURE_SIZE} height={LIST_PICTURE_SIZE} loading="lazy" decoding="async" /> : null}
                {category.categoryName}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
