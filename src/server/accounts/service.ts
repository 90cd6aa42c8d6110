// The accounts rules (decision 0720): passwords (argon2id), sessions, single-use e-mail tokens,
// the account e-mails, sign-in and password change, recovery and e-mail confirmation, and
// registration. Delivery addresses, identity documents and the profile form are sub-domains of
// their own (addresses/, customer-documents/, profile/), reached through their index.ts.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { AccountUser } from '#lib/contract/accounts.ts';
import { isUuid } from '#lib/contract/input.ts';
import { formatCpf, formatRuc, toDocumentTypeWord } from '#lib/documents.ts';
import { toEmailKey } from '#lib/email-address.ts';
import { getProfileLocale } from '#lib/locale.ts';
import { toStoredPhone } from '#lib/phone.ts';
import { SESSION_TTL_MS } from '#lib/session.ts';
import type { createAddressService } from '../addresses/index.ts';
import type { Clock } from '../clock.ts';
// Types only, from the files that define them: customer-documents/index.ts re-exports its routes,
// which check the session here (see requireSignedIn).
import type { DocumentSide } from '../customer-documents/repository.ts';
import type { createDocumentService } from '../customer-documents/service.ts';
import { withTransaction, type Queryable } from '../db/client.ts';
import { enqueueMail } from '../mail/index.ts';
import { DELAYS, LIMITS, type RateLimiter } from '../rate-limit/index.ts';
import { getLocaleHome, getStorefrontOrigin } from '../storefront-hosts.ts';
import { accountError } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createCustomerRepository, createSessionRepository, createTokenRepository, type CustomerRow } from './repository.ts';

// --- Sessions ----------------------------------------------------------------------------------

export const SESSION_COOKIE = 'fronteira_session';

export interface SessionCustomer {
  id: number;
  uuid: string;
  email: string;
  firstName: string;
  lastName: string;
  foreignBuyer: 0 | 1;
  emailVerified: boolean;
  /** When the session ends (absolute lifetime): pages tell the browser, however it signed in. */
  expiresAt: Date;
}

export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The bearer header of the contract first, then the httpOnly cookie the pages use. */
export function readSessionToken(
  request: { headers: { get(name: string): string | null } },
  cookieValue: string | undefined,
): string | null {
  const header = request.headers.get('authorization');
  const bearer = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/)?.[1];
  if (bearer) return bearer;
  return cookieValue && /^[A-Za-z0-9_-]{20,200}$/.test(cookieValue) ? cookieValue : null;
}

export function createSessionService({ db, clock }: { db: Queryable; clock: Clock }) {
  const sessions = createSessionRepository(db);
  return {
    /** Opens a session: 256 random bits, only the hash stored. */
    async createSession(customerId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS);
      await sessions.insert(hashSessionToken(token), customerId, clock.now(), expiresAt);
      return { token, expiresAt };
    },

    async getSessionCustomer(token: string): Promise<SessionCustomer | null> {
      const row = await sessions.findCustomer(hashSessionToken(token), clock.now());
      if (!row) return null;
      return {
        id: row.id,
        uuid: row.uuid,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        foreignBuyer: row.foreign_buyer,
        emailVerified: row.email_verified_at !== null,
        expiresAt: row.expires_at,
      };
    },

    async endSession(token: string): Promise<void> {
      await sessions.end(hashSessionToken(token), clock.now());
    },

    /** Ends every session of a customer but, optionally, one (a password reset ends the others). */
    async endOtherSessions(customerId: number, keepToken?: string): Promise<void> {
      await sessions.endAllBut(customerId, keepToken ? hashSessionToken(keepToken) : null, clock.now());
    },
  };
}

// The session checks every customer route and page asks (accounts/index.ts re-exports them):
// customer-documents' routes take them from this file, not from index.ts, whose routes read
// their upload (decision 0720: no import cycle).

/** What a page gives the check: Astro's context has these (the middleware found the customer). */
interface PageContext {
  locals: { customer: SessionCustomer | null };
  url: URL;
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response;
}

/**
 * For protected pages (/perfil/*, /pedidos, /pedido/*, /checkout step 1): the signed-in customer,
 * or a redirect Response to /login?redirect=<full path>. Use as
 * `const customer = requireCustomer(Astro); if (customer instanceof Response) return customer;`
 */
export function requireCustomer(context: PageContext): SessionCustomer | Response {
  const customer = context.locals.customer;
  if (customer) return customer;
  const target = context.url.pathname + context.url.search;
  return context.redirect(`/login?redirect=${encodeURIComponent(target)}`, 302);
}

