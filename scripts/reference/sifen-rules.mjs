// Which rows of the SIFEN district table the shop offers as districts. The table is kept verbatim
// in sifen-geo-snapshot.json; two kinds of rows are not places a shopper can pick:
// - the placeholder row 'SIN EQUIVALENCIA' (no equivalent district);
// - a second code repeating the name of a district of the same department (e.g. VILLA FRANCA
//   205 and 230): two identical entries in a list cannot be told apart, so the lowest code stays.
const normalise = (text) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/** SIFEN district code -> its snapshot row, for every row the shop offers. */
export function offeredDistricts(snapshot) {
  const offered = new Map();
  const seen = new Set();
  for (const row of [...snapshot.distritos].sort((a, b) => a.codigo - b.codigo)) {
    const key = `${row.departamento}:${normalise(row.descripcion)}`;
    if (normalise(row.descripcion) === 'SINEQUIVALENCIA' || seen.has(key)) continue;
    seen.add(key);
    offered.set(row.codigo, row);
  }
  return offered;
}
