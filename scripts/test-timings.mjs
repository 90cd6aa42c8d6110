// Where a test run's time went: the slowest files, read from vitest's and Playwright's JSON
// reports (`npm test` writes both). A file's time is its wall time in vitest; in Playwright the
// sum of its tests' durations in each project (tests of one file may run in both workers).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const SHOWN = 12;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function readReport(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined; // the runner stopped before writing it: its own output says why
  }
}

/** vitest's JSON report: one entry per file, with its start and end. */
export async function getVitestFileTimes(file) {
  const report = await readReport(file);
  return (report?.testResults ?? []).map((result) => ({
    file: path.relative(process.cwd(), result.name),
    ms: result.endTime - result.startTime,
  }));
}

/** Playwright's JSON report: suites nest by file and describe, each test has a result per run. */
export async function getPlaywrightFileTimes(file) {
  const report = await readReport(file);
  const totals = new Map();
  const walk = (suite, specFile) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) {
          const key = `${specFile} [${test.projectName}]`;
          totals.set(key, (totals.get(key) ?? 0) + result.duration);
        }
    for (const child of suite.suites ?? []) walk(child, specFile);
  };
  for (const suite of report?.suites ?? []) walk(suite, `tests/e2e/${suite.file}`);
  return [...totals].map(([key, ms]) => ({ file: key, ms }));
}

/** Prints the phases' wall times and the slowest files of each runner. */
export function printTimings(phases, runners) {
  // CPU: what the phase's processes used, summed over both cores (a 2-core machine gives at most
  // twice the wall clock); phases side by side share the cores.
  console.log(`\nWhere the time went:\n  ${''.padEnd(40)} ${'wall'.padStart(9)} ${'CPU'.padStart(9)}`);
  for (const phase of phases) {
    const cpu = phase.cpuMs == null ? '' : seconds(phase.cpuMs);
    console.log(`  ${phase.name.padEnd(40)} ${seconds(phase.ms).padStart(9)} ${cpu.padStart(9)}${phase.ok ? '' : '  FAILED'}`);
  }
  for (const { name, times } of runners) {
    if (!times.length) continue;
    const total = times.reduce((sum, time) => sum + time.ms, 0);
    console.log(`\nSlowest ${name} files (of ${times.length}, ${seconds(total)} in all):`);
    for (const time of times.sort((a, b) => b.ms - a.ms).slice(0, SHOWN)) console.log(`  ${seconds(time.ms).padStart(9)}  ${time.file}`);
  }
}
