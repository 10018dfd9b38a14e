import { Link } from 'react-router';

/** The not-found page's content; routes render it from their ErrorBoundary when a loader throws a 404. */
export function NotFound() {
  return (
    <div className="page page--narrow">
      <h1>Page not found</h1>
      <p>Sorry, we could not find that page. It may have moved, or the address may be mistyped.</p>
      <ul className="link-list">
        <li><Link to="/">Home page</Link></li>
        <li><Link to="/rembrandt-charms">Rembrandt charms</Link></li>
        <li><Link to="/sterling-silver-charms">Sterling silver charms</Link></li>
        <li><Link to="/faq">Frequently asked questions</Link></li>
        <li><Link to="/contact-us">Contact us</Link></li>
      </ul>
    </div>
  );
}
