import { useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { useBagItemCount } from '../lib/bag';
import { searchPath } from '../lib/search-path';

/** Switch for the spec's Account link, which exists but is off. */
export const ACCOUNT_LINK_ENABLED = false;

interface HeaderProps {
  storeName: string;
  phone: string;
  /** Overrides the bag count (tests); the shop reads it from the bag. */
  bagCount?: number;
}

export function SiteHeader({ storeName, phone, bagCount }: HeaderProps) {
  const bagItems = useBagItemCount();
  const count = bagCount ?? bagItems;
  const navigate = useNavigate();
  // A blank search asks for words instead of doing nothing (without JavaScript the search page asks the same).
  const [askForWords, setAskForWords] = useState(false);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          {storeName}
        </Link>
        {/* Without JavaScript this is a plain GET to /products/search?q=; with it, Enter goes to /products/search/{text}. */}
        <Form
          method="get"
          action="/products/search"
          role="search"
          className="site-search"
          onSubmit={(event) => {
            event.preventDefault();
            const text = new FormData(event.currentTarget).get('q');
            const path = searchPath(typeof text === 'string' ? text : '');
            if (path) navigate(path);
            else {
              setAskForWords(true);
              event.currentTarget.querySelector('input')?.focus();
            }
          }}
        >
          <label htmlFor="site-search-q" className="visually-hidden">
            Search charms
          </label>
          <input
            id="site-search-q"
            name="q"
            type="search"
            placeholder="Search charms"
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={askForWords ? 'site-search-hint' : undefined}
            onChange={() => setAskForWords(false)}
            onBlur={() => setAskForWords(false)}
          />
          <button type="submit">Search</button>
          {askForWords ? (
            <p id="site-search-hint" className="site-search__hint" role="alert">
              Type what you are looking for
            </p>
          ) : null}
        </Form>
        <div className="site-header__actions">
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="site-header__phone">
            <span className="site-header__phone-label">Call us </span>
            {phone}
          </a>
          {ACCOUNT_LINK_ENABLED ? <Link to="/account">Account</Link> : null}
          {count > 0 ? (
            <>
              <Link to="/order" className="site-header__bag">
                Shopping Bag <span className="badge">{count}</span>
                <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span>
              </Link>
              <Link to="/order/process" className="button button--primary">
                Buy Now
              </Link>
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}
