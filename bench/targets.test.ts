import { describe, expect, it } from 'vitest';
import { check, checkRow, cpuAtMost, p99Below, ratioAtLeastHalf, rssBelow } from './targets';

const row = { name: 'page home (cached)', requestsPerSecond: 900, p50: 20, p99: 140, failures: 0, ratio: 0.1, serverCpuMicros: 2500 };

describe('a figure beside its target', () => {
  it('says met, with the figure', () => {
    expect(checkRow(cpuAtMost(3), row)).toEqual({ met: true, text: 'met (2.5 ms)' });
  });

  it('says by how much a missed target is missed: short of a minimum, over a maximum', () => {
    expect(checkRow(ratioAtLeastHalf, row)).toEqual({ met: false, text: '**missed**: 0.10, 0.40 short (5.0x)' });
    expect(checkRow(p99Below(100), row)).toEqual({ met: false, text: '**missed**: 140 ms, 40 ms over (1.4x)' });
    expect(check(rssBelow(400), 500 * 2 ** 20).text).toBe('**missed**: 500 MB, 100 MB over (1.3x)');
  });

  it('holds a strict limit strictly and an inclusive one inclusively', () => {
    expect(checkRow(p99Below(140), row).met).toBe(false);
    expect(checkRow(cpuAtMost(2.5), row).met).toBe(true);
  });

  it('does not count a row with failed requests, or one that answered nothing, as met', () => {
    expect(checkRow(p99Below(200), { ...row, failures: 3 })).toEqual({ met: false, text: '**missed**: 140 ms, 3 failed requests' });
    expect(checkRow(p99Below(200), { ...row, requestsPerSecond: 0, p99: 0 }).met).toBe(false);
  });

  it('says when there is no figure', () => {
    expect(checkRow(cpuAtMost(3), { ...row, serverCpuMicros: undefined })).toEqual({ met: undefined, text: 'not measured' });
  });
});
