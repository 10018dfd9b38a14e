import { Link } from 'react-router';
import { z } from 'zod';

/** What the API's PRODUCT_RETIRED answer carries: the product's name and its category, to send the shopper on. */
const retiredSchema = z.object({ name: z.string(), category: z.object({ name: z.string(), path: z.string().startsWith('/') }) });
export type RetiredProduct = z.infer<typeof retiredSchema>;

export function retiredProductOf(body: { code: string; details?: unknown } | undefined): RetiredProduct | null {
  if (body?.code !== 'PRODUCT_RETIRED') return null;
  const parsed = retiredSchema.safeParse(body.details);
  return parsed.success ? parsed.data : null;
}

/** The 404 page of a product the store no longer sells: it says so, and links to others like it. */
export function RetiredProductPage({ product }: { product: RetiredProduct }) {
  return (
    <div className="page page--narrow">
      <title>{`${product.name} is no longer available`}</title>
      <meta name="robots" content="noindex, follow" />
      <h1>{product.name} is no longer available</h1>
      <p>We no longer make this piece. You may find something you like as much among our {product.category.name}.</p>
      <ul className="link-list">
        <li>
          <Link to={product.category.path}>Browse {product.category.name}</Link>
        </li>
        <li>
          <Link to="/">Home page</Link>
        </li>
      </ul>
    </div>
  );
}
