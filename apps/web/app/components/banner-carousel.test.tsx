import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerCarousel, PICTURE_LEAD_MS } from './banner-carousel';

const slides = ['One', 'Two', 'Three', 'Four'].map((heading, index) => ({
  id: `s${index}`,
  href: `/${heading.toLowerCase()}`,
  heading,
  text: `${heading} text`,
  imageUrl: `/art/banner/s${index}.svg`,
}));

function renderCarousel() {
  const Stub = createRoutesStub([{ path: '/', Component: () => <BannerCarousel slides={slides} delayMs={4000} fadeMs={400} /> }]);
  render(<Stub initialEntries={['/']} />);
  return screen.getByRole('region', { name: 'Featured charms' });
}

const current = () => screen.getAllByRole('group', { hidden: true }).find((slide) => !slide.hasAttribute('aria-hidden'))!;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('BannerCarousel', () => {
  it('shows one slide, moves on every 4 seconds and loops', () => {
    renderCarousel();
    expect(current()).toHaveAccessibleName('1 of 4: One');
    wait(3999);
    expect(current()).toHaveAccessibleName('1 of 4: One');
    wait(1);
    expect(current()).toHaveAccessibleName('2 of 4: Two');
    for (const _ of [2, 3, 4]) wait(4000);
    expect(current()).toHaveAccessibleName('1 of 4: One');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    const banner = renderCarousel();
    fireEvent.mouseEnter(banner);
    wait(10000);
    expect(current()).toHaveAccessibleName('1 of 4: One');
    fireEvent.mouseLeave(banner);
    wait(4000);
    expect(current()).toHaveAccessibleName('2 of 4: Two');
  });

  it('pauses while the tab is hidden', () => {
    renderCarousel();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    fireEvent(document, new Event('visibilitychange'));
    wait(10000);
    expect(current()).toHaveAccessibleName('1 of 4: One');
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    fireEvent(document, new Event('visibilitychange'));
    wait(4000);
    expect(current()).toHaveAccessibleName('2 of 4: Two');
  });

  it('moves with the arrow keys and the buttons, and stops with Pause', () => {
    const banner = renderCarousel();
    fireEvent.keyDown(banner, { key: 'ArrowLeft' });
    expect(current()).toHaveAccessibleName('4 of 4: Four');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toHaveAccessibleName('1 of 4: One');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toHaveAccessibleName('4 of 4: Four');
    fireEvent.click(screen.getByRole('button', { name: /Pause/ }));
    wait(10000);
    expect(current()).toHaveAccessibleName('4 of 4: Four');
    expect(screen.getByRole('button', { name: /Play/ })).toBeVisible();
  });

  it('keeps hidden slides out of the tab order', () => {
    renderCarousel();
    const hidden = screen.getAllByRole('group', { hidden: true }).filter((slide) => slide.hasAttribute('aria-hidden'));
    expect(hidden).toHaveLength(3);
    for (const slide of hidden) expect(slide).toHaveAttribute('inert');
  });

  describe("the slides' pictures", () => {
    // app.css leaves a slide's picture out of the page (display: none, so the lazy image is not fetched) until the
    // slide is marked is-loaded.
    const withPicture = () =>
      screen
        .getAllByRole('group', { hidden: true })
        .filter((slide) => slide.classList.contains('is-loaded'))
        .map((slide) => slide.getAttribute('aria-label')!.split(':')[0]);

    it('loads only the first with the page, and each next one shortly before the rotation shows it', () => {
      renderCarousel();
      expect(withPicture()).toEqual(['1 of 4']);
      wait(4000 - PICTURE_LEAD_MS - 1);
      expect(withPicture()).toEqual(['1 of 4']);
      wait(1);
      expect(withPicture()).toEqual(['1 of 4', '2 of 4']);
      wait(PICTURE_LEAD_MS);
      expect(current()).toHaveAccessibleName('2 of 4: Two');
      wait(4000);
      expect(withPicture()).toEqual(['1 of 4', '2 of 4', '3 of 4']);
    });

    it('loads the slides either side when the shopper points at or moves into the banner, and any slide shown', () => {
      const banner = renderCarousel();
      fireEvent.mouseEnter(banner);
      expect(withPicture()).toEqual(['1 of 4', '2 of 4', '4 of 4']);
      fireEvent.mouseLeave(banner);
      fireEvent.click(screen.getByRole('button', { name: /Pause/ }));
      fireEvent.keyDown(banner, { key: 'ArrowLeft' });
      fireEvent.keyDown(banner, { key: 'ArrowLeft' });
      expect(current()).toHaveAccessibleName('3 of 4: Three');
      expect(withPicture()).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    });

    it("loads the slides either side when the keyboard reaches the banner's buttons", () => {
      renderCarousel();
      fireEvent.focus(screen.getByRole('button', { name: 'Next slide' }));
      expect(withPicture()).toEqual(['1 of 4', '2 of 4', '4 of 4']);
    });

    it('loads none but the first while paused', () => {
      renderCarousel();
      fireEvent.click(screen.getByRole('button', { name: /Pause/ }));
      wait(20000);
      expect(withPicture()).toEqual(['1 of 4']);
    });
  });
});
