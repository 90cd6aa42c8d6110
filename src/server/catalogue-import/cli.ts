import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { catalogueImportMessages } from '#lib/i18n/panel-import.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { isPanelLocale, type PanelLocale } from '#lib/i18n/panel.ts';
import { isImportError } from './errors.ts';
import { openImportRows, toImportFormat } from './readers.ts';
import { toErrorText, toSummaryLines } from './routes.ts';
import type { CatalogueImportService, OpenRows } from './service.ts';

/**
 * `npm run import -- <file> [--images <folder>] [--dry-run] [--lang pt-BR|es-PY]`: the same
 * check and write as the panel page, with progress on the terminal. Exit 0 when the file was
 * written (or checked clean on a dry run), 1 when rows were rejected or the file refused, 2 on usage.
 */
export async function runImportCommand(argv: string[], service: CatalogueImportService, print = console.log): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { images: { type: 'string' }, 'dry-run': { type: 'boolean', default: false }, lang: { type: 'string', default: 'pt-BR' } },
  });
  const locale: PanelLocale = isPanelLocale(values.lang) ? values.lang : 'pt-BR';
  const t = createTranslator(catalogueImportMessages, locale);
  const file = positionals[0];
  const format = file ? toImportFormat(file) : null;
  if (!file || positionals.length > 1 || !existsSync(file) || !statSync(file).isFile()) {
    print(t('cliUsage'));
    return 2;
  }
  if (!format) {
    print(t('error_unknown_format'));
    return 2;
  }
  const imageNames = new Set<string>();
  try {
    const open = await openImportRows(() => createReadStream(file), format);
    const watched: OpenRows = async function* () {
      for await (const row of open()) {
        const names = (row.data as { imagens?: unknown } | undefined)?.imagens;
        if (Array.isArray(names)) for (const name of names) if (typeof name === 'string') imageNames.add(name.trim());
        yield row;
      }
    };
    const summary = await service.importRows(watched, {
      dryRun: values['dry-run'],
      actor: { staffId: null, email: 'cli' },
      onProgress: ({ phase, rows }) => {
        process.stderr.write(`\r${t(phase === 'checking' ? 'checking' : 'writing', { n: rows })}   `);
      },
    });
    process.stderr.write('\n');
    if (values['dry-run']) print(t('cliDryRun'));
    for (const line of toSummaryLines(summary, locale)) print(line);
    if (values.images) reportImages(values.images, imageNames, t, print);
    return summary.rejected > 0 ? 1 : 0;
  } catch (error) {
    if (!isImportError(error)) throw error;
    process.stderr.write('\n');
    print(toErrorText(error, locale));
    return 1;
  }
}

/** The picture files the rows name, checked in the folder (linking them waits for the picture pipeline). */
function reportImages(
  folder: string,
  names: Set<string>,
  t: ReturnType<typeof createTranslator<keyof (typeof catalogueImportMessages)['pt-BR']>>,
  print: (line: string) => void,
) {
  const missing = [...names].filter((name) => !existsSync(path.join(folder, path.basename(name))));
  if (missing.length) print(t('cliMissingImages', { folder, names: missing.slice(0, 50).join(', ') }));
  print(t('cliImagesFound', { n: names.size - missing.length }));
}
