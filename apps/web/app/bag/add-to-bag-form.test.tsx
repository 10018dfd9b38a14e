import type { ProductDetail } from '@charms/contracts/catalog';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AddToBagForm } from './add-to-bag-form';

// Only what the form reads of a bracelet's page.
const bracelet = (braceletSize: number) =>
  ({
    id: 3007,
    price: { cents: 9295, display: '$92.95' },
    available: true,
    metal: { id: 40, slug: 'sterling-silver', name: 'Sterling Silver' },
    sizes: [7, 7.5, 8, 8.5],
    braceletSize,
    engraving: null,
  }) as unknown as ProductDetail;

/** The page moving to another length, as its length links do, without remounting the form. */
function BraceletPage() {
  const [size, setSize] = useState(7);
  return (
    <>
      <button type="button" onClick={() => setSize(8.5)}>
        8.5″
      </button>
      <AddToBagForm product={bracelet(size)} result={undefined} />
    </>
  );
}

describe('AddToBagForm', () => {
  it('adds the length the page shows, after the page moves to another length', async () => {
    const Stub = createRoutesStub([{ path: '/', Component: BraceletPage }]);
    render(<Stub />);
    await userEvent.click(screen.getByRole('button', { name: '8.5″' }));

    const form = screen.getByRole('button', { name: 'Add to bag' }).closest('form')!;
    expect(new FormData(form).get('braceletSize')).toBe('8.5');
    expect(screen.getByText(/Length:/)).toHaveTextContent('Length: 8.5 inches');
  });
});
