/**
 * The frozen delivery address (checkout's jsonb) as lines a courier reads; empty parts left out.
 * The desk, the shopper's order page and the receipt print it the same way.
 */
export function toAddressLines(address: Record<string, unknown> | null): string[] {
  if (!address) return [];
  const text = (key: string) => (typeof address[key] === 'string' || typeof address[key] === 'number' ? String(address[key]).trim() : '');
  const join = (parts: string[], separator: string) => parts.filter(Boolean).join(separator);
  return [
    join([join([text('logradouro'), text('numero')], ' '), text('complemento')], ', '),
    join([text('bairro'), join([text('cidade'), text('estado')], ', ')], ' — '),
    join([text('cep'), text('pais')], ' — '),
    text('como_chegar'),
  ].filter(Boolean);
}
