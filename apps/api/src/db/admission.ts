import { serviceUnavailable } from '../http-error';

/**
 * At most `slots` runs at once; the others wait their turn, first come first served, for at most `maxWaitMs`, and no
 * more than `maxWaiting` of them: a run that would wait longer, or find the queue full, is refused at once with 503
 * `SERVICE_UNAVAILABLE` (Retry-After), as a pool with no free connection answers after its own 5 s.
 *
 * For the searches of one process (decision 0052): they share the catalog reads' connections with listings and
 * product pages, and this keeps a flood of dear searches to a few of them. A process's own limit, not a shared one:
 * what it bounds is this process's connections.
 */
export function admission({ slots, maxWaiting, maxWaitMs }: { slots: number; maxWaiting: number; maxWaitMs: number }) {
  let running = 0;
  const waiting: Array<{ admit: () => void; refuse: () => void }> = [];

  const next = () => {
    running -= 1;
    waiting.shift()?.admit();
  };

  const turn = (): Promise<void> => {
    if (running < slots) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= maxWaiting) return Promise.reject(serviceUnavailable());
    return new Promise<void>((resolve, reject) => {
      const entry = {
        admit: () => {
          clearTimeout(timer);
          running += 1;
          resolve();
        },
        refuse: () => reject(serviceUnavailable()),
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        entry.refuse();
      }, maxWaitMs);
      waiting.push(entry);
    });
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      await turn();
      try {
        return await work();
      } finally {
        next();
      }
    },
    /** Runs under way and runs waiting, for tests and diagnostics. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

export type Admission = ReturnType<typeof admission>;
