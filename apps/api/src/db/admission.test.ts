import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error';
import { admission } from './admission';

/** A run that lasts until `finish` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { finish, work: () => done };
}

const refusedBusy = (error: unknown) => error instanceof HttpError && error.statusCode === 503 && error.code === 'SERVICE_UNAVAILABLE';

describe('admission', () => {
  it('runs at most its slots at once, and the others in the order they came as slots free', async () => {
    const gate = admission({ slots: 2, maxWaiting: 10, maxWaitMs: 60_000 });
    const runs = [held(), held(), held(), held()];
    const started: number[] = [];
    const all = runs.map((run, index) => gate.run(() => (started.push(index), run.work())));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    runs[1]!.finish();
    await all[1];
    expect(started).toEqual([0, 1, 2]);
    runs[0]!.finish();
    await all[0];
    expect(started).toEqual([0, 1, 2, 3]);
    runs[2]!.finish();
    runs[3]!.finish();
    await Promise.all(all);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a run that fails, and passes its error on', async () => {
    const gate = admission({ slots: 1, maxWaiting: 10, maxWaitMs: 60_000 });
    await expect(gate.run(() => Promise.reject(new Error('the statement failed')))).rejects.toThrow('the statement failed');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with 503 at once when the queue is full, and a run that waited past its time', async () => {
    const gate = admission({ slots: 1, maxWaiting: 1, maxWaitMs: 20 });
    const first = held();
    const running = gate.run(first.work);
    const waiting = gate.run(async () => 'never');
    const refused = await gate.run(async () => 'never').catch((error: unknown) => error);
    expect(refusedBusy(refused)).toBe(true);
    // The waiting run's time passes while the slot is held: refused, and it left the queue.
    expect(refusedBusy(await waiting.catch((error: unknown) => error))).toBe(true);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    first.finish();
    await running;
    await expect(gate.run(async () => 'now')).resolves.toBe('now');
  });
});
