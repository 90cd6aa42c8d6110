import type { AccountUser } from '#lib/contract/accounts.ts';
import { formatCpf, formatRuc } from '#lib/documents.ts';
import type { Clock } from '../clock.ts';
import { withTransaction, type Queryable } from '../db/client.ts';
import { createAddressService } from './addresses.ts';
import { sendConfirmationMail } from './account-mail.ts';
import { toAccountUser } from './customers.ts';
import { createCustomerRepository } from './repository.ts';
import { createDocumentService, type DocumentSide } from './documents.ts';
import { hashPassword } from './passwords.ts';
import { createSessionService } from './sessions.ts';
import { createAccountTokens } from './tokens.ts';
import { toStoredPhone } from '#lib/phone.ts';

export type RegistrationFields = Record<
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

export type RegistrationResult = { kind: 'ok'; token: string; user: AccountUser } | { kind: 'email_taken' } | { kind: 'bad_city' };

/**
 * Creates the customer, the registration address (main) and the two identity documents in one
 * transaction, opens a session and sends the confirmation e-mail. The type of document and the
 * country follow estrangeiro (1 Brazilian: CPF, country 1; 0 Paraguayan: RUC, country 2).
 */
export function createRegistrationService({ db, clock }: { db: Queryable; clock: Clock }) {
  return {
    async register(
      fields: RegistrationFields,
      documents: Record<DocumentSide, { bytes: Buffer; contentType: string }>,
      /** The registration address's label in the shopper's language ('Endereço principal'), never the person's name. */
      addressName = 'Principal',
    ): Promise<RegistrationResult> {
      const brazilian = fields.estrangeiro === '1';
      const address = await createAddressService({ db }).resolvePlace({
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
          email: fields.email.trim().toLowerCase(),
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
        await createAddressService({ db: tx }).createAddress(customer.id, address);
        const files = createDocumentService({ db: tx });
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
