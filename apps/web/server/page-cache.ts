/** What the cache needs to know of an entry: its size in memory and the instant it must no longer be served. */
export interface Sized {
  bytes: number;
  expiresAt: number;
}

/**
 * A bounded in-process store of rendered pages, by total bytes, least recently used out first.
 *
 * Segmented: a new entry starts on probation, and moves to the protected part (at most 80% of the bytes) when it is
 * asked for again. Eviction takes the least recently used entry on probation first, so a stream of one-off keys (an
 * attacker's fresh query strings, a crawler's walk) only churns the probation part and never pushes out the pages
 * shoppers keep asking for.
 *
 * `drop()` forgets everything and starts a new generation: a render begun before it is not stored after it, and a
 * request arriving after it does not wait for such a render (`once`).
 */
export class PageCache<T extends Sized> {
  private trial = new Map<string, T>();
  private kept = new Map<string, T>();
  private trialBytes = 0;
  private keptBytes = 0;
  private rendering = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(
    readonly maxBytes: number,
    /** The largest entry kept: a page larger than this is served, not stored. */
    readonly maxEntryBytes = Math.floor(maxBytes / 8),
    private readonly protectedShare = 0.8,
  ) {}

  get bytes(): number {
    return this.trialBytes + this.keptBytes;
  }

  get size(): number {
    return this.trial.size + this.kept.size;
  }

  /** The entry for `key` while it is fresh at `now`; asking marks it recently used (and protects it). */
  get(key: string, now: number): T | undefined {
    const kept = this.kept.get(key);
    if (kept) {
      if (kept.expiresAt <= now) return this.forget(key);
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const trial = this.trial.get(key);
    if (!trial) return undefined;
    if (trial.expiresAt <= now) return this.forget(key);
    this.trial.delete(key);
    this.trialBytes -= trial.bytes;
    this.kept.set(key, trial);
    this.keptBytes += trial.bytes;
    // The protected part keeps its share: its least recently used go back on probation (most recent end).
    for (const [oldKey, old] of this.kept) {
      if (this.keptBytes <= this.maxBytes * this.protectedShare) break;
      this.kept.delete(oldKey);
      this.keptBytes -= old.bytes;
      this.trial.set(oldKey, old);
      this.trialBytes += old.bytes;
    }
    return trial;
  }

  /** Keeps an entry (on probation), then evicts until the total fits. An entry too large is not kept. */
  set(key: string, entry: T): void {
    this.forget(key);
    if (entry.bytes > this.maxEntryBytes) return;
    this.trial.set(key, entry);
    this.trialBytes += entry.bytes;
    while (this.bytes > this.maxBytes) this.evictOne();
  }

  /** An entry kept here grew by `bytes` (a coding made for it): counted, and the total kept within bounds. */
  grew(key: string, entry: T, bytes: number): void {
    if (this.kept.get(key) === entry) this.keptBytes += bytes;
    else if (this.trial.get(key) === entry) this.trialBytes += bytes;
    else return;
    while (this.bytes > this.maxBytes) this.evictOne();
  }

  drop(): void {
    this.trial.clear();
    this.kept.clear();
    this.trialBytes = 0;
    this.keptBytes = 0;
    this.rendering.clear();
    this.generation++;
  }

  /**
   * Runs `render` once for concurrent callers of the same key; `store` keeps what it made unless the cache was dropped
   * meanwhile (the render may have read data from before the change).
   */
  once<R>(key: string, render: () => Promise<R>, store: (result: R) => T | undefined): Promise<R> {
    const running = this.rendering.get(key) as Promise<R> | undefined;
    if (running) return running;
    const generation = this.generation;
    const result = render().then((made) => {
      const entry = store(made);
      if (entry && generation === this.generation) this.set(key, entry);
      return made;
    });
    const shared = result.finally(() => {
      if (this.rendering.get(key) === shared) this.rendering.delete(key);
    });
    this.rendering.set(key, shared);
    return shared;
  }

  private evictOne(): void {
    const [key] = this.trial.size > 0 ? this.trial.keys() : this.kept.keys();
    if (key !== undefined) this.forget(key);
  }

  private forget(key: string): undefined {
    const trial = this.trial.get(key);
    if (trial) {
      this.trial.delete(key);
      this.trialBytes -= trial.bytes;
    }
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.keptBytes -= kept.bytes;
    }
    return undefined;
  }
}
