import type { ListingFilters } from '@charms/contracts/catalog';
import { useEffect, useState } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { FILTER_PARAMS, type PriceProblems, listingHref } from './listing-url';

interface FiltersProps {
  pathname: string;
  params: URLSearchParams;
  filters: ListingFilters;
  priceProblems: PriceProblems;
}

const PRICE_LABELS = { minPrice: 'Lowest price', maxPrice: 'Highest price' } as const;

/** The listing's address without its filters (and from page 1): where "Clear filters" goes. */
export function clearFiltersHref(pathname: string, params: URLSearchParams): string {
  return listingHref(pathname, params, { ...Object.fromEntries(FILTER_PARAMS.map((name) => [name, undefined])), page: undefined });
}

/**
 * Kind and price filters: a GET form, so the filtered listing is an address to share or bookmark and works without
 * JavaScript (Apply submits it). With JavaScript a kind applies as soon as it is picked; prices still wait for
 * Apply, so nothing reloads halfway through typing. Each kind shows how many products it would list, given the
 * price range; the sort and bracelet length in the address are kept, the page starts again at 1.
 */
export function ListingFiltersForm({ pathname, params, filters, priceProblems }: FiltersProps) {
  const submit = useSubmit();
  const problems = Object.keys(priceProblems).length > 0;
  const activeCount = (filters.kind ? 1 : 0) + (filters.minPrice || filters.maxPrice ? 1 : 0);
  const kindValue = filters.kind ?? '';
  // The kind shown as picked: the shopper's pick at once, then whatever the listing's address says (after Clear
  // filters or going back). The radios stay the same elements across the listing's reload, so a keyboard user's
  // focus stays on the kind they picked and the arrow keys go on from it.
  const [picked, setPicked] = useState(kindValue);
  useEffect(() => setPicked(kindValue), [kindValue]);
  return (
    <details className="catalog-filters" open={filters.active || problems || undefined}>
      <summary className="catalog-filters__summary">
        Filter{activeCount > 0 ? <span className="catalog-filters__badge"> ({activeCount} on)</span> : null}
      </summary>
      <Form method="get" action={pathname} className="catalog-filters__form" preventScrollReset aria-label="Filter products">
        <fieldset className="catalog-filters__kinds">
          <legend>Kind</legend>
          <div className="catalog-filters__options">
            {[{ kind: '', label: 'All', count: filters.anyKindCount }, ...filters.kinds].map((option) => (
              <label key={option.kind || 'all'} className="catalog-filters__option">
                <input
                  type="radio"
                  name="kind"
                  value={option.kind}
                  checked={option.kind === picked}
                  onChange={(event) => {
                    setPicked(option.kind);
                    submit(event.currentTarget.form, { preventScrollReset: true });
                  }}
                />
                <span>
                  {option.label} <span className="catalog-filters__count">({option.count})</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="catalog-filters__price">
          <legend>Price in dollars</legend>
          <div className="catalog-filters__range">
            {(['minPrice', 'maxPrice'] as const).map((name) => {
              const problem = priceProblems[name];
              const value = params.get(name) ?? '';
              const hint = filters.priceRange ? (name === 'minPrice' ? filters.priceRange.min : filters.priceRange.max).display : '';
              return (
                <div key={name} className="catalog-filters__bound">
                  <label htmlFor={`catalog-${name}`}>{PRICE_LABELS[name]}</label>
                  <input
                    id={`catalog-${name}`}
                    name={name}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    size={8}
                    placeholder={hint.replace(/\.00$/, '')}
                    defaultValue={value}
                    key={value}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `catalog-${name}-problem` : undefined}
                  />
                  {problem ? (
                    <p id={`catalog-${name}-problem`} className="catalog-filters__problem">
                      {PRICE_LABELS[name]} {problem}.
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
        </fieldset>
        {['orderBy', 'size'].map((name) => {
          const value = params.get(name);
          return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
        })}
        <div className="catalog-filters__actions">
          <button type="submit" className="catalog-button">
            Apply
          </button>
          {filters.active || problems ? (
            <Link to={clearFiltersHref(pathname, params)} preventScrollReset className="catalog-filters__clear">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
  );
}
