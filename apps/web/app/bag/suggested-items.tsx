import type { ProductSummary } from '@charms/contracts/catalog';
import { Link, useFetcher } from 'react-router';
import { BagFormFields } from './bag-form-fields';
import { LINE_FORMS } from './bag-keys';

/** A bracelet's address names its length, which is a choice; PhotoArt needs a photo. Charms add as they are. */
function needsChoices(product: ProductSummary): boolean {
  return product.isPhotoArt || /\/[\d.]+-inch\//.test(product.path);
}

/** Products that fit the bag, with a quick add where nothing needs choosing (engraving stays optional). */
export function SuggestedItems({ products, heading }: { products: ProductSummary[]; heading: string }) {
  const fetcher = useFetcher({ key: LINE_FORMS });
  if (products.length === 0) return null;
  return (
    <section className="bag-suggested" aria-labelledby="suggested-heading">
      <h2 id="suggested-heading">{heading}</h2>
      <ul className="bag-suggested__list">
        {products.map((product) => (
          <li key={product.id} className="bag-suggested__tile">
            <img src={product.imageUrl} alt="" width={160} height={160} loading="lazy" />
            <Link to={product.path} className="bag-suggested__name">
              {product.name}
            </Link>
            {product.price ? <span className="bag-suggested__price">{product.price.display}</span> : null}
            {product.available && product.price && !needsChoices(product) ? (
              <fetcher.Form method="post" action="/order" preventScrollReset>
                <BagFormFields intent="add" />
                <input type="hidden" name="productId" value={product.id} />
                <input type="hidden" name="metalId" value={product.metalId} />
                <input type="hidden" name="quantity" value="1" />
                <button type="submit" className="button button--secondary">
                  Add<span className="visually-hidden"> {product.name}</span> to bag
                </button>
              </fetcher.Form>
            ) : (
              <Link to={product.path} className="bag-suggested__choose">
                Choose options<span className="visually-hidden"> for {product.name}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
