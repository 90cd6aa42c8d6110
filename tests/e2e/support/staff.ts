import { spawn } from 'node:child_process';

/** `npm run staff -- …` against the shop under test (its database and data folder). */
export function runStaffCli(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/staff.mjs', ...args], {
      env: { ...process.env, DATABASE_URL: process.env.TEST_APP_DATABASE_URL, DATA_DIR: process.env.TEST_DATA_DIR },
    });
    let out = '';
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

/** The one-time link `add` and `reset` print. */
export function readSetPasswordLink(out: string): string {
  const link = out.match(/https?:\/\/\S+\/painel\/definir-senha\?token=\S+/)?.[0];
  if (!link) throw new Error(`no set-password link in: ${out}`);
  return link;
}
