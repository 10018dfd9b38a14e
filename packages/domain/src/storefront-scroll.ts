/** The scroll-to-top button appears past 2 viewport heights on screens wider than 1024 px, else past 1. */
export const WIDE_SCREEN_MIN_WIDTH = 1024;
export const RESIZE_DEBOUNCE_MS = 100;

export function scrollButtonThreshold(viewportWidth: number, viewportHeight: number): number {
  return viewportWidth > WIDE_SCREEN_MIN_WIDTH ? 2 * viewportHeight : viewportHeight;
}

export function showScrollButton(scrollY: number, viewportWidth: number, viewportHeight: number): boolean {
  return scrollY > scrollButtonThreshold(viewportWidth, viewportHeight);
}
