import type { ProductDetail } from '@charms/contracts/catalog';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AddToBagForm } from './add-to-bag-form';
import type { BagResult } from './bag-result';

// Only what the form and the mini-bag read of an engravable charm's page, in 14k gold.
const charm = {
  id: 1889,
  name: 'Engravable Heart Padlock Charm',
  path: '/products/heart-charms/14k-gold/engravable-heart-padlock-charm/1889',
  price: { cents: 60295, display: '$602.95' },
  available: true,
  metal: { id: 10, slug: '14k-gold', name: '14k Gold' },
  sizes: [],
  braceletSize: null,
  images: [{ url: '/api/images/charms/heart/14k-gold.svg', alt: 'Engravable Heart Padlock Charm in 14k Gold', width: 480, height: 480 }],
  engraving: {
    maxCharacters: 12,
    fonts: [
      { id: 'block', name: 'Block' },
      { id: 'script', name: 'Script' },
    ],
    pricePerCharacter: { cents: 75, display: '$0.75' },
    freeInThisMetal: true,
  },
} as unknown as ProductDetail;

const added: BagResult = {
  intent: 'add',
  ok: true,
  message: 'Added to your bag.',
  itemCount: 3,
  added: { productId: 1889, metalId: 10, braceletSize: null, quantity: 1, engraving: { text: 'Love', font: 'script' } },
};
const bag = { itemCount: 3, total: { cents: 80290, display: '$802.90' } };

function renderForm(props: { answeredInPlace: boolean }) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <AddToBagForm product={charm} result={added} bag={bag} {...props} /> }]);
  return render(<Stub />);
}

describe('the mini-bag after Add to bag', () => {
  it('opens over the page with what was added, the bag’s count and total, and the way to checkout', async () => {
    renderForm({ answeredInPlace: true });
    const dialog = await screen.findByRole('dialog', { name: 'Added to your bag.' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveTextContent('Engravable Heart Padlock Charm');
    expect(dialog).toHaveTextContent('14k Gold');
    expect(dialog).toHaveTextContent('Engraved “Love” in Script');
    expect(dialog.querySelector('.engraving-preview--script')).toHaveTextContent('Love');
    expect(dialog).toHaveTextContent('$602.95');
    expect(within(dialog).getByTestId('mini-bag-count')).toHaveTextContent('3 items');
    expect(within(dialog).getByTestId('mini-bag-total')).toHaveTextContent('$802.90');
    expect(within(dialog).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/order/process');
    expect(within(dialog).getByRole('link', { name: 'View your bag' })).toHaveAttribute('href', '/order');
    expect(document.activeElement).toBe(dialog);
  });

  it('closes on Escape and hands focus back to Add to bag', async () => {
    renderForm({ answeredInPlace: true });
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to bag' })).toHaveFocus();
  });

  it('closes with its close button', async () => {
    renderForm({ answeredInPlace: true });
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to bag' })).toHaveFocus();
  });

  it('without JavaScript, shows the same summary in the page the post landed on, with no dialog', () => {
    renderForm({ answeredInPlace: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    const summary = screen.getByRole('region', { name: 'Added to your bag.' });
    expect(summary).toHaveTextContent('Engraved “Love” in Script');
    expect(within(summary).getByTestId('mini-bag-total')).toHaveTextContent('$802.90');
    expect(within(summary).getByRole('link', { name: 'Keep shopping' })).toHaveAttribute('href', charm.path);
  });

  it('offers the metal once, as the page’s choice, not again in the form', () => {
    renderForm({ answeredInPlace: false });
    expect(screen.queryByText(/other metals/)).toBeNull();
    const form = screen.getByRole('button', { name: 'Add to bag' }).closest('form')!;
    expect(new FormData(form).get('metalId')).toBe('10');
  });
});
