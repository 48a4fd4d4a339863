/**
 * The pieces bench:load and its two comparisons (bench-load-compare.ts, bench-load-scale.ts) share:
 * the progress line of a run, the side-by-side loop and the report's machine and load lines.
 */
import os from 'node:os';
import type { TRow, TScenario } from './bench-load.js';
import { log } from './bench-support.js';

/** The progress line of one run (`side`: which server or instance, when two are compared). */
export function logRun(row: TRow, side?: string): void {
  log(
    `  ${side ? `${side} ` : ''}${row.scenario} c${row.connections}: ${row.rps.toFixed(0)} rps, p95 ${row.p95.toFixed(1)} ms${row.failed ? `, ${row.failed} failed` : ''}`,
  );
}

/**
 * Every scenario at every connection count on two sides, one right after the other; the sides'
 * order alternates at each step so neither always runs on the warmer machine. Answers `find` (one
 * side's row) and `eachStep` (both sides' rows of each step, in `sides` order, for the report table).
 */
export async function runSideBySide<S extends { label: string }>(
  sides: readonly S[],
  list: readonly TScenario[],
  connectionCounts: readonly number[],
  runOne: (side: S, scenario: TScenario, connections: number) => Promise<TRow>,
) {
  const results: Array<{ label: string; row: TRow }> = [];
  let step = 0;
  for (const connections of connectionCounts) {
    for (const scenario of list) {
      const order = step++ % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const row = await runOne(side, scenario, connections);
        results.push({ label: side.label, row });
        logRun(row, side.label);
      }
    }
  }
  const find = (label: string, name: string, connections: number) =>
    results.find((r) => r.label === label && r.row.scenario === name && r.row.connections === connections)?.row;
  const eachStep = (visit: (scenario: TScenario, connections: number, first: TRow, second: TRow) => void) => {
    for (const connections of connectionCounts) {
      for (const scenario of list) {
        const first = find(sides[0]!.label, scenario.name, connections);
        const second = find(sides[1]!.label, scenario.name, connections);
        if (first && second) visit(scenario, connections, first, second);
      }
    }
  };
  return { find, eachStep };
}

/** The report's machine line. */
export function logMachine(): void {
  const cpus = os.cpus();
  log(
    `machine: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}`,
  );
}

/** The report's closing load average. */
export function logLoadAverageAtEnd(): void {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  log(`\nload average (1, 5, 15 min) at the end: ${load}`);
}
