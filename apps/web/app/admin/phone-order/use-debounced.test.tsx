import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from './use-debounced';

function Typing({ onQuote }: { onQuote: () => void }) {
  const schedule = useDebounced(onQuote, 400);
  return <input aria-label="Quantity" onChange={schedule} />;
}

describe('the quote’s debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once, after staff stop typing, not once per key', () => {
    const onQuote = vi.fn();
    render(<Typing onQuote={onQuote} />);
    const input = screen.getByLabelText('Quantity');
    for (const value of ['1', '12', '123']) {
      fireEvent.change(input, { target: { value } });
      act(() => vi.advanceTimersByTime(200));
    }
    expect(onQuote).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(400));
    expect(onQuote).toHaveBeenCalledTimes(1);
  });

  it('drops a pending quote when the page goes', () => {
    const onQuote = vi.fn();
    const { unmount } = render(<Typing onQuote={onQuote} />);
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    act(() => vi.advanceTimersByTime(399));
    expect(onQuote).not.toHaveBeenCalled();
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(onQuote).not.toHaveBeenCalled();
  });
});
