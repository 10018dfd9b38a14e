import { render, screen } from '@testing-library/react';
import { Outlet, createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../lib/api-client';
import { ErrorBoundary as RootErrorBoundary } from '../root';
import { ErrorBoundary } from './catalog-listing';

/** The API's answer when a search could not be read for a moment (decision 0052). */
const tooSlow = {
  error: {
    code: 'SERVICE_UNAVAILABLE',
    message: 'The catalog took too long to answer this, and nothing was changed.',
    details: { retryAfterSeconds: 5 },
  },
};
const busyCatalog = () => createApiClient(async () => ({ status: 503, body: tooSlow }));

/** The listing route under a root with the shop's own error page, each page's loader answered 503 by the API. */
function renderListing(path: string) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: Outlet,
      ErrorBoundary: RootErrorBoundary as never,
      children: [
        {
          path: '*',
          Component: () => null,
          ErrorBoundary: ErrorBoundary as never,
          loader: () => busyCatalog().getMenu(),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe('a listing the catalog could not answer for a moment', () => {
  it('on a search, says so with what helps a search, and gives the search box back with its words', async () => {
    renderListing('/products/search/charm%20design?sort=price-asc');
    expect(await screen.findByRole('heading', { name: "We'll be back in a moment" })).toBeInTheDocument();
    expect(screen.getByText(/fewer or more specific words/)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search for charms' })).toHaveValue('charm design');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/products/search/charm%20design?sort=price-asc');
  });

  it('on a category, is the shop\'s own "back in a moment" page, with no search advice', async () => {
    renderListing('/products/category/Dog-Charms');
    expect(await screen.findByRole('heading', { name: "We'll be back in a moment" })).toBeInTheDocument();
    expect(screen.getByText(/Your bag is safe and nothing was changed/)).toBeInTheDocument();
    expect(screen.queryByText(/fewer or more specific words/)).toBeNull();
  });
});
