import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderHeader(bagCount?: number) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <SiteHeader storeName="Charm & Bracelet Co." phone="1-800-555-0142" bagCount={bagCount} /> },
    { path: '/products/search/:term', Component: Where },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('SiteHeader', () => {
  it('links the store name home and offers the phone number to call', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Charm & Bracelet Co.' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /1-800-555-0142/ })).toHaveAttribute('href', 'tel:18005550142');
  });

  it('always links the bag (it works without JavaScript), with no count and no Buy Now while the bag is empty or its count unknown', () => {
    for (const count of [0, undefined]) {
      const { unmount } = renderHeader(count);
      expect(screen.getByRole('link', { name: 'Shopping Bag' })).toHaveAttribute('href', '/order');
      expect(screen.getByTestId('bag-count')).toBeEmptyDOMElement();
      expect(screen.queryByRole('link', { name: 'Buy Now' })).toBeNull();
      unmount();
    }
  });

  it('shows Buy Now and the item count when the bag has items', () => {
    renderHeader(3);
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/order/process');
    expect(screen.getByRole('link', { name: 'Shopping Bag 3 items' })).toHaveAttribute('href', '/order');
    expect(screen.getByTestId('bag-count')).toHaveTextContent('3');
  });

  it('keeps Buy Now in the page while it is unseen, so its place is held (no shift when the count comes)', () => {
    const { container } = renderHeader(0);
    const buyNow = container.querySelector('a[href="/order/process"]');
    expect(buyNow).toHaveAttribute('data-empty');
    expect(buyNow).toHaveAttribute('tabindex', '-1');
  });

  it('says 1 item, and 99+ for a bag of more than 99', () => {
    const { unmount } = renderHeader(1);
    expect(screen.getByRole('link', { name: 'Shopping Bag 1 item' })).toBeVisible();
    unmount();
    renderHeader(120);
    expect(screen.getByTestId('bag-count')).toHaveTextContent('99+');
    expect(screen.getByRole('link', { name: 'Shopping Bag 99+ items' })).toBeVisible();
  });

  it('keeps the Account link switched off', () => {
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();
  });

  it('goes to /products/search/{text} on Enter', async () => {
    renderHeader();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search charms' }), 'heart locket{Enter}');
    expect(await screen.findByTestId('where')).toHaveTextContent('/products/search/heart%20locket');
  });

  it('is a plain GET form to /products/search?q= for browsers without JavaScript', () => {
    renderHeader();
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/products/search');
    expect(screen.getByRole('searchbox')).toHaveAttribute('name', 'q');
  });
});

describe('SiteHeader: a blank search', () => {
  it('stays on the page, keeps the box focused and asks for words, until the shopper types', async () => {
    renderHeader();
    const box = screen.getByRole('searchbox', { name: 'Search charms' });
    await userEvent.type(box, '   {Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Type what you are looking for');
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription('Type what you are looking for');
    expect(screen.queryByTestId('where')).toBeNull();
    await userEvent.type(box, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
