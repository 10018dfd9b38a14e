import { readFileSync, readdirSync } from 'node:fs';

/**
 * What a server's processes cost, read from Linux's /proc: CPU time and resident memory, summed over a process and
 * all its descendants (a cluster's primary and its workers count as one shop). Where there is no /proc, undefined.
 */

/** Linux clock ticks (USER_HZ, 100 on Linux) in microseconds. */
export const tickMicros = 10_000;

/** The fields of /proc/<pid>/stat after the command name (which is in parentheses and may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The process and every process below it, found by each process's parent id. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [root];
  }
  for (const entry of entries) {
    const parent = Number(statFields(Number(entry))?.[1]);
    if (!Number.isNaN(parent)) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** A process's CPU time so far (user + system) in clock ticks; undefined where there is no /proc entry. */
export function processTicks(pid: number): number | undefined {
  const fields = statFields(pid);
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command name.
  return fields ? Number(fields[11]) + Number(fields[12]) : undefined;
}

/** The CPU time so far of a process and its descendants, in clock ticks. */
export function treeTicks(root: number): number | undefined {
  const ticks = processTree(root).map(processTicks);
  return ticks[0] === undefined ? undefined : ticks.reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

/** The CPU time so far of a process and its descendants (a cluster's primary and workers), all threads, in nanoseconds. */
export function treeCpuNs(pid: number): number {
  return processTree(pid).reduce((total, member) => total + processCpuNs(member), 0);
}

/** The CPU time so far of one process, all its threads, in nanoseconds (0 once it has ended). */
export function processCpuNs(pid: number): number {
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  let total = 0;
  for (const task of tasks) {
    try {
      // The first field: time spent on a CPU, in nanoseconds.
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return total;
}

/** A kilobyte figure of a /proc file ("VmRSS:   1234 kB"), in bytes. */
function procKilobytes(file: string, field: string): number | undefined {
  try {
    const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'))?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
  } catch {
    return undefined;
  }
}

function treeSum(root: number, size: (pid: number) => number | undefined): number | undefined {
  const sizes = processTree(root).map(size);
  return sizes[0] === undefined ? undefined : sizes.reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

/**
 * Resident memory of a process and its descendants, in bytes, each page counted once: the sum of their proportional
 * set sizes (Pss), where a page that n of them share (the Node binary and the libraries they all map) counts 1/n in
 * each. This is what the processes together
 * hold in RAM; summing their VmRSS (treeRssBytes) counts every shared page once per process.
 */
export const treeResidentBytes = (root: number): number | undefined => treeSum(root, (pid) => procKilobytes(`/proc/${pid}/smaps_rollup`, 'Pss'));

/** The VmRSS of a process and its descendants, summed, in bytes (shared pages counted once per process). */
export const treeRssBytes = (root: number): number | undefined => treeSum(root, (pid) => procKilobytes(`/proc/${pid}/status`, 'VmRSS'));
