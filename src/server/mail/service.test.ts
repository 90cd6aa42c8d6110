import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeMailFile, type MailFolderFs } from './service.ts';

let folder = '';
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The real file operations, with a disk that fills up after `bytesFree`: the write leaves what fitted, then fails. */
function fullDisk(bytesFree: number): MailFolderFs {
  const failingWrite = async (file: string, data: Uint8Array) => {
    await writeFile(file, data.subarray(0, bytesFree));
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
  return { mkdir, rename, rm, writeFile: failingWrite as unknown as MailFolderFs['writeFile'] };
}

describe('the mail folder on a full disk (issue 29, point 8)', () => {
  it('a message that cannot be written throws (the queue tries again) and leaves no file, empty or cut', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'fronteira-mail-'));
    for (const bytesFree of [0, 10]) {
      await expect(writeMailFile(folder, 'a.eml', Buffer.from('Subject: oi\n\ncorpo'), fullDisk(bytesFree))).rejects.toMatchObject({
        code: 'ENOSPC',
      });
      expect(await readdir(folder)).toEqual([]);
    }
  });

  it('written again once there is room: the whole message, under its name only', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'fronteira-mail-'));
    const message = Buffer.from('Subject: oi\n\ncorpo');
    await expect(writeMailFile(folder, 'a.eml', message, fullDisk(5))).rejects.toThrow();
    const file = await writeMailFile(folder, 'a.eml', message);
    expect(await readdir(folder)).toEqual(['a.eml']);
    expect(await readFile(file)).toEqual(message);
  });
});
