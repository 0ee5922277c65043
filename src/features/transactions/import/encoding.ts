/** A bank file's text and the character encoding it was read in. */
interface DecodedText {
  text: string;
  encoding: string;
}

const decode = (bytes: Uint8Array, label: string, fatal = false) => new TextDecoder(label, { fatal }).decode(bytes);

/** UTF-16 without a byte-order mark: text with a zero byte beside most ASCII characters, on one side. */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = bytes.subarray(0, 4000);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros += 1;
    if (sample[i + 1] === 0) oddZeros += 1;
  }
  const half = sample.length / 2;
  if (oddZeros > half * 0.6 && evenZeros < half * 0.1) return 'utf-16le';
  if (evenZeros > half * 0.6 && oddZeros < half * 0.1) return 'utf-16be';
  return null;
}

/**
 * A bank file's bytes as text. A byte-order mark or UTF-16's zero bytes decide first; text that is valid UTF-8
 * is UTF-8; anything else is a legacy single-byte file (Windows-1252, Latin-1, Windows-1250...), named by
 * jschardet, which is only loaded then (it is large and most files are UTF-8).
 */
export async function decodeBankFile(bytes: Uint8Array): Promise<DecodedText> {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: decode(bytes.subarray(3), 'utf-8'), encoding: 'UTF-8 (with BOM)' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decode(bytes.subarray(2), 'utf-16le'), encoding: 'UTF-16' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decode(bytes.subarray(2), 'utf-16be'), encoding: 'UTF-16' };
  const utf16 = utf16WithoutMark(bytes);
  if (utf16) return { text: decode(bytes, utf16).replace(/\0+$/, ''), encoding: 'UTF-16' };
  try {
    return { text: decode(bytes, 'utf-8', true), encoding: 'UTF-8' };
  } catch {
    // Not UTF-8: a legacy encoding, below.
  }
  const { default: jschardet } = await import(/* webpackChunkName: "jschardet" */ 'jschardet');
  const guess = jschardet.detect(bytes).encoding;
  for (const label of [guess, 'windows-1252']) {
    if (!label || /^(utf|ascii)/i.test(label)) continue;
    try {
      return { text: decode(bytes, label), encoding: label === 'windows-1252' ? 'Windows-1252' : label };
    } catch {
      // A name TextDecoder does not know: Windows-1252, the superset of Latin-1, is the last resort.
    }
  }
  return { text: decode(bytes, 'windows-1252'), encoding: 'Windows-1252' };
}
