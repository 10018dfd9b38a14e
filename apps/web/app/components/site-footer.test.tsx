import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

function renderFooter(socialLinks: { name: string; href: string }[]) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <SiteFooter storeName="Charm & Bracelet Co." phone="1-800-555-0142" year={2026} socialLinks={socialLinks} /> },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('SiteFooter: social links', () => {
  it('links only the networks the store has configured, to its own pages, in a new tab', () => {
    renderFooter([{ name: 'Pinterest', href: 'https://www.pinterest.com/charmshop/' }]);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'Follow us' })).toBeInTheDocument();
    const pinterest = within(footer).getByRole('link', { name: 'Pinterest (opens in a new tab)' });
    expect(pinterest).toHaveAttribute('href', 'https://www.pinterest.com/charmshop/');
    expect(pinterest).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(footer).queryByRole('link', { name: /Facebook|Twitter/ })).toBeNull();
  });

  it('shows no social links and no "Follow us" when none is configured, and still the phone', () => {
    renderFooter([]);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('heading', { name: 'Follow us' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: /Facebook|Pinterest|Twitter/ })).toBeNull();
    expect(within(footer).getByRole('link', { name: '1-800-555-0142' })).toHaveAttribute('href', 'tel:18005550142');
  });
});
