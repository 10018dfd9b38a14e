import { Link } from 'react-router';
import type { RetiredProduct } from './retired-product.server';

/** The 404 page of a product the store no longer sells: it says so, and links to others like it. */
export function RetiredProductPage({ product }: { product: RetiredProduct }) {
  return (
    <div className="page page--narrow">
      <title>{`${product.name} is no longer available`}</title>
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
