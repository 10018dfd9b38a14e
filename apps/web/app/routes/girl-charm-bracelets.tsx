import { TileGrid } from '../components/tile-grid';
import { seoMeta } from '../lib/seo';
import { readShopperPrefs } from '../lib/shopper-prefs';
import type { Route } from './+types/girl-charm-bracelets';
import { sharedPage } from '../lib/shared-page';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = ({ data, matches }) => seoMeta(data, matches);

/** The 12 girls' bracelets come from the catalog's collection listing (GET /api/products?path=/girl-charm-bracelets). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const prefs = readShopperPrefs(request);
  const listing = await context.api.getProducts({ path: '/girl-charm-bracelets', pageSize: 12, braceletSize: prefs.braceletSize });
  return {
    seo: {
      htmlHeadTitle: listing.htmlHeadTitle,
      htmlHeadMetaDescription: listing.htmlHeadMetaDescription,
      htmlHeadMetaKeywords: listing.htmlHeadMetaKeywords,
      canonicalUrl: listing.canonicalUrl,
      dataLayers: listing.dataLayers,
    },
    tiles: listing.products.map((product) => ({
      name: product.name,
      href: product.path,
      imageUrl: product.imageUrl,
      detail: product.price ? product.price.display : 'Not available',
    })),
  };
}

export default function GirlCharmBracelets({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Girls Charm Bracelets</h1>
      <div className="lede">
        <p>
          For girls we recommend a <strong>7 inch bracelet with a lobster clasp</strong>: it can be clasped at 5, 6 or 7
          inches, so it fits now and grows with her. Suitable for ages 3 and up.
        </p>
        <p>Start with a bracelet and one charm, then add a charm for every birthday, holiday and achievement.</p>
      </div>
      <h2 className="visually-hidden">Bracelets</h2>
      <TileGrid tiles={loaderData.tiles} label="Girls charm bracelets" eager={6} />
    </div>
  );
}
