import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from './translator.ts';

/**
 * One Spanish register (issue 19): the shop speaks to Spanish-speaking shoppers with tú, in es-PY
 * and in es-AR alike, never with vos ('elegí', 'tenés', 'registrate') nor usted ('ingrese').
 * Every message catalogue of this folder is read, so a new domain file is checked too.
 */
const VOSEO =
  /\b(?:[a-zñ]+(?:á|é|í)(?=[\s,.!?:;]|$)|registrate|contactanos|fijate|suscribite|sumate|escribinos|avisanos|presentalo|mostralo|guardalo)/giu;
/** Words of tú and of the third person that end in a stressed vowel: not vos. */
const NOT_VOSEO = new Set([
  'está',
  'más',
  'aquí',
  'allí',
  'ahí',
  'acá',
  'allá',
  'será',
  'podrá',
  'tendrá',
  'recibirá',
  'verá',
  'quedará',
  'habrá',
  'estará',
  'hará',
  'deberá',
  'dará',
  'sí',
  'envió',
  'llegó',
  'día',
  'ningún',
  'también',
  'después',
  'según',
  'atrás',
  'jamás',
  'guaraní',
  'paraná',
  'itapúa',
  'caazapá',
  'guairá',
  'canindeyú',
  'caaguazú',
  'paraguarí',
  'ñeembucú',
  'perú',
  'podría',
  'mostrará',
  'aparecerá',
  'irá',
  'expirará',
  'vencerá',
  'mantendrá',
  'olvidé',
  'cortés',
  'inglés',
  'francés',
  'japonés',
  'alemán',
  'aún',
  'quizá',
  'recibió',
  'aprobó',
  'rechazó',
  'agotó',
  'canceló',
  'pagó',
  'venció',
  'expiró',
  'cambió',
  'falló',
  'creó',
  'guardó',
  'eliminó',
  'actualizó',
  'confirmó',
  'reembolsó',
  'entregó',
  'retiró',
  'encontró',
  'terminó',
  'cerró',
  'llegará',
  'café',
  'qué',
]);
const USTED = /\b(?:ingrese|verifique|intente|seleccione|elija|complete|confirme|revise|espere|haga clic|usted)\b/iu;

async function loadSpanishTexts(): Promise<Array<{ where: string; text: string }>> {
  const texts: Array<{ where: string; text: string }> = [];
  for (const file of readdirSync(import.meta.dirname).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const module = (await import(/* @vite-ignore */ pathToFileURL(path.join(import.meta.dirname, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      const catalogue = value as Partial<Catalogue<string>> | null;
      if (!catalogue || typeof catalogue !== 'object' || !catalogue['es-PY']) continue;
      for (const locale of ['es-PY', 'es-AR'] as const) {
        for (const [key, text] of Object.entries(catalogue[locale] ?? {}))
          texts.push({ where: `${file} ${name} ${locale}.${key}`, text: String(text) });
      }
    }
  }
  return texts;
}

describe('Spanish register', () => {
  it('finds the catalogues (the check below reads real texts)', async () => {
    expect((await loadSpanishTexts()).length).toBeGreaterThan(300);
  });

  it('uses tú in every Spanish text: no vos, no usted', async () => {
    const offending = (await loadSpanishTexts()).flatMap(({ where, text }) => {
      const vos = [...text.matchAll(VOSEO)].map((match) => match[0]).filter((word) => !NOT_VOSEO.has(word.toLowerCase()));
      const usted = USTED.exec(text)?.[0];
      return [...vos, ...(usted ? [usted] : [])].map((word) => `${where}: ${word} («${text}»)`);
    });
    expect(offending).toEqual([]);
  });
});
