import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** The key of the message a worker sends when it cannot start: its error, printed once by the primary. */
export const START_FAILED = 'charmsStartFailed';
/** Set in the environment of the worker that only prepares the database (see prepareDatabase). */
export const PREPARE_DATABASE = 'CHARMS_PREPARE_DATABASE';

/** A worker that ran this long before it died was stable: its replacement starts at once. */
const STABLE_AFTER_MS = 30_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker's own limit for finishing its requests is 10 s (closeOnSignals); past this, it is killed. */
const KILL_AFTER_MS = 15_000;
/**
 * Each half of a worker's young generation, in MB. V8 sizes it from the machine's memory (64 MB on a machine of 16 GB
 * or more: 128 MB of new space per worker, reserved at start and mostly empty); 16 MB, V8's size for smaller machines,
 * keeps about 100 MB less resident per worker for the same CPU per page (docs/decisions/0030-cluster.md).
 */
const WORKER_SEMI_SPACE_MB = 16;

/** The workers' Node options: the primary's, with a young generation of WORKER_SEMI_SPACE_MB unless one is set. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  // Node takes V8's options with dashes or underscores.
  const chosen = [...execArgv, nodeOptions].some((option) => /--max[-_]semi[-_]space[-_]size/.test(option));
  return chosen ? [...execArgv] : [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}

/**
 * How long to wait before replacing a worker that died, given how many died in a row, each soon after it started:
 * at once for the first, then 1 s, 2 s, 4 s ... up to 30 s, so that a crash at every start does not spin.
 */
export function restartDelay(failuresInARow: number): number {
  return failuresInARow <= 1 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (failuresInARow - 2));
}

interface WorkerState {
  startedAt: number;
  listening: boolean;
  /** Asked to stop (a restart replaced it, or the shop is stopping): its exit is expected. */
  retiring: boolean;
  exited: Promise<{ code: number | null; signal: string | null; reason: string }>;
}

export interface PrimaryOptions {
  workers: number;
  /** The configured port; 0 takes a free one, which later workers keep (see fork). */
  port: number;
  /** Where the database is, in words (db/location.ts). */
  database: string;
  log: Logger;
}

/**
 * The primary of the cluster: it serves nothing itself. It has the database prepared (prepareDatabase), forks the workers, each serving the whole shop on the same
 * port (Node's cluster hands each new connection to the workers in turn), and prints the start line once all listen.
 * - SIGHUP: a rolling restart, one worker at a time: a new one is forked, and only once it listens is the old one
 *   sent SIGTERM (it stops accepting, finishes its requests, closes its database pool and exits). New workers load
 *   the build from disk, so this is how a new build goes live without a refused request. A new worker that cannot
 *   start stops the restart and the old ones keep serving.
 * - SIGTERM or SIGINT: every worker is sent SIGTERM and drains; the primary exits 0 once all have exited cleanly.
 *   A second signal kills them at once.
 * - A worker that dies on its own is replaced, after a delay that grows while replacements keep dying (restartDelay).
 */
