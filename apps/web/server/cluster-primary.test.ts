import { describe, expect, it } from 'vitest';
import { restartDelay, workerExecArgv } from './cluster-primary';

describe("the workers' Node options", () => {
  it("are the primary's, with a 16 MB young generation half", () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual(['--enable-source-maps', '--max-semi-space-size=16']);
  });

  it('keep a young generation size the operator chose, on the command line or in NODE_OPTIONS', () => {
    expect(workerExecArgv(['--max-semi-space-size=64'])).toEqual(['--max-semi-space-size=64']);
    expect(workerExecArgv([], '--max-old-space-size=512 --max-semi-space-size=4')).toEqual([]);
    expect(workerExecArgv([], '--max_semi_space_size=64')).toEqual([]);
  });
});

describe('replacing a worker that keeps dying', () => {
  it('waits longer after each failure in a row, up to 30 s', () => {
    expect([1, 2, 3, 4, 7, 20].map(restartDelay)).toEqual([0, 1000, 2000, 4000, 30_000, 30_000]);
  });
});
