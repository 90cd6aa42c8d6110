import { createCache } from '../cache/index.ts';

/**
 * Adapter for the public Brazilian postal-code service's documented JSON (viacep):
 * GET {base}/ws/{cep}/json/ -> logradouro, bairro, localidade, uf, ibge, or {erro: true}.
 * Base URL from env CEP_API_URL; 3 s timeout; answers cached (not-found too, failures not).
 */
export interface PostalAddress {
  cep: string;
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
  ibge: string;
}

export type PostalLookup = { kind: 'found'; address: PostalAddress } | { kind: 'not_found' } | { kind: 'unavailable' };

export function createPostalCodeLookup({ baseUrl, timeoutMs = 3000 }: { baseUrl: string; timeoutMs?: number }) {
  // An outside service's answers: no catalogue change concerns them.
  const answers = createCache<string, PostalLookup>({ name: 'postal-codes', maxEntries: 5000, ttlMs: 24 * 3600 * 1000, listens: false });

  async function fetchCep(cep: string): Promise<PostalLookup> {
    try {
      const response = await fetch(`${baseUrl.replace(/\/$/, '')}/ws/${cep}/json/`, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (response.status === 400 || response.status === 404) return { kind: 'not_found' };
      if (!response.ok) return { kind: 'unavailable' };
      const body = (await response.json()) as Record<string, unknown>;
      if (body.erro === true || body.erro === 'true' || typeof body.uf !== 'string') return { kind: 'not_found' };
      const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
      return {
        kind: 'found',
        address: {
          cep,
          logradouro: text('logradouro'),
          bairro: text('bairro'),
          localidade: text('localidade'),
          uf: text('uf'),
          ibge: text('ibge'),
        },
      };
    } catch {
      return { kind: 'unavailable' };
    }
  }

  return {
    async lookup(rawCep: string): Promise<PostalLookup> {
      const cep = rawCep.replace(/\D/g, '');
      if (cep.length !== 8) return { kind: 'not_found' };
      const known = answers.get(cep);
      if (known) return known;
      const value = await fetchCep(cep);
      if (value.kind !== 'unavailable') answers.set(cep, value);
      return value;
    },
  };
}
