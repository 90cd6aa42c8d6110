import { z } from 'zod';

/**
 * The accounts answers (accounts spec section 3): accounts.ts infers AccountUser and
 * AccountAddress from them and the API tests parse answers with them. Full zod, in a file of its
 * own: accounts.ts (zod/mini) is imported by islands at run time, this one for types only.
 */

/** The user of the login and /ecom/me answers (spec section 3). */
export const AccountUserSchema = z.object({
  id: z.string(),
  nome: z.string(),
  sobrenome: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  documento: z.string(),
  documento_tipo: z.string(),
  estrangeiro: z.union([z.literal(0), z.literal(1)]),
  telefone: z.string(),
  data_ultimo_login: z.string().nullable(),
});

/** A delivery address as POST/PUT /ecom/cliente/address and the address list answer it. */
export const AccountAddressSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  cep: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  estado: z.string(),
  pais: z.string(),
  complemento: z.string(),
  como_chegar: z.string(),
  ativo: z.boolean(),
  principal: z.boolean(),
  cidade_id: z.number().int().nullable(),
  estado_id: z.number().int().nullable(),
  pais_id: z.union([z.literal(1), z.literal(2)]),
});