export async function runPrimary({ workers: wanted, port, database, log }: PrimaryOptions): Promise<void> {
  const workers = new Map<Worker, WorkerState>();
  let started = false;
  let stopping = false;
  let restarting = false;
  let restartAgain = false;
  let failuresInARow = 0;
  let replacementsDue = 0;
  const timers = new Set<NodeJS.Timeout>();
  // PORT=0: Node's cluster shares one listening socket among the workers that asked for port 0, so they all get the
  // same free port; but once none is left, the next listen(0) would get another one. So a worker forked while no
  // worker listens asks for the port the first one got.
  let listenPort = port;
  let openPort: number | undefined;

  const fork = (): Promise<Worker> => {
    const listeningNow = [...workers.values()].some((state) => state.listening);
    if (port === 0 && openPort !== undefined && !listeningNow) listenPort = openPort;
    const worker = cluster.fork({ PORT: String(listenPort) });
    const state: WorkerState = { startedAt: Date.now(), listening: false, retiring: false, exited: exitOf(worker) };
    workers.set(worker, state);
    // A message to a worker that has just died fails with an 'error' event, which would end the primary unheard.
    worker.on('error', (error) => log.warn({ err: error, pid: worker.process.pid }, 'could not reach a worker'));
    return new Promise((resolve, reject) => {
      worker.once('listening', (address: { port: number }) => {
        state.listening = true;
        openPort ??= address.port;
        resolve(worker);
      });
      // After it listened, this changes nothing (a promise settles once): the exit handler below takes over.
      void state.exited.then(({ reason }) => reject(new Error(reason)));
    });
  };

  /**
   * SIGTERM to the worker (once: a second one would cut its requests short), SIGKILL if it has not exited in time;
   * resolves with whether it ended cleanly.
   */
  const retire = async (worker: Worker): Promise<boolean> => {
    const state = workers.get(worker);
    if (!state) return true;
    if (!state.retiring) {
      state.retiring = true;
      const kill = setTimeout(() => {
        log.error({ pid: worker.process.pid }, 'a worker did not finish its requests in time; killed');
        worker.process.kill('SIGKILL');
      }, KILL_AFTER_MS);
      void state.exited.then(() => clearTimeout(kill));
      worker.process.kill('SIGTERM');
    }
    const { code } = await state.exited;
    // Still starting when asked to stop: it had nothing to finish, however it ended.
    return code === 0 || !state.listening;
  };

  /** Forks what is missing from the wanted number of workers (those starting count; those retiring do not). */
  const replaceMissing = () => {
    const serving = [...workers.values()].filter((state) => !state.retiring).length;
    for (let missing = wanted - serving - replacementsDue; missing > 0; missing -= 1) {
      const delay = restartDelay(failuresInARow);
      replacementsDue += 1;
      log.warn({ inMs: delay }, 'starting a worker in place of one that stopped');
      const timer = setTimeout(() => {
        timers.delete(timer);
        replacementsDue -= 1;
        if (stopping) return;
        // The exit handler starts the next attempt.
        fork().catch((error: Error) => log.error({ reason: error.message }, 'a new worker could not start'));
      }, delay);
      timers.add(timer);
    }
  };

  cluster.on('exit', (worker, code, signal) => {
    const state = workers.get(worker);
    workers.delete(worker);
    if (!state || state.retiring || stopping || !started) return;
    failuresInARow = Date.now() - state.startedAt >= STABLE_AFTER_MS ? 1 : failuresInARow + 1;
    log.error({ pid: worker.process.pid, code, signal }, 'a worker stopped unexpectedly');
    replaceMissing();
  });

  const restart = async () => {
    if (stopping) return;
    if (!started) {
      log.warn('SIGHUP ignored: the workers are still starting');
      return;
    }
    if (restarting) {
      restartAgain = true;
      log.info('SIGHUP during a restart: another restart follows it');
      return;
    }
    restarting = true;
    log.info({ workers: workers.size }, 'SIGHUP: replacing the workers one at a time');
    let complete = true;
    for (const previous of [...workers.keys()]) {
      if (stopping) break;
      if (!workers.has(previous) || workers.get(previous)!.retiring) continue;
      try {
        await fork();
      } catch (error) {
        if (stopping) break;
        log.error({ reason: (error as Error).message }, 'a new worker could not start: the restart stops here and the running workers keep serving');
        complete = false;
        replaceMissing();
        break;
      }
      await retire(previous);
    }
    restarting = false;
    if (complete && !stopping) log.info({ workers: workers.size }, 'restart complete');
    if (restartAgain && complete) {
      restartAgain = false;
      await restart();
    }
  };

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: the workers are killed');
      for (const worker of workers.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    log.info({ signal, workers: workers.size }, 'shutting down: every worker finishes its requests');
    const clean = await Promise.all([...workers.keys()].map(retire));
    process.exit(clean.every(Boolean) ? 0 : 1);
  };

  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGHUP', () => void restart());

  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  const unprepared = await prepareDatabase();
  if (stopping) return;
  if (unprepared) {
    console.error(unprepared);
    process.exit(1);
  }
  const results = await Promise.allSettled(Array.from({ length: wanted }, fork));
  // Stopped while starting: stop() exits once the workers have.
  if (stopping) return;
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    console.error(failed.reason instanceof Error ? failed.reason.message : failed.reason);
    stopping = true;
    await Promise.all([...workers.keys()].map(retire));
    process.exit(1);
  }
  started = true;
  log.info({ workers: wanted }, 'the workers serve the shop: SIGHUP to this process replaces them one at a time, SIGTERM stops them');
  // Printed plainly (not only logged) so a person, and the end-to-end tests, can see where the shop is: once, when
  // every worker serves.
  console.log(`The shop is open at http://localhost:${openPort} (database: ${database}, ${wanted} worker ${wanted === 1 ? 'process' : 'processes'})`);
}

/**
 * Migrations and the seed run once, in a worker of their own, before any other starts: a database that cannot be
 * reached or migrated stops the start with one message, workers never seed an empty database at once, and the
 * primary never loads the database's modules (they would stay in its memory for nothing). Each serving worker
 * migrates again (under the migrations' advisory lock), which finds nothing to do, or, in a rolling restart onto
 * a new build, applies that build's migrations. Resolves with the reason it failed, if it did.
 */
async function prepareDatabase(): Promise<string | undefined> {
  const { code, reason } = await exitOf(cluster.fork({ [PREPARE_DATABASE]: '1' }));
  return code === 0 ? undefined : reason;
}

/** How the worker ended: its exit code and signal, and the reason it sent (START_FAILED), else those in words. */
function exitOf(worker: Worker): Promise<{ code: number | null; signal: string | null; reason: string }> {
  let reason: string | undefined;
  worker.on('message', (message: unknown) => {
    if (message && typeof message === 'object' && START_FAILED in message) reason = String(message[START_FAILED]);
  });
  return new Promise((resolve) => {
    worker.once('exit', (code, signal) => {
      const done = () => resolve({ code, signal, reason: reason ?? `A worker exited (${signal ?? `code ${code}`}) before it could serve.` });
      // Its last message may still be in the channel when the exit is seen: the channel's end comes after it.
      if (worker.isConnected()) worker.once('disconnect', done);
      else done();
    });
  });
}
