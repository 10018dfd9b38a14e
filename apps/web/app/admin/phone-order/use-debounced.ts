import { useCallback, useEffect, useRef } from 'react';

/**
 * `callback`, run once `delayMs` after the last of a burst of calls (a quote after staff stop typing, not one per
 * key). The latest callback is the one run; a pending run is dropped when the component goes.
 */
export function useDebounced(callback: () => void, delayMs: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), delayMs);
  }, [delayMs]);
}
