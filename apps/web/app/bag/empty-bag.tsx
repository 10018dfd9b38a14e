import { Form, Link } from 'react-router';

const POPULAR = [
  { name: 'Sterling Silver Charms', path: '/sterling-silver-charms' },
  { name: 'Gold Charms', path: '/gold-charms' },
  { name: 'Charm Bracelets', path: '/categories/sterling-silver/charm-bracelets' },
  { name: 'Birthstone Charms', path: '/products/category/Birthstone-Charms' },
  { name: 'PhotoArt Charms', path: '/photoart-charms' },
  { name: 'Gift Ideas for Mothers', path: '/gift-ideas-for-mothers' },
];

/** An empty bag: where to start, and a search. Just `emptied`, the page's status line has already said it is empty. */
export function EmptyBag({ emptied = false }: { emptied?: boolean }) {
  return (
    <div className="bag-empty">
      {emptied ? null : <p className="lede">Your bag is empty.</p>}
      <h2>Popular places to start</h2>
      <ul className="bag-empty__links">
        {POPULAR.map((link) => (
          <li key={link.path}>
            <Link to={link.path}>{link.name}</Link>
          </li>
        ))}
        <li>
          <Link to="/categories">Every category</Link>
        </li>
      </ul>
      <Form method="get" action="/products/search" role="search" className="bag-inline bag-empty__search">
        <label htmlFor="bag-search" className="visually-hidden">
          Search charms
        </label>
        <input id="bag-search" name="q" type="search" placeholder="Search charms, e.g. heart" />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </Form>
    </div>
  );
}
