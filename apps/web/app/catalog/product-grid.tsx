import type { ProductSummary } from '@charms/contracts/catalog';
import { PlainLink } from '../components/plain-links';
import { ProductPhoto } from '../components/product-photo';

/**
 * Pictures in the first rows (4 per row on wide screens) load at once, the first with high priority since it is
 * the page's largest paint; the rest load when scrolled near.
 */
const EAGER_IMAGES = 8;

/** How wide a card's picture is shown: the grid's columns (catalog.css) within the page (78rem at most). */
const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 640px) 33vw, 50vw';

/** What a card shows of a product: the API's summary without what no card reads (slug, metal id, flags). */
export type ProductCard = Pick<ProductSummary, 'id' | 'name' | 'path' | 'imageUrl' | 'photo' | 'price' | 'available'>;

/**
 * A summary as a card, for a loader to hand its page. What a loader returns is written into the page for the
 * browser (React Router's turbo-stream), value by value: a listing's 48 summaries cut to their cards are about 4 KB
 * less of it, and its encoding is a good part of what an uncached page costs the server (docs/benchmarks.md).
 */
export function toProductCard({ id, name, path, imageUrl, photo, price, available }: ProductSummary): ProductCard {
  return { id, name, path, imageUrl, photo, price, available };
}

/**
 * A grid of product cards: picture (its width and height reserve its space), name, and the price in the listing's
 * metal (marked "currently unavailable" while sold out in it), or a note that the product is not made in it with a
 * link to the metals it is made in. The cards' links are plain anchors (components/plain-links.tsx): up to 48 a page.
 */
export function ProductGrid({ products, metalName, label, eager = EAGER_IMAGES }: { products: readonly ProductCard[]; metalName: string; label: string; eager?: number }) {
  return (
    <ul className="catalog-grid" aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id} className={product.available ? 'catalog-card' : 'catalog-card catalog-card--unavailable'}>
          <PlainLink to={product.path} className="catalog-card__link">
            {product.photo ? (
              <ProductPhoto
                photo={product.photo}
                alt=""
                sizes={CARD_SIZES}
                loading={index < eager ? 'eager' : 'lazy'}
                fetchPriority={index === 0 && eager > 0 ? 'high' : undefined}
                className="catalog-card__image catalog-card__image--photo"
              />
            ) : (
              <img
                src={product.imageUrl}
                alt=""
                width={480}
                height={480}
                loading={index < eager ? 'eager' : 'lazy'}
                decoding="async"
                fetchPriority={index === 0 && eager > 0 ? 'high' : undefined}
                className="catalog-card__image"
              />
            )}
            <span className="catalog-card__name">{product.name}</span>
          </PlainLink>
          {product.price ? (
            <p className="catalog-card__price">
              {product.price.display}
              {product.available ? null : <span className="catalog-card__sold-out"> · Currently unavailable</span>}
            </p>
          ) : (
            <p className="catalog-card__unavailable">
              Not available in {metalName}.{' '}
              <PlainLink to={`${product.path}#metals`}>
                See other metals<span className="catalog-sr-only"> for {product.name}</span>
              </PlainLink>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