/** For /ecom endpoints: the customer of the bearer token or cookie; a 401 refusal without one. */
export function requireSignedIn(locals: { customer: SessionCustomer | null }): SessionCustomer {
  if (locals.customer) return locals.customer;
  throw accountError('unauthenticated', 'loginRequired');
}

// --- E-mail tokens and the account e-mails -----------------------------------------------------

type TokenPurpose = 'reset' | 'confirm';
const ACCOUNT_TOKEN_TTL_MS = 30 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** A token as the e-mail's link carries it; a reset's also has its `code` (six digits), a confirmation's none. */
export interface IssuedToken {
  token: string;
  code: string | null;
}

/** Single-use e-mail tokens (reset, confirmation): random, stored hashed, 30-minute expiry. */
export function createAccountTokens({ db, clock }: { db: Queryable; clock: Clock }) {
  const tokens = createTokenRepository(db);
  return {
    async issue(customerId: number, purpose: TokenPurpose): Promise<IssuedToken> {
      const token = randomBytes(32).toString('base64url');
      const code = purpose === 'reset' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
      const now = clock.now();
      const hashes = { token: hashToken(token), code: code === null ? null : hashToken(code) };
      await tokens.insert(customerId, purpose, hashes, now, new Date(now.getTime() + ACCOUNT_TOKEN_TTL_MS));
      return { token, code };
    },

    /**
     * Marks the token used and answers its customer id; null when unknown, used, expired, not this
     * customer's, or when the token has a code and `code` is not it.
     */
    async consume(customerUuid: string, purpose: TokenPurpose, token: string, code = ''): Promise<number | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token) || !isUuid(customerUuid)) return null;
      const hashes = { token: hashToken(token), code: /^\d{6}$/.test(code) ? hashToken(code) : null };
      return tokens.consume(hashes, purpose, customerUuid, clock.now());
    },
  };
}

/** Links go to the customer's storefront origin from configuration, never the request's Host. */
function getCustomerOrigin(customer: Pick<CustomerRow, 'foreign_buyer'>): string {
  return getStorefrontOrigin(getLocaleHome(getProfileLocale(customer.foreign_buyer)));
}

/** Queued: the job queue sends it (and retries); `db` may be the transaction that issued the token. */
async function sendResetMail(db: Queryable, customer: CustomerRow, { token, code }: IssuedToken): Promise<void> {
  // The reset route's query parameters as the accounts spec names them: email and code.
  const query = new URLSearchParams({ email: customer.email, ...(code === null ? {} : { code }) });
  const link = `${getCustomerOrigin(customer)}/app/reset-password/${customer.uuid}/${token}?${query}`;
  const locale = getProfileLocale(customer.foreign_buyer);
  await enqueueMail(db, { to: customer.email, template: 'accountReset', props: { name: customer.first_name, link }, locale, link });
}

async function sendConfirmationMail(db: Queryable, customer: CustomerRow, { token }: IssuedToken): Promise<void> {
  const link = `${getCustomerOrigin(customer)}/app/confirmation-email/${customer.uuid}/${token}`;
  const locale = getProfileLocale(customer.foreign_buyer);
  await enqueueMail(db, { to: customer.email, template: 'accountConfirm', props: { name: customer.first_name, link }, locale, link });
}

// --- Sign-in and password change ---------------------------------------------------------------

/** The user record of the contract (login, /ecom/me): never the hash, never the identity files. */
export function toAccountUser(row: CustomerRow): AccountUser {
  return {
    id: row.uuid,
    nome: row.first_name,
    sobrenome: row.last_name,
    email: row.email,
    email_verified_at: row.email_verified_at?.toISOString() ?? null,
    documento: row.document,
    documento_tipo: toDocumentTypeWord(row.document_type),
    estrangeiro: row.foreign_buyer,
    telefone: row.phone,
    data_ultimo_login: row.last_login_at?.toISOString() ?? null,
  };
}

type LoginResult =
  | { kind: 'ok'; token: string; expiresAt: Date; user: AccountUser; customerId: number }
  | { kind: 'invalid' }
  | { kind: 'limited'; retryAfterSeconds: number };

/** Sign-in and password change, with the per-account and per-IP limits of issue 5 point 7. */
/** A customer's record by id: the one read of it, which the profile reaches through accounts/index.ts. */
export function getCustomerById(db: Queryable, id: number): Promise<CustomerRow | null> {
  return createCustomerRepository(db).findById(id);
}

