/** Recognising the image files `read` sends as images, by their first bytes (not their names). */
import { promises as fs } from 'node:fs';

const SIGNATURES: { mimeType: string; matches: (head: Buffer) => boolean }[] = [
  { mimeType: 'image/png', matches: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mimeType: 'image/jpeg', matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
  { mimeType: 'image/gif', matches: (head) => ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1')) },
  { mimeType: 'image/webp', matches: (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The image type of a file, or undefined for anything else (text, other binaries, unreadable). */
export async function sniffImageType(file: string): Promise<string | undefined> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file, 'r');
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return SIGNATURES.find((signature) => signature.matches(head.subarray(0, bytesRead)))?.mimeType;
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}
