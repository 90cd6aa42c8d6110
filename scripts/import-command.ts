// The terminal side of `npm run import` (scripts/import.mjs boots the database and calls it): the
// catalogue import domain's check and write (src/server/catalogue-import/index.ts) with progress,
// every rejected row and the pictures of --images.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { catalogueImportMessages } from '#lib/i18n/panel-import.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { isPanelLocale, type PanelLocale } from '#lib/i18n/panel.ts';
import {
  isImportError,
  openImportRows,
  toErrorText,
  toImportFormat,
  toRejectedLine,
  toSummaryLines,
  type CatalogueImportService,
  type OpenRows,
} from '#server/catalogue-import/index.ts';

/** What `--images` needs: product ids by codigo, and the picture pipeline (src/server/catalogue-media). */
export interface PictureAttacher {
  findProductIds(codes: string[]): Promise<Map<string, number>>;
  storeProductPicture(productId: number, bytes: Buffer, fileName: string): Promise<unknown>;
}

/** The options of `npm run import` (scripts/import.mjs checks them before it boots the database). */
export const IMPORT_OPTIONS = {
  images: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  lang: { type: 'string', default: 'pt-BR' },
} as const satisfies ParseArgsOptionsConfig;

/** The usage line in the language `--lang` asks for among `argv` (pt-BR when none or another). */
export function getImportUsage(argv: string[]): string {
  const lang = argv[argv.indexOf('--lang') + 1];
  return createTranslator(catalogueImportMessages, isPanelLocale(lang) ? lang : 'pt-BR')('cliUsage');
}

/**
 * `npm run import -- <file> [--images <folder>] [--dry-run] [--lang pt-BR|es-PY]`: the same
 * check and write as the panel page, with progress on the terminal. Exit 0 when the file was
 * written (or checked clean on a dry run), 1 when rows were rejected or the file refused, 2 on usage.
 */
export async function runImportCommand(
  argv: string[],
  service: CatalogueImportService,
  print = console.log,
  pictures?: PictureAttacher,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: IMPORT_OPTIONS,
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
  const imagesByCode = new Map<string, string[]>();
  let progressShown = false;
  try {
    const open = await openImportRows(() => createReadStream(file), format);
    // The rows' picture names are kept only when --images asks for them: for 100,000 rows the
    // map is the one thing of every row that would otherwise live through the whole import.
    const watched: OpenRows = async function* () {
      if (!values.images) return yield* open();
      for await (const row of open()) {
        const { codigo, imagens } = (row.data ?? {}) as { codigo?: unknown; imagens?: unknown };
        if (typeof codigo === 'string' && Array.isArray(imagens)) {
          imagesByCode.set(
            codigo.trim(),
            imagens.filter((name): name is string => typeof name === 'string').map((name) => name.trim()),
          );
        }
        yield row;
      }
    };
    const summary = await service.importRows(watched, {
      dryRun: values['dry-run'],
      actor: { staffId: null, email: 'cli' },
      onProgress: ({ phase, rows }) => {
        process.stderr.write(`\r${t(phase === 'checking' ? 'checking' : 'writing', { n: rows })}   `);
        progressShown = true;
      },
      // Every rejected row, as found (the summary keeps the first 500 only), on a line of its own.
      onRejected: (row) => {
        if (progressShown) process.stderr.write('\n');
        progressShown = false;
        print(toRejectedLine(row, locale));
      },
    });
    process.stderr.write('\n');
    if (values['dry-run']) print(t('cliDryRun'));
    for (const line of toSummaryLines(summary, locale)) print(line);
    if (values.images) {
      const missing = reportImages(values.images, imagesByCode, t, print);
      if (summary.written && pictures) await attachImages(values.images, imagesByCode, missing, pictures, t, print);
    }
    return summary.rejected > 0 ? 1 : 0;
  } catch (error) {
    if (!isImportError(error)) throw error;
    process.stderr.write('\n');
    print(toErrorText(error, locale));
    return 1;
  }
}

type ImportTranslator = ReturnType<typeof createTranslator<keyof (typeof catalogueImportMessages)['pt-BR']>>;

/** The picture files the rows name, checked in the folder; answers the missing ones. */
function reportImages(
  folder: string,
  imagesByCode: Map<string, string[]>,
  t: ImportTranslator,
  print: (line: string) => void,
): Set<string> {
  const names = new Set([...imagesByCode.values()].flat());
  const missing = new Set([...names].filter((name) => !existsSync(path.join(folder, path.basename(name)))));
  if (missing.size) print(t('cliMissingImages', { folder, names: [...missing].slice(0, 50).join(', ') }));
  print(t('cliImagesFound', { n: names.size - missing.size }));
  return missing;
}

/**
 * Hands every picture a written row names to the picture pipeline (checked by content, stored
 * once, made into widths). A picture the product already has is kept once, so a second run of
 * the same file and folder adds nothing; a file the pipeline refuses is named, the rest go on.
 */
async function attachImages(
  folder: string,
  imagesByCode: Map<string, string[]>,
  missing: Set<string>,
  pictures: PictureAttacher,
  t: ImportTranslator,
  print: (line: string) => void,
) {
  const ids = await pictures.findProductIds([...imagesByCode.keys()]);
  let attached = 0;
  for (const [code, names] of imagesByCode) {
    const productId = ids.get(code);
    if (productId === undefined) continue;
    for (const name of names) {
      if (missing.has(name)) continue;
      try {
        await pictures.storeProductPicture(productId, await readFile(path.join(folder, path.basename(name))), name);
        attached += 1;
      } catch (error) {
        print(t('cliImageRefused', { name, reason: error instanceof Error ? error.message : String(error) }));
      }
    }
  }
  print(t('cliImagesAttached', { n: attached }));
}
