import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * The files of a zip archive by name (stored or deflated, as Actual's export writes them), read from its
 * central directory; null when the bytes are not a zip this can read.
 */
export function unzip(bytes: Buffer): Map<string, Buffer> | null {
  // The end-of-directory record is the last 22 bytes, plus a comment of at most 65,535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  try {
    for (let i = 0; i < count; i++) {
      if (bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
      const method = bytes.readUInt16LE(at + 10);
      const compressedSize = bytes.readUInt32LE(at + 20);
      const nameLength = bytes.readUInt16LE(at + 28);
      const extraLength = bytes.readUInt16LE(at + 30);
      const commentLength = bytes.readUInt16LE(at + 32);
      const localAt = bytes.readUInt32LE(at + 42);
      const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
      at += 46 + nameLength + extraLength + commentLength;
      if (bytes.readUInt32LE(localAt) !== LOCAL_HEADER) return null;
      const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
      const data = bytes.subarray(dataAt, dataAt + compressedSize);
      if (method === 0) files.set(name, data);
      else if (method === 8) files.set(name, inflateRawSync(data));
      else return null;
    }
  } catch {
    return null;
  }
  return files;
}