export function createAuthService({ db, clock, limiter }: { db: Queryable; clock: Clock; limiter: RateLimiter }) {
  const customers = createCustomerRepository(db);
  const sessions = createSessionService({ db, clock });

  return {
    async login({ email, password, ip }: { email: string; password: string; ip: string }): Promise<LoginResult> {
      const account = toEmailKey(email);
      const pair = `${account}|${ip}`;
      if (await limiter.isBlocked(LIMITS.loginIp, ip)) return { kind: 'limited', retryAfterSeconds: LIMITS.loginIp.windowSeconds };
      const wait = await limiter.getWaitSeconds(DELAYS.loginAccountIp, pair);
      if (wait > 0) {
        // Tries during the wait are not checked, but they count against the address.
        await limiter.consume(LIMITS.loginIp, ip);
        return { kind: 'limited', retryAfterSeconds: wait };
      }
      const customer = await customers.findByEmail(account);
      if (!(await verifyPassword(customer?.password_hash ?? null, password)) || !customer) {
        // This try was checked and was wrong (401); a delay it starts applies to the next one.
        await limiter.recordFailure(DELAYS.loginAccountIp, pair);
        const ipOk = await limiter.consume(LIMITS.loginIp, ip);
        return ipOk ? { kind: 'invalid' } : { kind: 'limited', retryAfterSeconds: LIMITS.loginIp.windowSeconds };
      }
      await limiter.clearFailures(DELAYS.loginAccountIp, pair);
      const now = clock.now();
      const { token, expiresAt } = await sessions.createSession(customer.id);
      await customers.setLastLogin(customer.id, now);
      return { kind: 'ok', token, expiresAt, user: toAccountUser({ ...customer, last_login_at: now }), customerId: customer.id };
    },

    /** Changes the password after checking the current one; the other sessions end. */
    async changePassword(customerId: number, current: string, next: string, keepToken: string | null): Promise<boolean> {
      const customer = await customers.findById(customerId);
      if (!customer || !(await verifyPassword(customer.password_hash, current))) return false;
      await customers.setPasswordHash(customerId, await hashPassword(next));
      await sessions.endOtherSessions(customerId, keepToken ?? undefined);
      return true;
    },
  };
}

// --- Recovery and e-mail confirmation ----------------------------------------------------------

/** Password recovery and reset, e-mail confirmation and its resend. */
export function createRecoveryService({ db, clock, limiter }: { db: Queryable; clock: Clock; limiter: RateLimiter }) {
  const customers = createCustomerRepository(db);
  const tokens = createAccountTokens({ db, clock });
  const sessions = createSessionService({ db, clock });

  return {
    /** Same outcome whether or not the e-mail exists; 'limited' past the limits. */
    async requestReset(email: string, ip: string): Promise<'sent' | 'limited'> {
      const address = toEmailKey(email);
      const pairOk = await limiter.consume(LIMITS.recoveryEmailIp, `${address}|${ip}`);
      const emailOk = await limiter.consume(LIMITS.recoveryEmail, address);
      const ipOk = await limiter.consume(LIMITS.recoveryIp, ip);
      if (!pairOk || !emailOk || !ipOk) return 'limited';
      const customer = await customers.findByEmail(email);
      if (customer) {
        const token = await tokens.issue(customer.id, 'reset');
        // Sent in the background so the answer takes the same time for unknown addresses.
        sendResetMail(db, customer, token).catch((error: unknown) => console.error('[mail] reset mail failed', (error as Error).message));
      }
      return 'sent';
    },

    /** Sets the new password when the token and its code are valid; every session of the account ends. */
    async resetPassword(uuid: string, token: string, code: string, password: string): Promise<boolean> {
      const customerId = await tokens.consume(uuid, 'reset', token, code);
      if (customerId === null) return false;
      await customers.setPasswordHash(customerId, await hashPassword(password));
      await sessions.endOtherSessions(customerId);
      return true;
    },

    async confirmEmail(uuid: string, token: string): Promise<boolean> {
      const customerId = await tokens.consume(uuid, 'confirm', token);
      if (customerId === null) return false;
      await customers.markEmailVerified(customerId, clock.now());
      return true;
    },

    async sendConfirmation(customerId: number, ip: string): Promise<'sent' | 'limited' | 'verified'> {
      const customer = await customers.findById(customerId);
      if (!customer) return 'sent';
      if (customer.email_verified_at) return 'verified';
      const customerOk = await limiter.consume(LIMITS.resend, String(customerId));
      const ipOk = await limiter.consume(LIMITS.resendIp, ip);
      if (!customerOk || !ipOk) return 'limited';
      await sendConfirmationMail(db, customer, await tokens.issue(customer.id, 'confirm'));
      return 'sent';
    },
  };
}

