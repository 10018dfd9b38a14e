import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ItemsEditor } from './items-editor';
import type { DraftItem, ItemProduct } from './phone-order-form';

const money = (cents: number) => ({ cents, display: `$${(cents / 100).toFixed(2)}` });

const charm: ItemProduct = {
  id: 7,
  name: 'Heart Charm',
  kind: 'charm',
  path: '/products/charms/sterling-silver/heart-charm/7',
  imageUrl: null,
  offers: [
    { metalId: 40, metalName: 'Sterling Silver', price: money(3495) },
    { metalId: 10, metalName: '14k Gold', price: money(22900) },
  ],
  sizes: [],
  engraving: { maxCharacters: 12, fonts: [{ id: 'block', name: 'Block' }, { id: 'script', name: 'Script' }], pricePerCharacter: money(75) },
};
const bracelet: ItemProduct = { ...charm, id: 9, name: 'Link Bracelet', kind: 'bracelet', sizes: [6.5, 7, 7.5], engraving: null };

const row = (product: ItemProduct, fields: Partial<DraftItem> = {}): DraftItem => ({
  key: `k${product.id}`,
  productId: String(product.id),
  productPath: product.path,
  metalId: '40',
  braceletSize: '',
  quantity: '1',
  engravingText: '',
  engravingFont: 'block',
  product,
  ...fields,
});

function formFields(): Record<string, string> {
  return Object.fromEntries([...new FormData(document.querySelector('form')!)].map(([name, value]) => [name, String(value)]));
}

describe('the phone order’s items', () => {
  it('offers only the metals the product is made in, with their prices, and names every input by the row’s place', () => {
    render(
      <form>
        <ItemsEditor items={[row(bracelet), row(charm, { quantity: '2' })]} errors={{}} busy={false} engravingFreeMetalIds={[10, 20, 30]} />
      </form>,
    );
    const second = screen.getByRole('group', { name: 'Item 2: Heart Charm' });
    expect(within(second).getAllByRole('option').map((option) => option.textContent)).toEqual(['Sterling Silver · $34.95', '14k Gold · $229.00']);
    // A bracelet asks for its length (no default: staff ask the customer); a charm has none.
    expect(within(screen.getByRole('group', { name: 'Item 1: Link Bracelet' })).getByLabelText('Bracelet length')).toHaveValue('');
    expect(within(second).queryByLabelText('Bracelet length')).toBeNull();
    expect(formFields()).toMatchObject({ 'items.0.productId': '9', 'items.1.productId': '7', 'items.1.quantity': '2', 'items.1.metalId': '40', 'items.1.engravingFont': 'block' });
  });

  it('prices the engraving live with the storefront’s field, and makes it free when 14k gold is picked', async () => {
    render(
      <form>
        <ItemsEditor items={[row(charm)]} errors={{}} busy={false} engravingFreeMetalIds={[10, 20, 30]} />
      </form>,
    );
    await userEvent.type(screen.getByLabelText('Text to engrave'), 'Ann Lee');
    expect(screen.getByTestId('engraving-summary')).toHaveTextContent('Engraving: $4.50 (6 × $0.75).');
    await userEvent.selectOptions(screen.getByLabelText('Metal'), '14k Gold · $229.00');
    expect(screen.getByTestId('engraving-summary')).toHaveTextContent('Engraving: free on 14k Gold.');
    expect(formFields()).toMatchObject({ 'items.0.metalId': '10', 'items.0.engravingText': 'Ann Lee' });
  });

  it('shows the API’s mistakes next to their fields, tied to them for screen readers', () => {
    render(
      <form>
        <ItemsEditor
          items={[row(bracelet), row(charm, { engravingText: 'Much too long text' })]}
          errors={{ 'items.0.braceletSize': 'is required for a bracelet: ask the customer', 'items.1.engravingText': 'is too long' }}
          busy={false}
          engravingFreeMetalIds={[10, 20, 30]}
        />
      </form>,
    );
    expect(screen.getByLabelText('Bracelet length')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Bracelet length')).toHaveAccessibleDescription('is required for a bracelet: ask the customer');
    expect(screen.getByLabelText('Text to engrave')).toHaveAccessibleDescription(/is too long/);
  });

  it('has a Remove button per row, naming the row, that posts which row to remove', () => {
    render(
      <form>
        <ItemsEditor items={[row(bracelet), row(charm)]} errors={{}} busy={false} engravingFreeMetalIds={[10, 20, 30]} />
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Remove item 2' })).toHaveAttribute('value', 'remove:k7');
  });

  it('says there are no items yet', () => {
    render(<ItemsEditor items={[]} errors={{}} busy={false} engravingFreeMetalIds={[10, 20, 30]} />);
    expect(screen.getByTestId('no-items')).toHaveTextContent('No items yet');
  });
});
