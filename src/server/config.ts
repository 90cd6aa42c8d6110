import { z } from 'zod';
import { MAX_ITEM_QUANTITY } from '../lib/contract/cart.ts';
import { STOREFRONTS, type StorefrontId } from '../lib/storefronts.ts';

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
/** Payment gateways a storefront's buyers can be sent to (decision 0410). */
export const PAYMENT_PROVIDER_IDS = ['sandbox', 'mercadopago', 'pagopar'] as const;
const TEST_ONLY_STOREFRONTS = Object.values(STOREFRONTS)
  .filter((storefront) => storefront.testOnly)
  .map((storefront) => storefront.id) as [StorefrontId, ...StorefrontId[]];
const origin = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/$/, ''));

export const ConfigSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: integer(1, 65_535).default(4321),
  /** Shop processes on this machine (node:cluster; README "Several processes and machines"). */
  WEB_CONCURRENCY: integer(1, 64).default(1),
  /** `npm start` stops, with a sentence, a start (database and shop) not finished within this. */
  START_TIMEOUT_S: integer(10, 3600).default(180),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** `1` asks for the embedded PostgreSQL under DATA_DIR by name where production needs DATABASE_URL. */
  EMBEDDED_DATABASE: flag.default('0'),
  DATA_DIR: z.string().min(1).default('data'),
  SHOP_ORIGIN_BR: origin.optional(),
  SHOP_ORIGIN_ES: origin.optional(),
  /** Test-only storefronts of the registry this process also serves, comma-separated (`ar`; decision 1220). */
  TEST_STOREFRONTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    )
    .pipe(z.array(z.enum(TEST_ONLY_STOREFRONTS))),
  SEED: flag.default('1'),
  PG_POOL_MAX: integer(1, 500).default(10),
  PG_POOL_MIN: integer(0, 500).optional(),
  PG_CONNECT_TIMEOUT_MS: integer(100, 60_000).default(2000),
  PG_POOL_WAIT_MS: integer(100, 120_000).default(10_000),
  PG_STATEMENT_TIMEOUT_MS: integer(100, 600_000).default(5000),
  CEP_API_URL: origin.default('https://viacep.com.br'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender of every e-mail; unset, each storefront's name at no-reply@ its own host. */
  MAIL_FROM: z.string().min(3).optional(),
  STORE_ORDERS_EMAIL: z.email().optional(),
  MAIL_MAX_PER_RECIPIENT_PER_HOUR: integer(1, 10_000).default(10),
  DOCUMENTS_KEY: z.string().min(16).optional(),
  /** The key DOCUMENTS_KEY replaced: still read until `npm run secrets -- rotate-documents-key` ran. */
  DOCUMENTS_KEY_PREVIOUS: z.string().min(16).optional(),
  STAFF_TOTP_KEY: z.string().min(16).optional(),
  SHIPPING_TOKEN_SECRET: z.string().min(16).optional(),
  SHIPPING_TOKEN_TTL_S: integer(60, 86_400).default(1800),
  PAYMENT_PROVIDER_BR: z.enum(PAYMENT_PROVIDER_IDS).default('sandbox'),
  PAYMENT_PROVIDER_PY: z.enum(PAYMENT_PROVIDER_IDS).default('sandbox'),
  ALLOW_SANDBOX_IN_PRODUCTION: flag.default('0'),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(10).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(16).optional(),
  MERCADOPAGO_API_URL: origin.default('https://api.mercadopago.com'),
  PAGOPAR_PUBLIC_KEY: z.string().min(8).optional(),
  PAGOPAR_PRIVATE_KEY: z.string().min(8).optional(),
  PAGOPAR_API_URL: origin.default('https://api.pagopar.com'),
  PAGOPAR_CHECKOUT_URL: origin.default('https://www.pagopar.com/pagos'),
  PAYMENT_GATEWAY_TIMEOUT_MS: integer(500, 60_000).default(10_000),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
  SANDBOX_WEBHOOK_BASE_URL: origin.optional(),
  RESERVATION_TTL_MINUTES: positiveNumber.default(30),
  ORDER_MAX_UNITS_PER_PRODUCT: integer(1, MAX_ITEM_QUANTITY).default(MAX_ITEM_QUANTITY),
  UNPAID_RESERVED_MAX_USD: integer(1, 10_000_000).default(20_000),
  PAYMENT_JOBS_INTERVAL_S: z.coerce.number().min(0).default(30),
  RATE_LIMIT_IP_MULTIPLIER: positiveNumber.default(1),
  TRUSTED_PROXY_HOPS: integer(0, 10).default(0),
  FAST_ROUTES: z.enum(['on', 'off']).default('on'),
  /** `on` adds `X-Process-Id: <pid>` to /healthz (tests and benchmarks of WEB_CONCURRENCY). */
  PROCESS_ID_HEADER: z.enum(['on', 'off']).default('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  RETURN_POLICY_DAYS: integer(0, 365).default(7),
  /** How long a paid pickup order waits at the store or the pickup point, shown on the order and its ticket. */
  PICKUP_HOLD_DAYS: integer(1, 365).default(30),
  /** The rendered-page cache of anonymous catalogue pages (issue 21; README "Page cache and CDN"). */
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  PAGE_CACHE_MAX_BYTES: integer(1_000_000, 4_000_000_000).default(64_000_000),
  /** Also the CDN's s-maxage: a CDN learns of no change, so this bounds what it shows. */
  PAGE_CACHE_FRESH_S: integer(0, 3600).default(5),
  PAGE_CACHE_STALE_S: integer(0, 86_400).default(60),
  /** `on` adds `X-Cache: hit|stale|miss` to catalogue pages (tests and benchmarks). */
  PAGE_CACHE_STATUS_HEADER: z.enum(['on', 'off']).default('off'),
  /** New catalogue page renders one client address may start (issue 29): per second, and at once. */
  PAGE_RENDERS_PER_CLIENT_S: positiveNumber.default(2),
  PAGE_RENDERS_PER_CLIENT_BURST: integer(1, 10_000).default(30),
  /** Prometheus metrics on their own port, answered to a bearer of METRICS_TOKEN (decision 0955). */
  METRICS_PORT: integer(1, 65_535).optional(),
  METRICS_TOKEN: z.string().min(32).optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

const CREDENTIALS: Record<string, readonly (keyof Config)[]> = {
  mercadopago: ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET'],
  pagopar: ['PAGOPAR_PUBLIC_KEY', 'PAGOPAR_PRIVATE_KEY'],
};

function isLocalOrigin(value: string | undefined): boolean {
  if (!value) return true;
  const host = new URL(value).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

/**
 * Rules across variables (decision 0410): a real gateway needs its credentials; the sandbox
 * takes no money, so a production shop serving a public storefront origin refuses it unless
 * ALLOW_SANDBOX_IN_PRODUCTION=1 (a shop on localhost origins is a try-out, `npm start`).
 */
function checkPaymentRules(config: Config, env: Record<string, string>): string[] {
  const problems: string[] = [];
  if (env.PAYMENT_PROVIDER !== undefined) {
    problems.push(
      `PAYMENT_PROVIDER: replaced by PAYMENT_PROVIDER_BR and PAYMENT_PROVIDER_PY (got ${JSON.stringify(env.PAYMENT_PROVIDER)})`,
    );
  }
  const publicShop = !isLocalOrigin(config.SHOP_ORIGIN_BR) || !isLocalOrigin(config.SHOP_ORIGIN_ES);
  for (const name of ['PAYMENT_PROVIDER_BR', 'PAYMENT_PROVIDER_PY'] as const) {
    const provider = config[name];
    for (const credential of CREDENTIALS[provider] ?? []) {
      if (config[credential] === undefined) problems.push(`${credential}: required because ${name} is ${provider}`);
    }
    if (provider === 'sandbox' && config.NODE_ENV === 'production' && publicShop && config.ALLOW_SANDBOX_IN_PRODUCTION !== '1') {
      problems.push(
        `${name}: the sandbox takes no real money and is refused with NODE_ENV=production on a public storefront origin; choose mercadopago or pagopar, or set ALLOW_SANDBOX_IN_PRODUCTION=1`,
      );
    }
  }
  return [...new Set(problems)];
}

/** The metrics port answers only to its token, and is not the shop's own port. */
function checkMetricsRules(config: Config): string[] {
  if (config.METRICS_PORT === undefined) return [];
  if (config.METRICS_TOKEN === undefined)
    return ['METRICS_TOKEN: required when METRICS_PORT is set (the metrics answer only to a bearer of it)'];
  if (config.METRICS_PORT === config.PORT) return [`METRICS_PORT: must differ from PORT (both ${config.PORT})`];
  return [];
}

/**
 * What a production shop would get silently wrong (issue 31): a storefront without its public
 * origin (its host would answer 421), a public origin over plain http (browsers drop Secure
 * cookies, and the proxy would redirect every form post), and a public shop on an embedded
 * database that starts empty where an operator meant their PostgreSQL. Localhost origins are a
 * try-out (`npm start`), as for the sandbox.
 */
function checkProductionRules(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const origins = { SHOP_ORIGIN_BR: config.SHOP_ORIGIN_BR, SHOP_ORIGIN_ES: config.SHOP_ORIGIN_ES };
  const [br, es] = [origins.SHOP_ORIGIN_BR, origins.SHOP_ORIGIN_ES];
  if ((br === undefined) !== (es === undefined)) {
    const [set, missing] = br === undefined ? ['SHOP_ORIGIN_ES', 'SHOP_ORIGIN_BR'] : ['SHOP_ORIGIN_BR', 'SHOP_ORIGIN_ES'];
    problems.push(`${missing}: required because ${set} is set; each storefront needs its public origin, or its host answers 421`);
  }
  for (const [name, value] of Object.entries(origins)) {
    if (value?.startsWith('http:') && !isLocalOrigin(value)) {
      problems.push(
        `${name}: must be an https origin with NODE_ENV=production (got ${JSON.stringify(value)}); browsers keep no Secure cookie over http`,
      );
    }
  }
  const publicShop = !isLocalOrigin(br) || !isLocalOrigin(es);
  if (publicShop && config.DATABASE_URL === undefined && config.EMBEDDED_DATABASE !== '1') {
    problems.push(
      'DATABASE_URL: required with NODE_ENV=production on a public storefront origin (the embedded database would start empty); set it, or EMBEDDED_DATABASE=1 to run the embedded PostgreSQL under DATA_DIR',
    );
  }
  return problems;
}

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
  const given = withoutEmpty(env);
  const result = ConfigSchema.safeParse(given);
  if (result.success) {
    const problems = [...checkProductionRules(result.data), ...checkPaymentRules(result.data, given), ...checkMetricsRules(result.data)];
    if (problems.length > 0) throw new ConfigError(problems);
    return result.data;
  }
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`),
  );
}

let current: Config | undefined;

/** The configuration of this process, read from `process.env` once. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}

export function reloadConfig(): Config {
  forgetConfig();
  return getConfig();
}

/** The next getConfig() reads `process.env` again (test files sharing one process put it back). */
export function forgetConfig(): void {
  current = undefined;
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
