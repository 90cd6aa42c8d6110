import { formatCpfOrCnpj, formatRuc, isValidCpf, toDocumentType } from '#lib/documents.ts';
import { toStoredPhone, type PhoneCountry } from '#lib/phone.ts';
import { getCustomerById, type CustomerRow } from '../accounts/index.ts';
import { createDocumentService, type DocumentSide } from '../customer-documents/index.ts';
import type { Queryable } from '../db/client.ts';
import type { FileStore } from '../storage/index.ts';
import { createProfileRepository } from './repository.ts';

interface ProfileChange {
  telefone: string;
  documento_tipo: string;
  documento: string;
}

/** The country a customer's phone is read in: Brazil for a foreign (Brazilian) buyer, as registration reads it. */
export function getPhoneCountryOf(customer: { foreignBuyer: 0 | 1 }): PhoneCountry {
  return customer.foreignBuyer ? 'BR' : 'PY';
}

/** The customer's own record: read, and the profile form (phone, document, files). */
export function createProfileService({ db, files }: { db: Queryable; files?: FileStore }) {
  const profiles = createProfileRepository(db);
  const documents = createDocumentService({ db, files });
  return {
    getCustomer: (customerId: number): Promise<CustomerRow | null> => getCustomerById(db, customerId),

    /**
     * Stores the phone by the shop's phone rule and the document in its format; new files replace
     * the old. Files first: one that cannot be stored (DomainError 503) leaves the profile as it was.
     */
    async updateProfile(
      customer: { id: number; foreignBuyer: 0 | 1 },
      change: ProfileChange,
      files: Partial<Record<DocumentSide, { bytes: Buffer; contentType: string }>>,
    ): Promise<CustomerRow | null> {
      const { telefone, documento } = change;
      // Stored as its code ('Cédula' -> CEDULA; the form's schema accepted only known types); the
      // Brazilian field takes a CPF or a CNPJ, named by what the number is.
      const written = toDocumentType(change.documento_tipo) ?? change.documento_tipo;
      const brazilian = written === 'CPF' || written === 'CNPJ';
      const documentType = brazilian ? (isValidCpf(documento) ? 'CPF' : 'CNPJ') : written;
      const document = brazilian ? formatCpfOrCnpj(documento) : documentType === 'RUC' ? formatRuc(documento) : documento.trim();
      for (const side of ['frente', 'verso'] as const) {
        const file = files[side];
        if (file) await documents.saveDocument(customer.id, side, file);
      }
      return profiles.update(customer.id, {
        phone: toStoredPhone(telefone, getPhoneCountryOf(customer)),
        documentType,
        document,
      });
    },
  };
}
