import type { ListingFilters } from '@charms/contracts/catalog';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ListingFiltersForm, clearFiltersHref } from './listing-filters';
import type { PriceProblems } from './listing-url';

const FILTERS: ListingFilters = {
  kind: null,
  minPrice: null,
  maxPrice: null,
  active: false,
  kinds: [
    { kind: 'charm', label: 'Charms', count: 60 },
    { kind: 'bracelet', label: 'Bracelets', count: 8 },
    { kind: 'engravable', label: 'Engravable', count: 12 },
    { kind: 'photoart', label: 'PhotoArt', count: 0 },
    { kind: 'made-to-order', label: 'Made to order', count: 3 },
  ],
  anyKindCount: 68,
  priceRange: { min: { cents: 1900, display: '$19.00' }, max: { cents: 9250, display: '$92.50' } },
};

function renderFilters(search: string, filters: ListingFilters = FILTERS, priceProblems: PriceProblems = {}) {
  function Listing() {
    const location = useLocation();
    return (
      <>
        <p data-testid="where">{`${location.pathname}${location.search}`}</p>
        <ListingFiltersForm pathname="/products/category/Dog-Charms" params={new URLSearchParams(location.search)} filters={filters} priceProblems={priceProblems} />
      </>
    );
  }
  const Stub = createRoutesStub([{ path: '/products/category/Dog-Charms', Component: Listing }]);
  return render(<Stub initialEntries={[`/products/category/Dog-Charms${search}`]} />);
}

describe('the listing filters', () => {
  it('offers every kind with how many products it would show, and a price range hinted by the listing’s prices', () => {
    renderFilters('');
    const kinds = screen.getByRole('group', { name: 'Kind' });
    expect(within(kinds).getByRole('radio', { name: 'All (68)' })).toBeChecked();
    expect(within(kinds).getByRole('radio', { name: 'Engravable (12)' })).not.toBeChecked();
    expect(within(kinds).getByRole('radio', { name: 'Made to order (3)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Lowest price' })).toHaveAttribute('placeholder', '$19');
    expect(screen.getByRole('textbox', { name: 'Highest price' })).toHaveAttribute('placeholder', '$92.50');
    expect(screen.queryByRole('link', { name: 'Clear filters' })).toBeNull();
  });

  it('is a GET form to the listing that keeps the sort and bracelet length, with an Apply button', () => {
    const { container } = renderFilters('?orderBy=PriceLowHigh&size=7.5&page=3');
    const form = screen.getByRole('form', { name: 'Filter products' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/products/category/Dog-Charms');
    expect(container.querySelector('input[type=hidden][name=orderBy]')).toHaveValue('PriceLowHigh');
    expect(container.querySelector('input[type=hidden][name=size]')).toHaveValue('7.5');
    // The page is not kept: a narrower listing starts again at its first page.
    expect(container.querySelector('input[name=page]')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Apply' })).toHaveAttribute('type', 'submit');
  });

  it('applies a kind as soon as it is picked, with JavaScript', async () => {
    renderFilters('?orderBy=Newest');
    await userEvent.click(screen.getByRole('radio', { name: 'Engravable (12)' }));
    const where = new URL(screen.getByTestId('where').textContent!, 'http://shop.test');
    expect(where.pathname).toBe('/products/category/Dog-Charms');
    expect(where.searchParams.get('kind')).toBe('engravable');
    expect(where.searchParams.get('orderBy')).toBe('Newest');
  });

  it('keeps the picked kind focused once the listing shows it, so the keyboard goes on from there', async () => {
    // The filters follow the address, as the loader's would.
    function Listing() {
      const location = useLocation();
      const kind = new URLSearchParams(location.search).get('kind') as ListingFilters['kind'];
      return (
        <>
          <p data-testid="where">{location.search}</p>
          <ListingFiltersForm pathname="/products/category/Dog-Charms" params={new URLSearchParams(location.search)} filters={{ ...FILTERS, kind, active: kind !== null }} priceProblems={{}} />
        </>
      );
    }
    const Stub = createRoutesStub([{ path: '/products/category/Dog-Charms', Component: Listing }]);
    render(<Stub initialEntries={['/products/category/Dog-Charms']} />);
    const charms = screen.getByRole('radio', { name: 'Charms (60)' });
    await userEvent.click(charms);
    expect(screen.getByTestId('where')).toHaveTextContent('?kind=charm');
    expect(screen.getByRole('radio', { name: 'Charms (60)' })).toBeChecked();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Charms (60)' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Bracelets (8)' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?kind=bracelet');
    expect(screen.getByRole('radio', { name: 'Bracelets (8)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Charms (60)' })).not.toBeChecked();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Bracelets (8)' }));
    // The address changes without a pick (Clear filters, or back): the form shows the address's kind.
    await userEvent.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(screen.getByTestId('where')).toBeEmptyDOMElement();
    expect(screen.getByRole('radio', { name: 'All (68)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Bracelets (8)' })).not.toBeChecked();
  });

  it('says what is wrong with a price typed wrong, beside the field, and offers to clear', () => {
    renderFilters('?minPrice=abc', FILTERS, { minPrice: 'must be an amount in dollars, such as 25 or 19.99' });
    const lowest = screen.getByRole('textbox', { name: 'Lowest price' });
    expect(lowest).toHaveValue('abc');
    expect(lowest).toHaveAttribute('aria-invalid', 'true');
    expect(lowest).toHaveAccessibleDescription('Lowest price must be an amount in dollars, such as 25 or 19.99.');
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/products/category/Dog-Charms');
  });

  it('shows the filters in use, open, and clears them keeping the sort', () => {
    const active = { ...FILTERS, kind: 'engravable' as const, minPrice: { cents: 2000, display: '$20.00' }, active: true };
    const { container } = renderFilters('?kind=engravable&minPrice=20&orderBy=Newest&page=2', active);
    expect(container.querySelector('details')).toHaveAttribute('open');
    expect(screen.getByText('Filter', { exact: false, selector: 'summary' })).toHaveTextContent('Filter (2 on)');
    expect(screen.getByRole('radio', { name: 'Engravable (12)' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Lowest price' })).toHaveValue('20');
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/products/category/Dog-Charms?orderBy=Newest');
    expect(clearFiltersHref('/products', new URLSearchParams('maxPrice=30&size=7'))).toBe('/products?size=7');
  });
});
