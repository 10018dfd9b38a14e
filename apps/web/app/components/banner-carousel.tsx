import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

export interface BannerSlide {
  id: string;
  href: string;
  heading: string;
  text: string;
  imageUrl: string;
}

interface CarouselProps {
  slides: readonly BannerSlide[];
  delayMs: number;
  fadeMs: number;
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** How long before a slide shows its picture starts loading. */
export const PICTURE_LEAD_MS = 1500;

/**
 * The home banner (WAI carousel pattern): one slide at a time, fading; advances every `delayMs` and loops;
 * pauses while hovered or focused, while the tab is hidden, and when the shopper presses Pause (WCAG 2.2.2).
 * Left/Right arrow keys and the buttons change slides. With reduced motion it neither rotates nor fades.
 *
 * Only the first slide's picture loads with the page: a hidden slide's picture is `display: none` until its slide
 * is `is-loaded` (app.css), which it becomes `PICTURE_LEAD_MS` before the rotation shows it, as soon as the shopper
 * points at or focuses the banner (for the slides either side), or when it shows. Each picture is an SVG document
 * that the main thread of Lighthouse's emulated phone took 20-54 ms to build, and the page was building all four while it hydrated
 * (docs/decisions/0054-pictures-when-they-show.md).
 */
export function BannerCarousel({ slides, delayMs, fadeMs }: CarouselProps) {
  const [current, setCurrent] = useState(0);
  // null: the default, which is playing unless the shopper prefers reduced motion.
  const [pausedChoice, setPausedChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [reduced, setReduced] = useState(false);
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set([0]));
  const rootRef = useRef<HTMLElement>(null);
  const count = slides.length;

  const go = useCallback((step: number) => setCurrent((index) => (index + step + count) % count), [count]);
  const load = useCallback(
    (...indexes: number[]) => setLoaded((before) => (indexes.every((index) => before.has(index)) ? before : new Set([...before, ...indexes]))),
    [],
  );

  useEffect(() => {
    setReduced(prefersReducedMotion());
    const onVisibility = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const paused = pausedChoice ?? reduced;
  const rotating = !paused && !hovered && !focused && !hidden && count > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => go(1), delayMs);
    const picture = setTimeout(() => load((current + 1) % count), Math.max(0, delayMs - PICTURE_LEAD_MS));
    return () => {
      clearTimeout(timer);
      clearTimeout(picture);
    };
  }, [rotating, current, delayMs, go, load, count]);

  // A shopper pointing at or in the banner (focus comes in onFocus) may turn it either way.
  useEffect(() => {
    if (hovered || focused) load((current + 1) % count, (current - 1 + count) % count);
  }, [hovered, focused, current, count, load]);

  return (
    <section
      ref={rootRef}
      className="banner"
      aria-roledescription="carousel"
      aria-label="Featured charms"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Focus on a slide's link pauses; focus on the controls does not, so Play works with the keyboard.
      onFocus={(event) => {
        load((current + 1) % count, (current - 1 + count) % count);
        setFocused((event.target as HTMLElement).closest('.banner__slides') !== null);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
        else return;
        event.preventDefault();
      }}
      style={{ '--banner-fade': `${reduced ? 0 : fadeMs}ms` } as React.CSSProperties}
    >
      <div className="banner__slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => {
          const active = index === current;
          return (
            <div
              key={slide.id}
              className={`banner__slide${active ? ' is-active' : ''}${active || loaded.has(index) ? ' is-loaded' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}: ${slide.heading}`}
              aria-hidden={active ? undefined : true}
              inert={!active}
            >
              <Link to={slide.href} className="banner__link">
                <img
                  src={slide.imageUrl}
                  alt=""
                  width={1200}
                  height={480}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  className="banner__image"
                />
                <span className="banner__text">
                  <span className="banner__heading">{slide.heading}</span>
                  <span className="banner__body">{slide.text}</span>
                  <span className="banner__cta">Shop now</span>
                </span>
              </Link>
            </div>
          );
        })}
      </div>
      <div className="banner__controls">
        <button type="button" className="banner__button" onClick={() => setPausedChoice(!paused)}>
          {paused ? 'Play' : 'Pause'}
          <span className="visually-hidden"> slide rotation</span>
        </button>
        <button type="button" className="banner__button" onClick={() => go(-1)} aria-label="Previous slide">
          <span aria-hidden="true">‹</span>
        </button>
        <span className="banner__position" aria-hidden="true">
          {current + 1} / {count}
        </span>
        <button type="button" className="banner__button" onClick={() => go(1)} aria-label="Next slide">
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
