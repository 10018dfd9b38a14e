import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTopButton } from './scroll-to-top';

function setViewport(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

const button = () => screen.queryByRole('button', { name: /Back to top/ });

afterEach(() => {
  vi.useRealTimers();
  scrollTo(0);
});

describe('ScrollToTopButton', () => {
  it('appears past two viewport heights on a wide screen', () => {
    setViewport(1280, 800);
    render(<ScrollToTopButton />);
    scrollTo(1500);
    expect(button()).toBeNull();
    scrollTo(1700);
    expect(button()).toBeVisible();
  });

  it('appears past one viewport height on a narrower screen', () => {
    setViewport(800, 900);
    render(<ScrollToTopButton />);
    scrollTo(950);
    expect(button()).toBeVisible();
  });

  it('follows a resize only after it settles for 100 ms', () => {
    vi.useFakeTimers();
    setViewport(1280, 800);
    render(<ScrollToTopButton />);
    scrollTo(1000);
    expect(button()).toBeNull();
    setViewport(800, 800);
    fireEvent(window, new Event('resize'));
    act(() => vi.advanceTimersByTime(99));
    expect(button()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(button()).toBeVisible();
  });

  it('scrolls smoothly to the top', () => {
    setViewport(800, 600);
    const scroll = vi.fn();
    window.scrollTo = scroll as unknown as typeof window.scrollTo;
    render(<ScrollToTopButton />);
    scrollTo(2000);
    fireEvent.click(button()!);
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
