import type { MenuItem } from '@charms/contracts/menu';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePlainLinkClicks } from './plain-links';
import { HOVER_CLOSE_DELAY_MS, SiteMenu } from './site-menu';

const child = (name: string, link: string) => ({ name, link, imageName: null });
const MENU: MenuItem[] = [
  { id: 1, name: 'HOME', link: '/', imageName: null, children: [] },
  {
    id: 2,
    name: 'CHARMS',
    link: '/rembrandt-charms',
    imageName: null,
    children: [
      { ...child('Rembrandt Charms', '/rembrandt-charms'), imageName: 'menu-rembrandt-charms' },
      { ...child('Gold Charms', '/gold-charms'), imageName: 'menu-gold-charms' },
      { ...child('PhotoArt Charms', '/photoart-charms'), imageName: 'no-such-picture' },
    ],
  },
  {
    id: 3,
    name: 'CHARM CATEGORIES',
    link: '/categories',
    imageName: null,
    children: Array.from({ length: 11 }, (_, i) => child(`Category ${i + 1}`, `/categories/c-${i + 1}`)),
  },
];

function renderMenu() {
  // The menu's links are plain anchors; the root layout's body turns their clicks into navigations (plain-links.tsx).
  const Page = () => (
    <div onClick={usePlainLinkClicks()}>
      <SiteMenu items={MENU} />
      <h1>Page</h1>
    </div>
  );
  const Stub = createRoutesStub([
    { path: '/', Component: Page },
    { path: '/gold-charms', Component: Page },
    { path: '/rembrandt-charms', Component: Page },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('SiteMenu', () => {
  it('makes an item without children a plain link and one with children a closed dropdown button', () => {
    renderMenu();
    expect(within(nav()).getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/');
    const charms = within(nav()).getByRole('button', { name: 'CHARMS' });
    expect(charms).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(charms.getAttribute('aria-controls')!)).not.toHaveClass('is-open');
  });

  it('opens a dropdown on click and closes it with Escape, returning focus to its button', async () => {
    renderMenu();
    const charms = within(nav()).getByRole('button', { name: 'CHARMS' });
    await userEvent.click(charms);
    expect(charms).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(charms.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'Gold Charms' })).toHaveAttribute('href', '/gold-charms');
    within(panel).getByRole('link', { name: 'Gold Charms' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(charms).toHaveAttribute('aria-expanded', 'false');
    expect(charms).toHaveFocus();
  });

  it('opens with ArrowDown, moves with the arrow keys, and between top items with ArrowRight', async () => {
    renderMenu();
    const charms = within(nav()).getByRole('button', { name: 'CHARMS' });
    charms.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('link', { name: 'Rembrandt Charms' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Gold Charms' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('link', { name: 'PhotoArt Charms' })).toHaveFocus();
    await userEvent.keyboard('{Escape}{ArrowRight}');
    expect(within(nav()).getByRole('button', { name: 'CHARM CATEGORIES' })).toHaveFocus();
  });

  it('lays out more than 10 children in columns, with a link to the parent page first', async () => {
    renderMenu();
    const categories = within(nav()).getByRole('button', { name: 'CHARM CATEGORIES' });
    await userEvent.click(categories);
    const panel = document.getElementById(categories.getAttribute('aria-controls')!)!;
    expect(panel).toHaveClass('site-menu__panel--columns');
    expect(within(panel).getAllByRole('link')[0]).toHaveAttribute('href', '/categories');
    expect(within(panel).getAllByRole('link')).toHaveLength(12);
    const charmsPanel = document.getElementById(within(nav()).getByRole('button', { name: 'CHARMS' }).getAttribute('aria-controls')!)!;
    expect(charmsPanel).not.toHaveClass('site-menu__panel--columns');
  });

  it('collapses behind a toggle and closes after a navigation', async () => {
    renderMenu();
    const toggle = within(nav()).getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const charms = within(nav()).getByRole('button', { name: 'CHARMS' });
    await userEvent.click(charms);
    await userEvent.click(screen.getByRole('link', { name: 'Gold Charms' }));
    expect(within(nav()).getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).getByRole('button', { name: 'CHARMS' })).toHaveAttribute('aria-expanded', 'false');
  });
});

/** A wide screen with a mouse (or a phone, with matches false), as the menu asks matchMedia. */
function screenWithMouse(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches, media: query, addEventListener() {}, removeEventListener() {} }));
}

describe('SiteMenu: hover and pictures', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens a dropdown on hover and keeps it open while the pointer moves from the button into the panel', async () => {
    screenWithMouse(true);
    renderMenu();
    const charms = within(nav()).getByRole('button', { name: 'CHARMS' });
    await userEvent.hover(charms);
    expect(charms).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(charms.getAttribute('aria-controls')!)!;
    const gold = within(panel).getByRole('link', { name: 'Gold Charms' });
    fireEvent.pointerOut(charms, { pointerType: 'mouse', relatedTarget: gold });
    fireEvent.pointerOver(gold, { pointerType: 'mouse', relatedTarget: charms });
    await new Promise((resolve) => setTimeout(resolve, HOVER_CLOSE_DELAY_MS + 50));
    expect(charms).toHaveAttribute('aria-expanded', 'true');
    // A click on the button of a dropdown opened by hovering keeps it open.
    await userEvent.click(charms);
    expect(charms).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes a dropdown opened by hovering a moment after the pointer leaves it', async () => {
    screenWithMouse(true);
    renderMenu();
    const charms = within(nav()).getByRole('button', { name: 'CHARMS' });
    await userEvent.hover(charms);
    expect(charms).toHaveAttribute('aria-expanded', 'true');
    // The pointer moves from the button to the page below the menu.
    const page = screen.getByRole('heading', { name: 'Page' });
    fireEvent.pointerOut(charms, { pointerType: 'mouse', relatedTarget: page });
    fireEvent.pointerOver(page, { pointerType: 'mouse', relatedTarget: charms });
    expect(charms).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(charms).toHaveAttribute('aria-expanded', 'false'));
  });

  it('does not open on hover behind the phone toggle', async () => {
    screenWithMouse(false);
    renderMenu();
    const charms = within(nav()).getByRole('button', { name: 'CHARMS' });
    await userEvent.hover(charms);
    expect(charms).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows each child’s picture beside its name, decorative, sized and lazy; none for a name without one', async () => {
    renderMenu();
    const charms = within(nav()).getByRole('button', { name: 'CHARMS' });
    await userEvent.click(charms);
    const panel = document.getElementById(charms.getAttribute('aria-controls')!)!;
    const gold = within(panel).getByRole('link', { name: 'Gold Charms' });
    const picture = gold.querySelector('img')!;
    expect(picture).toHaveAttribute('src', '/art/v1/tile/14k-gold/heart.svg');
    expect(picture).toHaveAttribute('alt', '');
    expect(picture).toHaveAttribute('width', '44');
    expect(picture).toHaveAttribute('height', '44');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(within(panel).getByRole('link', { name: 'PhotoArt Charms' }).querySelector('img')).toBeNull();
    const categories = within(nav()).getByRole('button', { name: 'CHARM CATEGORIES' });
    expect(document.getElementById(categories.getAttribute('aria-controls')!)!.querySelector('img')).toBeNull();
  });
});
