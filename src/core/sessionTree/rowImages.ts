/**
 * The images a message holds, as lines of its Session Tree tooltip ("🖼 image (PNG, 34.0KB)"). The
 * images themselves are not drawn there: a tooltip is Markdown rendered without images (a file's
 * text may not load anything), and a file may hold megabytes of base64. Only the first few blocks
 * are looked at; their type and size come from the file, so they are cut and shown as text.
 */
import { imageLabel } from '../chat/attachments';
import type { SessionEntry } from '../session';

/** Image lines a tooltip shows; more are counted. */
const SHOWN_IMAGES = 4;
/** Blocks of one message looked at (a hostile file may hold a million). */
const SCANNED_BLOCKS = 200;
/** A mime type is a few characters; a file's may be a megabyte. */
const TYPE_CHARS = 40;

export function imageLines(entry: SessionEntry): string[] {
  if (entry.type !== 'message') return [];
  const content = (entry.message as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return [];
  const labels: string[] = [];
  let count = 0;
  for (const block of content.slice(0, SCANNED_BLOCKS)) {
    if (typeof block !== 'object' || block === null || (block as { type?: unknown }).type !== 'image') continue;
    count++;
    if (labels.length === SHOWN_IMAGES) continue;
    const { mimeType, data } = block as { mimeType?: unknown; data?: unknown };
    const type = typeof mimeType === 'string' ? mimeType.slice(0, TYPE_CHARS) : 'unknown type';
    labels.push(`🖼 image (${imageLabel(type, typeof data === 'string' ? data.length : 0)})`);
  }
  return count > labels.length ? [...labels, `… and ${count - labels.length} more images`] : labels;
}
