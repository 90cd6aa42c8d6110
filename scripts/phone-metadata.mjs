// Writes src/lib/phone-metadata.json: libphonenumber-js's "max" metadata (with the number types,
// so '0981 12345' is refused as no kind of Paraguayan number) cut down to the three countries the
// shop serves (BR, PY, AR): about 8 kB instead of 145 kB in the islands that format phones. Run again after upgrading libphonenumber-js: `node scripts/phone-metadata.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const COUNTRIES = ['BR', 'PY', 'AR'];
const full = JSON.parse(readFileSync(new URL('../node_modules/libphonenumber-js/metadata.max.json', import.meta.url), 'utf8'));
const countries = Object.fromEntries(COUNTRIES.map((id) => [id, full.countries[id]]));
const callingCodes = Object.fromEntries(COUNTRIES.map((id) => [full.countries[id][0], [id]]));
const out = { version: full.version, country_calling_codes: callingCodes, countries, nonGeographic: {} };
writeFileSync(new URL('../src/lib/phone-metadata.json', import.meta.url), `${JSON.stringify(out)}\n`);