// --- Registration ------------------------------------------------------------------------------

type RegistrationFields = Record<
  | 'estrangeiro'
  | 'nome'
  | 'sobrenome'
  | 'email'
  | 'telefone'
  | 'password'
  | 'documento'
  | 'identidade'
  | 'identidade_complemento'
  | 'razao_social'
  | 'cep'
  | 'logradouro'
  | 'numero'
  | 'bairro'
  | 'como_chegar'
  | 'pais'
  | 'cidade'
  | 'estado'
  | 'estado_id'
  | 'cidade_id',
  string
>;

type RegistrationResult = { kind: 'ok'; token: string; user: AccountUser } | { kind: 'email_taken' } | { kind: 'bad_city' };

/**
 * Creates the customer, the registration address (main) and the two identity documents in one
 * transaction, opens a session and sends the confirmation e-mail. The type of document and the
 * country follow estrangeiro (1 Brazilian: CPF, country 1; 0 Paraguayan: RUC, country 2).
 */
export function createRegistrationService({
  db,
  clock,
  addresses,
  documents: customerDocuments,
}: {
  db: Queryable;
  clock: Clock;
  /** The addresses and documents sub-domains' services, built on the registration's transaction. */
  addresses: typeof createAddressService;
  documents: typeof createDocumentService;
}) {
  return {
    /** Whether an account already uses this e-mail (the form's check before the files are sent). */
    isEmailTaken: async (email: string): Promise<boolean> => (await createCustomerRepository(db).findByEmail(email)) !== null,

    async register(
      fields: RegistrationFields,
      documents: Record<DocumentSide, { bytes: Buffer; contentType: string }>,
      /** The registration address's label in the shopper's language ('Endereço principal'), never the person's name. */
      addressName = 'Principal',
    ): Promise<RegistrationResult> {
      const brazilian = fields.estrangeiro === '1';
      const address = await addresses({ db }).resolvePlace({
        nome: addressName.slice(0, 100),
        cep: brazilian ? fields.cep : '',
        logradouro: fields.logradouro,
        numero: fields.numero,
        bairro: fields.bairro,
        cidade: fields.cidade,
        estado: fields.estado,
        pais: fields.pais || (brazilian ? 'Brasil' : 'Paraguai'),
        pais_id: brazilian ? '1' : '2',
        estado_id: fields.estado_id,
        cidade_id: fields.cidade_id,
        complemento: '',
        como_chegar: brazilian ? '' : fields.como_chegar,
        principal: 'true',
      });
      if (!address) return { kind: 'bad_city' };
      const passwordHash = await hashPassword(fields.password);
      const created = await withTransaction(async (tx) => {
        const customers = createCustomerRepository(tx);
        if (await customers.findByEmail(fields.email)) return null;
        const customer = await customers.insert({
          email: toEmailKey(fields.email),
          passwordHash,
          firstName: fields.nome.trim(),
          lastName: fields.sobrenome.trim(),
          phone: toStoredPhone(fields.telefone, brazilian ? 'BR' : 'PY'),
          foreignBuyer: brazilian ? 1 : 0,
          documentType: brazilian ? 'CPF' : 'RUC',
          document: brazilian ? formatCpf(fields.documento) : fields.documento ? formatRuc(fields.documento) : '',
          identity: fields.identidade.trim(),
          identityComplement: fields.identidade_complemento.trim(),
          companyName: fields.razao_social.trim(),
          countryId: brazilian ? 1 : 2,
        });
        if (!customer) return null;
        await addresses({ db: tx }).createAddress(customer.id, address);
        const files = customerDocuments({ db: tx });
        await files.saveDocument(customer.id, 'frente', documents.frente);
        await files.saveDocument(customer.id, 'verso', documents.verso);
        return customer;
      });
      if (!created) return { kind: 'email_taken' };
      const { token } = await createSessionService({ db, clock }).createSession(created.id);
      const confirmation = await createAccountTokens({ db, clock }).issue(created.id, 'confirm');
      sendConfirmationMail(db, created, confirmation).catch((error: unknown) =>
        console.error('[mail] confirmation mail failed', (error as Error).message),
      );
      return { kind: 'ok', token, user: toAccountUser(created) };
    },
  };
}
