// What every shop command (`npm run staff|import|migrate|seed`) does alike: `--help`, an unknown
// option or a missing value (usage, exit 2), and an expected failure said in one sentence (exit 1),
// never `undefined` or a stack trace. The commands reach a running shop's embedded database
// (bootDatabase's besideRunningShop), so none of this asks anyone to stop the shop.
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

export interface CommandLine {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** Node's parseArgs messages end with advice on `--` that only confuses here: the first sentence is kept. */
function toSentence(message: string): string {
  return message.split(/(?<=\.) /)[0] ?? message;
}

/**
 * Reads `args` (the command's own arguments): `--help`/`-h` prints `usage` and exits 0; an
 * unknown option, a missing value or an unexpected positional prints the problem and `usage`
 * and exits 2.
 */
export function parseCommandLine(
  usage: string,
  options: ParseArgsOptionsConfig,
  { args = process.argv.slice(2), positionals = true }: { args?: string[]; positionals?: boolean } = {},
): CommandLine {
  let parsed: CommandLine;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: positionals,
      strict: true,
    });
  } catch (error) {
    console.error(`${toSentence(error instanceof Error ? error.message : String(error))}\n${usage}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}

/** Prints `problem` and the usage, and exits 2 (a wrong use of the command). */
export function exitWithUsage(problem: string, usage: string): never {
  console.error(`${problem}\n${usage}`);
  process.exit(2);
}

/** The one line a failure is told in: an Error's first line of message, never a stack. */
function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOENT') return `the database is not reachable (${message})`;
  return message.trim() || 'it stopped without saying why';
}

/**
 * Runs a command's work and exits with its code (0 when it returns none). Whatever it throws
 * is said in one sentence, exit code 1; `cleanUp` (stopping the database it started) runs in
 * every case.
 */
export async function runCommand(name: string, work: () => Promise<number | void>, cleanUp?: () => Promise<void>): Promise<never> {
  let code: number;
  try {
    code = (await work()) ?? 0;
  } catch (error) {
    console.error(`npm run ${name} failed: ${describeFailure(error)}`);
    code = 1;
  }
  await cleanUp?.().catch((error: unknown) =>
    console.error(`npm run ${name}: the database did not stop cleanly: ${describeFailure(error)}`),
  );
  process.exit(code);
}
