import fs from 'node:fs';
import iconv from 'iconv-lite';

/** The encodings sellers' CSV files arrive in (Excel on Windows saves "CSV" in the ANSI code page). */
export type TCsvEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'windows-1256' | 'windows-1252';

const SAMPLE_BYTES = 64 * 1024;

/**
 * Picks the encoding from the first 64 KB: a BOM wins; otherwise valid UTF-8 is UTF-8; otherwise the
 * file is in a Windows code page, and which one is told by how its high bytes sit. Arabic words are
 * runs of high bytes in Windows-1256 ("محمد" is 4 in a row), while French accents in Windows-1252 are
 * lone high bytes between ASCII letters ("Médéa"). Windows-1256 also keeps the French accented
 * letters at the Windows-1252 positions, so a mixed Arabic/French file decodes right as 1256.
 * See docs/decisions/0020.
 */
export function detectCsvEncoding(sample: Uint8Array): TCsvEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf16be';
  if (isUtf8(sample)) return 'utf8';
  let inRuns = 0;
  let alone = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i]! < 0x80) continue;
    const neighbour = (sample[i - 1] ?? 0) >= 0x80 || (sample[i + 1] ?? 0) >= 0x80;
    if (neighbour) inRuns++;
    else alone++;
  }
  return inRuns > alone ? 'windows-1256' : 'windows-1252';
}

function isUtf8(sample: Uint8Array): boolean {
  try {
    // stream: true tolerates a character cut by the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export async function readSample(filePath: string, bytes = SAMPLE_BYTES): Promise<Uint8Array> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The file as a stream of decoded text (BOM removed), in any of the supported encodings. */
export async function openCsvText(
  filePath: string,
): Promise<{ text: NodeJS.ReadableStream; encoding: TCsvEncoding; close: () => void }> {
  const encoding = detectCsvEncoding(await readSample(filePath));
  const file = fs.createReadStream(filePath, { highWaterMark: 256 * 1024 });
  const text = file.pipe(iconv.decodeStream(encoding, { stripBOM: true }));
  file.on('error', (error) => text.emit('error', error));
  return { text, encoding, close: () => file.destroy() };
}
