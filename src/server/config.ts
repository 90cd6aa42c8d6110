import { z } from 'zod';

/**
 * Every environment variable the shop reads, parsed once at start (server.mjs calls
 * `requireValidConfig()` before anything else): a wrong value stops the start with a message
 * naming the variable, instead of a silent default. The README's configuration table and
 * `.env.example` list the same variables; `npm run check` fails when they drift apart.
 *
 * Parsed on first use and kept: hot paths (the host of every request, rate limits) read it.
 * `reloadConfig()` parses again, for code that changes `process.env` on purpose (tests).
 */

const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const positiveNumber = z.coerce.number().positive();
const flag = z.enum(['0', '1']);
const origin = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/$/, ''));

export const ConfigSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: integer(1, 65_535).default(4321),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  SHOP_ORIGIN_BR: origin.optional(),
  SHOP_ORIGIN_ES: origin.optional(),
  SEED: flag.default('1'),
  PG_POOL_MAX: integer(1, 500).default(10),
  PG_POOL_MIN: integer(0, 500).optional(),
  CEP_API_URL: origin.default('https://viacep.com.br'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Fronteira <no-reply@fronteira.local>'),
  DOCUMENTS_KEY: z.string().min(16).optional(),
  SHIPPING_TOKEN_SECRET: z.string().min(16).optional(),
  SHIPPING_TOKEN_TTL_S: integer(60, 86_400).default(1800),
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
  SANDBOX_WEBHOOK_BASE_URL: origin.optional(),
  RESERVATION_TTL_MINUTES: positiveNumber.default(30),
  ORDER_MAX_UNITS_PER_PRODUCT: integer(1, 99).default(99),
  UNPAID_RESERVED_MAX_USD: integer(1, 10_000_000).default(20_000),
  PAYMENT_JOBS_INTERVAL_S: z.coerce.number().min(0).default(30),
  RATE_LIMIT_IP_MULTIPLIER: positiveNumber.default(1),
  TRUSTED_PROXY_HOPS: integer(0, 10).default(0),
  FAST_ROUTES: z.enum(['on', 'off']).default('on'),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Configuration error, the shop cannot start:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Empty strings count as unset, as shells and .env files write them. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

/** Parses `env` (pure, for tests); throws ConfigError naming every wrong variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = ConfigSchema.safeParse(withoutEmpty(env));
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`));
}

let current: Config | undefined;

/** The configuration of this process, read from `process.env` once. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}

export function reloadConfig(): Config {
  current = undefined;
  return getConfig();
}

/** Called first at start: prints what is wrong and exits instead of serving with a bad setting. */
export function requireValidConfig(): Config {
  try {
    return getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
