// What an admin typed in a catalogue-media form that was refused: the refusal's address carries
// the text fields back (catalogue-media/routes.ts, toRefusedLocation), so nothing typed is lost.

/**
 * The typed fields of the refused form about item `id` (undefined: the "new" form), or null
 * when this page shows no refusal or the refusal was another form's.
 */
export function readTypedFields(url: URL, id: number | undefined): Record<string, string> | null {
  const query = url.searchParams;
  if (!query.has('erro')) return null;
  const typed: Record<string, string> = {};
  for (const [name, value] of query) if (name.startsWith('campo_')) typed[name.slice('campo_'.length)] = value;
  if ((typed.id ?? '') !== (id === undefined ? '' : String(id))) return null;
  return typed;
}
