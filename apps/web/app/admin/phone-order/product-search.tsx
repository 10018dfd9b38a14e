import type { KeyboardEvent } from 'react';
import type { SearchResult } from './phone-order.server';

interface ProductSearchProps {
  term: string;
  search: { term: string; results: SearchResult[]; message?: string | undefined } | undefined;
  busy: boolean;
  /** With JavaScript: Enter in the box searches (without, the browser's default button, Search, does). */
  onEnter?: (() => void) | undefined;
}

/**
 * Finds products with the storefront's own search. Its buttons belong to the phone-order form: Search posts the
 * words (intent=search), each result's Add posts its product page path (intent=add:<path>).
 */
export function ProductSearch({ term, search, busy, onEnter }: ProductSearchProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !onEnter) return;
    event.preventDefault();
    onEnter();
  };
  return (
    <div className="po-search">
      <div className="admin-form--inline">
        <div className="admin-field po-search__field">
          <label htmlFor="po-search">Find a product</label>
          <input id="po-search" name="search" type="search" defaultValue={term} autoComplete="off" aria-describedby="po-search-hint" onKeyDown={onKeyDown} />
        </div>
        <button type="submit" name="intent" value="search" className="admin-button" formNoValidate disabled={busy}>
          Search
        </button>
      </div>
      <span className="admin-field__hint" id="po-search-hint">
        A name or a word, as on the storefront: heart, dog, initial.
      </span>
      <div role="status" className="po-search__status">
        {search?.message ? <p className="admin-muted">{search.message}</p> : null}
        {search && search.results.length > 0 ? (
          <p className="visually-hidden">
            {search.results.length} {search.results.length === 1 ? 'product' : 'products'} found for “{search.term}”.
          </p>
        ) : null}
      </div>
      {search && search.results.length > 0 ? (
        <ul className="po-results" aria-label={`Products found for “${search.term}”`}>
          {search.results.map((result) => (
            <li key={result.id} className="po-results__item">
              <span className="po-results__name">{result.name}</span>
              <span className="admin-muted po-results__price">{result.price ? `${result.price} in ${result.metalName}` : `not made in ${result.metalName}`}</span>
              <button type="submit" name="intent" value={`add:${result.path}`} className="admin-button" formNoValidate disabled={busy}>
                Add<span className="visually-hidden"> {result.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
