import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/**
 * What a process tree looks like from outside, read from Linux's /proc: no pid or worker id ever comes from the shop.
 */

/** The processes whose parent is `pid` (the cluster's workers, for its primary). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command name (which may hold spaces and parentheses): state, then the parent's pid.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
      if (Number(fields[1]) === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children.sort((a, b) => a - b);
}

/**
 * For each of `pids`, how many of the established TCP connections to `port` on this machine it holds: the process
 * that holds a connection's socket is the one that reads its requests and answers them.
 */
export function connectionsHeldBy(pids: number[], port: number): Map<number, number> {
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // local address, remote address, state (01: established), ..., inode (the tenth field).
    if (fields[1]?.endsWith(portHex) && fields[3] === '01') inodes.add(fields[9]!);
  }
  const held = new Map<number, number>();
  for (const pid of pids) {
    let count = 0;
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) count += 1;
      } catch {
        // Closed meanwhile.
      }
    }
    held.set(pid, count);
  }
  return held;
}
