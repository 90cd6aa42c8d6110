import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';

export interface LogLimitOptions {
  /** Lines of one kind printed per window; the rest are counted and summed up once. */
  linesPerWindow: number;
  windowMs: number;
  clock?: Clock;
  write?: (...parts: unknown[]) => void;
}

/** The kind of a line: its first argument without digits, so '... /produto/12' and '/produto/13' count together. */
function toKind(parts: unknown[]): string {
  const first = parts[0];
  const text = typeof first === 'string' ? first : first instanceof Error ? first.message : String(first);
  return text.replace(/\d+/g, '#').slice(0, 120);
}

/**
 * A logger that prints at most `linesPerWindow` lines of each kind per window: an outage that
 * fails every request must not write thousands of lines a second. The first line after a
 * window says how many were left out.
 */
export function createLogLimiter({ linesPerWindow, windowMs, clock = systemClock, write = console.error }: LogLimitOptions) {
  const windows = new Map<string, { start: number; printed: number; suppressed: number }>();
  return (...parts: unknown[]): void => {
    const kind = toKind(parts);
    const now = clock.now().getTime();
    let window = windows.get(kind);
    if (!window || now - window.start >= windowMs) {
      if (window && window.suppressed > 0) write(`[log] ${window.suppressed} more lines like "${kind}" left out`);
      window = { start: now, printed: 0, suppressed: 0 };
      windows.set(kind, window);
      if (windows.size > 1000) windows.delete(windows.keys().next().value as string);
    }
    if (window.printed < linesPerWindow) {
      window.printed += 1;
      write(...parts);
    } else {
      window.suppressed += 1;
    }
  };
}
