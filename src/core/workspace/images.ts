/** Recognising the image files `read` sends as images, by their first bytes (not their names). */
import { promises as fs } from 'node:fs';
import { IMAGE_HEAD_BYTES, imageMimeType } from '../util/imageType';

/** The image type of a file, or undefined for anything else (text, other binaries, unreadable). */
export async function sniffImageType(file: string): Promise<string | undefined> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file, 'r');
    const head = Buffer.alloc(IMAGE_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return imageMimeType(head.subarray(0, bytesRead));
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}
