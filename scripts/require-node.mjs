// Refuses, in one sentence, a Node older than package.json's `engines.node`. `npm start` imports
// this first, before anything that loads `.ts` files: Node 20 (Debian's) would otherwise stop on
// ERR_UNKNOWN_FILE_EXTENSION. The `node` dependency puts Node 24 in node_modules/.bin, which npm
// scripts run with; without it (an install that skipped it) the system's Node runs this.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const requiredMajor = Number(/\d+/.exec(engines.node)?.[0]);
if (Number(process.versions.node.split('.')[0]) < requiredMajor) {
  console.error(
    `The shop needs Node ${engines.node} but this is Node ${process.versions.node}: run \`npm install\` (it installs Node ${requiredMajor} as the "node" dependency) and start the shop with \`npm start\`.`,
  );
  process.exit(1);
}
