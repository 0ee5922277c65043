import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import SQLite from 'better-sqlite3';

/** One file of a zip made by `zipOf`, with the ways a hostile zip lies about it. */
export interface ZipEntry {
  name: string;
  /** Its bytes (deflated here unless `stored`), or `deflated`: bytes deflated already, with their checksum and size. */
  data?: Buffer;
  deflated?: { bytes: Buffer; crc: number; size: number };
  stored?: boolean;
  /** The inflated size the directory claims (the real one when left out). */
  declaredSize?: number;
  /** Point this entry's directory record at the same bytes as an earlier entry's (an overlapping zip bomb). */
  sameBytesAs?: number;
}

/** A little-endian record: [offset, bytes (2 or 4), value] each. */
function record(length: number, fields: Array<[number, 2 | 4, number]>): Buffer {
  const bytes = Buffer.alloc(length);
  for (const [at, size, value] of fields) {
    if (size === 2) bytes.writeUInt16LE(value, at);
    else bytes.writeUInt32LE(value, at);
  }
  return bytes;
}

/** A zip archive written here, byte by byte (local headers, data, central directory, end record). */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.data ?? Buffer.alloc(0);
    const body = entry.deflated?.bytes ?? (entry.stored ? data : deflateRawSync(data));
    const method = entry.stored ? 0 : 8;
    const size = entry.declaredSize ?? entry.deflated?.size ?? data.length;
    const crc = entry.deflated?.crc ?? crc32(data) >>> 0;
    const at = entry.sameBytesAs === undefined ? offset : offsets[entry.sameBytesAs];
    offsets.push(at);
    if (entry.sameBytesAs === undefined) {
      const local = record(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, method], [14, 4, crc], [18, 4, body.length], [22, 4, size], [26, 2, name.length]]);
      locals.push(local, name, body);
      offset += local.length + name.length + body.length;
    }
    const central = record(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [10, 2, method], [16, 4, crc], [20, 4, body.length], [24, 4, size], [28, 2, name.length], [42, 4, at]]);
    directory.push(central, name);
  }
  const directoryBytes = Buffer.concat(directory);
  const end = record(22, [[0, 4, 0x06054b50], [8, 2, entries.length], [10, 2, entries.length], [12, 4, directoryBytes.length], [16, 4, offset]]);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const ACTUAL = path.join(__dirname, '../fixtures/history/actual');

/** The fixture's Actual database (db.sql), made with better-sqlite3, with `changes` run on it: its bytes. */
export function actualDatabase(changes = ''): Buffer {
  const db = new SQLite(':memory:');
  try {
    db.exec(fs.readFileSync(path.join(ACTUAL, 'db.sql'), 'utf8'));
    if (changes) db.exec(changes);
    return db.serialize();
  } finally {
    db.close();
  }
}

/** The body of a history preview or import of an Actual export zip holding this database. */
export function actualUpload(database: Buffer, extra: ZipEntry[] = []) {
  const zip = zipOf([{ name: 'db.sqlite', data: database }, { name: 'metadata.json', data: fs.readFileSync(path.join(ACTUAL, 'metadata.json')) }, ...extra]);
  return { source: 'actual', file: zip.toString('base64') };
}

/** The same with a zip made whole by the caller. */
export const zipUpload = (zip: Buffer) => ({ source: 'actual', file: zip.toString('base64') });
