import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

/**
 * Reads the zips Netlify's build writes for the functions (.netlify/functions/*.zip): the entries
 * from the archive's central directory, and their contents. Only what those archives use: stored or
 * deflated entries, files and symlinks, no ZIP64 (a function over 4 GB would be refused long before).
 */
export interface ZipEntry {
  name: string;
  /** Uncompressed bytes. */
  size: number;
  compressedSize: number;
  method: number;
  isSymlink: boolean;
  localHeaderOffset: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export function zipEntries(zip: Buffer): ZipEntry[] {
  // The end record is the last 22 bytes, unless the archive carries a comment after it.
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) end--;
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) throw new Error(`bad central directory entry ${i}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      isSymlink: ((zip.readUInt32LE(at + 38) >>> 16) & S_IFMT) === S_IFLNK,
      localHeaderOffset: zip.readUInt32LE(at + 42),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff)
      throw new Error(`${entry.name}: ZIP64 entries are not read here`);
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

export function zipEntryContent(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (zip.readUInt32LE(at) !== LOCAL_FILE_HEADER) throw new Error(`${entry.name}: bad local header`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data;
  if (entry.method === 8) return inflateRawSync(data);
  throw new Error(`${entry.name}: compression method ${entry.method} is not read here`);
}

/** Unpacks `file` into `dir`, refusing any entry that would land outside it. */
export async function unzip(file: string, dir: string): Promise<void> {
  const zip = await readFile(file);
  for (const entry of zipEntries(zip)) {
    const target = path.resolve(dir, entry.name);
    if (!target.startsWith(path.resolve(dir) + path.sep)) throw new Error(`${entry.name}: outside the archive`);
    if (entry.name.endsWith('/')) {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    const content = zipEntryContent(zip, entry);
    if (entry.isSymlink) await symlink(content.toString('utf8'), target);
    else await writeFile(target, content);
  }
}
