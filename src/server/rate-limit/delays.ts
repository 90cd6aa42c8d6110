/**
 * A growing delay instead of a lock: the first `freeFailures` failures of a subject cost
 * nothing; each one after that makes it wait twice as long as the last (from `firstDelaySeconds`
 * up to `maxDelaySeconds`). Failures are forgotten `windowSeconds` after the last one. Kept in
 * the same PostgreSQL table as the fixed-window limits, so every instance shares them.
 */
export interface DelayRule {
  name: string;
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  windowSeconds: number;
}

/** The delay after `failures` failures, in seconds (pure: unit-tested). */
export function getDelaySeconds(rule: DelayRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** (failures - rule.freeFailures));
}
