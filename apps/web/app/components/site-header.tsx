import { useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { useBagSummary } from '../bag/bag-summary';
import { searchPath } from '../lib/search-path';

/** Switch for the spec's Account link, which exists but is off. */
export const ACCOUNT_LINK_ENABLED = false;

interface HeaderProps {
  storeName: string;
  phone: string;
  /** Overrides the bag count (tests); the shop loads it after hydration (bag/bag-summary.ts). */
  bagCount?: number;
}

/**
 * The shop's name, the search box, the phone number, the Shopping Bag link and Buy Now. The page is rendered the same
 * for every shopper: the bag's count arrives after hydration, into a badge whose place (and Buy Now's) is kept
 * empty until then, so nothing moves when it comes (app.css). Without JavaScript the bag link shows no count.
 */
export function SiteHeader({ storeName, phone, bagCount }: HeaderProps) {
  const summary = useBagSummary();
  const count = bagCount ?? summary?.itemCount ?? 0;
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
            <PhoneIcon />
            <span className="site-header__phone-label">Call us </span>
            <span className="site-header__phone-number">{phone}</span>
          </a>
          {ACCOUNT_LINK_ENABLED ? <Link to="/account">Account</Link> : null}
          <Link to="/order" className="site-header__bag">
            <BagIcon />
            <span className="site-header__bag-label">Shopping Bag</span>{' '}
            {/* Always there, empty (and unseen) at 0: the count fills it without moving anything. */}
            <span className="badge site-header__count" data-testid="bag-count">
              {count > 0 ? (count > 99 ? '99+' : count) : ''}
            </span>
            {count > 0 ? <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span> : null}
          </Link>
          {/* Kept in its place but unseen (and out of the tab order) while the bag is empty or its count unknown. */}
          <Link to="/order/process" className="button button--primary site-header__buy" data-empty={count > 0 ? undefined : ''} aria-hidden={count > 0 ? undefined : true} tabIndex={count > 0 ? undefined : -1}>
            Buy Now
          </Link>
        </div>
      </div>
    </header>
  );
}

/** Shown instead of the words on narrow screens; the link's name stays the words (visually hidden there). */
function PhoneIcon() {
  return (
    <svg className="site-header__icon" aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}

function BagIcon() {
  return (
    <svg className="site-header__icon" aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4z" />
      <path d="M3 6h18" />
      <path d="M16 10a4 4 0 0 1-8 0" />
    </svg>
  );
}
