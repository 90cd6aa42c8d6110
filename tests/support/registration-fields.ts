/**
 * The text fields of a valid Brazilian buyer's registration (`POST /ecom/cliente/cadastrar`),
 * shared by the API tests (accounts.ts) and the browser tests that register in the page.
 */
export function toBrazilianRegistrationFields(email: string, password: string): Record<string, string> {
  return {
    estrangeiro: '1',
    nome: 'Joana',
    sobrenome: 'Silva',
    email,
    email_confirmation: email,
    telefone: '+55 (45) 99876-5432',
    password,
    password_confirmation: password,
    documento_tipo: 'CPF',
    documento: '529.982.247-25',
    identidade: '12345678',
    identidade_complemento: 'SSP/PR',
    cep: '85851-000',
    logradouro: 'Avenida Brasil',
    numero: '100',
    bairro: 'Centro',
    cidade: 'Foz do Iguaçu',
    estado: 'PR',
    pais: 'Brasil',
    pais_id: '1',
  };
}
