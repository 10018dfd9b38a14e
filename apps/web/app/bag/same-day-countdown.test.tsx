import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SameDayCountdown, sameDayCountdownText } from './same-day-countdown';

describe('sameDayCountdownText', () => {
  it('says hours and minutes left before noon Central', () => {
    expect(sameDayCountdownText(133)).toBe('Order in the next 2 h 13 min for same-day engraving and shipping');
    expect(sameDayCountdownText(120)).toBe('Order in the next 2 h for same-day engraving and shipping');
    expect(sameDayCountdownText(45)).toBe('Order in the next 45 min for same-day engraving and shipping');
    expect(sameDayCountdownText(1)).toBe('Order in the next 1 min for same-day engraving and shipping');
  });

  it('is nothing after the cutoff', () => {
    expect(sameDayCountdownText(null)).toBeNull();
    expect(sameDayCountdownText(0)).toBeNull();
    expect(sameDayCountdownText(-5)).toBeNull();
  });
});

describe('SameDayCountdown', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down each minute and disappears at the cutoff', () => {
    vi.useFakeTimers();
    const { container } = render(<SameDayCountdown minutes={2} />);
    expect(screen.getByText(/Order in the next 2 min/)).toBeVisible();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText(/Order in the next 1 min/)).toBeVisible();
    act(() => vi.advanceTimersByTime(60_000));
    expect(container).toBeEmptyDOMElement();
  });

  it('draws its clock as an SVG hidden from screen readers, not an emoji that shows as a box without an emoji font', () => {
    const { container } = render(<SameDayCountdown minutes={90} />);
    const countdown = screen.getByText(/Order in the next 1 h 30 min/);
    expect(countdown.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    const icon = container.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
  });

  it('is hidden when the API says the cutoff has passed', () => {
    const { container } = render(<SameDayCountdown minutes={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
