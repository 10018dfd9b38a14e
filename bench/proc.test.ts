import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { processTree, treeCpuNs, treeResidentBytes, treeRssBytes, treeTicks } from './proc';

/**
 * A parent whose child burns 300 ms of CPU and holds 64 MB, as a cluster's worker does beside its primary. The child
 * counts CPU time, not wall time: on a busy machine (CI runs tests in parallel) 300 ms of wall time is less CPU.
 */
const parent = spawn(
  process.execPath,
  [
    '-e',
    `const child = require('node:child_process').spawn(process.execPath, ['-e', 'const held = Buffer.alloc(64 * 2 ** 20, 1); const start = process.cpuUsage(); while (process.cpuUsage(start).user + process.cpuUsage(start).system < 300000); console.log("ready"); setInterval(() => held[0]++, 1000)'], { stdio: ['ignore', 'pipe', 'inherit'] });
     child.stdout.on('data', () => console.log('child ' + child.pid));
     process.on('SIGTERM', () => { child.kill(); process.exit(); });
     setInterval(() => {}, 1000);`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const childPid = new Promise<number>((resolve) => parent.stdout!.on('data', (chunk: Buffer) => resolve(Number(/child (\d+)/.exec(chunk.toString())?.[1]))));

afterAll(() => {
  parent.kill('SIGTERM');
});

// Skipped only where there is no /proc (macOS, Windows): the bench reads Linux's /proc, and reports nothing without it.
describe.skipIf(!existsSync('/proc/self/stat'))('a process tree read from /proc', () => {
  it('holds the process and its child, and sums their memory and CPU', async () => {
    const child = await childPid;
    expect(processTree(parent.pid!)).toEqual([parent.pid, child]);
    const [whole, alone] = [treeRssBytes(parent.pid!)!, treeRssBytes(child)!];
    expect(alone).toBeGreaterThan(64 * 2 ** 20);
    expect(whole).toBeGreaterThan(alone);
    expect(treeTicks(parent.pid!)).toBeGreaterThanOrEqual(treeTicks(child)! + 1);
    // The same CPU time in nanoseconds: the child's 300 ms of work, and the tree holds at least that.
    expect(treeCpuNs(child)).toBeGreaterThan(250e6);
    expect(treeCpuNs(parent.pid!)).toBeGreaterThan(treeCpuNs(child));
  });

  it('counts the pages parent and child share once: less than their RSS summed, yet all the child holds', async () => {
    const child = await childPid;
    const [resident, summed] = [treeResidentBytes(parent.pid!)!, treeRssBytes(parent.pid!)!];
    expect(resident).toBeGreaterThan(64 * 2 ** 20);
    expect(resident).toBeLessThan(summed);
  });

  it('reads nothing for a process that is not there', () => {
    expect(treeRssBytes(2 ** 22 + 1)).toBeUndefined();
    expect(treeResidentBytes(2 ** 22 + 1)).toBeUndefined();
  });
});
