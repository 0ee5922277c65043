import { crc32, inflateRawSync } from 'node:zlib';
import { tooLarge, unprocessable } from '../../errors';
import { megabytes } from './limits';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The sizes and counts that say "see the ZIP64 record": archives that large are refused before reading it. */
const ZIP64_SIZE = 0xffffffff;
const ZIP64_COUNT = 0xffff;

/** What a zip another program made may hold: checked from its directory before anything is inflated. */
export const ZIP_LIMITS = {
  entries: 1_000,
  /** The sum of every entry's inflated size, as declared and as inflated. */
  inflatedBytes: 256 * 1024 * 1024,
};

interface Entry {
  name: string;
  method: number;
  crc: number;
  size: number;
  /** Where its local header starts and its data ends: no two entries may share a byte. */
  from: number;
  dataAt: number;
  to: number;
}

const damaged = (why: string) => unprocessable(`This zip file is damaged or not one EveryCent can read (${why}).`);

/**
 * The entries of a zip archive named in `wanted` (or that `wanted` says yes to; stored or deflated), read from its central directory; null
 * when the bytes are not a zip at all. Everything is checked before a byte is inflated: the number of entries,
 * each entry's place (inside the file, no two entries overlapping, as "zip bombs" overlap one compressed block
 * many times), every declared size against the limit; then each wanted entry is inflated no further than its
 * declared size and must match it and its checksum.
 */
export function unzip(bytes: Buffer, wanted: readonly string[] | ((name: string) => boolean)): Map<string, Buffer> | null {
  const isWanted = typeof wanted === 'function' ? wanted : (name: string) => wanted.includes(name);
  const end = endOfDirectory(bytes);
  if (end < 0) return null;
  const entries = directory(bytes, end);
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > ZIP_LIMITS.inflatedBytes) {
    throw tooLarge(`This zip would unpack to ${megabytes(declared)}; EveryCent unpacks at most ${megabytes(ZIP_LIMITS.inflatedBytes)} from one file.`);
  }
  const files = new Map<string, Buffer>();
  for (const entry of entries) {
    if (!isWanted(entry.name)) continue;
    files.set(entry.name, contents(bytes, entry));
  }
  return files;
}

function endOfDirectory(bytes: Buffer): number {
  // The end-of-directory record is the last 22 bytes, plus a comment of at most 65,535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY && at + 22 + bytes.readUInt16LE(at + 20) === bytes.length) return at;
  }
  return -1;
}

function directory(bytes: Buffer, end: number): Entry[] {
  const count = bytes.readUInt16LE(end + 10);
  if (count !== bytes.readUInt16LE(end + 8) || bytes.readUInt16LE(end + 4) !== 0) throw damaged('it spans several disks');
  if (count === ZIP64_COUNT) throw damaged('it is a ZIP64 archive');
  if (count > ZIP_LIMITS.entries) throw tooLarge(`This zip holds ${count.toLocaleString('en-US')} files; EveryCent reads zips of at most ${ZIP_LIMITS.entries.toLocaleString('en-US')}.`);
  const directoryAt = bytes.readUInt32LE(end + 16);
  const directoryEnd = directoryAt + bytes.readUInt32LE(end + 12);
  if (directoryEnd > end) throw damaged('its directory lies outside the file');
  const entries: Entry[] = [];
  const names = new Set<string>();
  let at = directoryAt;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directoryEnd || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw damaged('its directory is cut short');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const from = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (at > directoryEnd) throw damaged('its directory is cut short');
    if (flags & 1) throw damaged(`${name} is encrypted`);
    if (method !== 0 && method !== 8) throw damaged(`${name} is compressed in a way other than deflate`);
    if (compressedSize === ZIP64_SIZE || size === ZIP64_SIZE || from === ZIP64_SIZE) throw damaged('it is a ZIP64 archive');
    if (method === 0 && compressedSize !== size) throw damaged(`${name} says two different sizes`);
    if (names.has(name)) throw damaged(`${name} is in it twice`);
    names.add(name);
    if (from + 30 > directoryAt || bytes.readUInt32LE(from) !== LOCAL_HEADER) throw damaged(`${name} is not where its directory says`);
    const dataAt = from + 30 + bytes.readUInt16LE(from + 26) + bytes.readUInt16LE(from + 28);
    const to = dataAt + compressedSize;
    if (to > directoryAt) throw damaged(`${name} runs past the end of the data`);
    entries.push({ name, method, crc, size, from, dataAt, to });
  }
  const inOrder = [...entries].sort((a, b) => a.from - b.from);
  for (let i = 1; i < inOrder.length; i++) {
    if (inOrder[i].from < inOrder[i - 1].to) throw damaged(`${inOrder[i - 1].name} and ${inOrder[i].name} share the same bytes`);
  }
  return entries;
}

function contents(bytes: Buffer, entry: Entry): Buffer {
  const data = bytes.subarray(entry.dataAt, entry.to);
  let inflated: Buffer;
  if (entry.method === 0) inflated = data;
  else {
    try {
      // Never more than it declared (zlib stops there): an entry that lies about its size cannot grow past it.
      inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch {
      throw damaged(`${entry.name} unpacks to more than it declares, or not at all`);
    }
  }
  if (inflated.length !== entry.size) throw damaged(`${entry.name} unpacks to another size than it declares`);
  if (crc32(inflated) >>> 0 !== entry.crc) throw damaged(`${entry.name} fails its checksum`);
  return inflated;
}
