import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import SQLite from 'better-sqlite3';

/** One file of a zip made by `zipOf`, with the ways a hostile zip lies about it. */
export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Stored rather than deflated. */
  stored?: boolean;
  /** The inflated size the directory claims (the real one when left out). */
  declaredSize?: number;
  /** Point this entry's directory record at the same bytes as an earlier entry's (an overlapping zip bomb). */
  sameBytesAs?: number;
}

/** A zip archive written here, byte by byte (local headers, data, central directory, end record). */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  entries.forEach((entry, i) => {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.stored ? entry.data : deflateRawSync(entry.data);
    const method = entry.stored ? 0 : 8;
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const at = entry.sameBytesAs === undefined ? offset : offsets[entry.sameBytesAs];
    offsets.push(at);
    if (entry.sameBytesAs === undefined) {
      locals.push(local, name, body);
      offset += local.length + name.length + body.length;
    }
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(method, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(body.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(at, 42);
    directory.push(record, name);
    void i;
  });
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
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
