import { RESIZE_DEBOUNCE_MS, showScrollButton } from '@charms/domain/storefront-scroll';
import { useEffect, useState } from 'react';

/** Appears past 2 viewport heights on wide screens (1 on others) and scrolls smoothly back to the top. */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let viewport = { width: window.innerWidth, height: window.innerHeight };
    const update = () => setVisible(showScrollButton(window.scrollY, viewport.width, viewport.height));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        viewport = { width: window.innerWidth, height: window.innerHeight };
        update();
      }, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', onResize);
    update();
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-to-top"
      onClick={() => {
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span> Back to top
    </button>
  );
}
