import { useEffect, useState } from 'react';

/** "Order in the next 2 h 13 min for same-day engraving and shipping"; null when the cutoff has passed. */
export function sameDayCountdownText(minutes: number | null): string | null {
  if (minutes === null || !Number.isFinite(minutes) || minutes <= 0) return null;
  const hours = Math.floor(minutes / 60);
  const rest = Math.floor(minutes % 60);
  const parts = [hours > 0 ? `${hours} h` : '', rest > 0 ? `${rest} min` : ''].filter(Boolean).join(' ');
  return `Order in the next ${parts} for same-day engraving and shipping`;
}

/**
 * The same-day countdown before the store's cutoff (the API's `sameDayCutoffMinutes`, from the store settings). With JavaScript it counts
 * down each minute and disappears at the cutoff; it is not a live region, so screen readers are not interrupted.
 */
export function SameDayCountdown({ minutes, tickMs = 60_000 }: { minutes: number | null; tickMs?: number }) {
  const [left, setLeft] = useState(minutes);
  useEffect(() => {
    setLeft(minutes);
    if (minutes === null || minutes <= 0) return;
    const timer = setInterval(() => setLeft((value) => (value === null ? null : value - 1)), tickMs);
    return () => clearInterval(timer);
  }, [minutes, tickMs]);
  const text = sameDayCountdownText(left);
  if (!text) return null;
  return (
    <p className="bag-countdown">
      <ClockIcon /> {text}
    </p>
  );
}

/** A stopwatch drawn in SVG: an emoji would show as an empty box where no emoji font is installed. */
function ClockIcon() {
  return (
    <svg className="bag-countdown__icon" aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2.5M10 2h4M12 2v3" />
    </svg>
  );
}
