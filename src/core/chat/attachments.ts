/**
 * Images the user attaches to a message (pasted or dropped into the chat's input): which are
 * taken, which are refused and why. The webview checks a file before reading it (so a huge one
 * is never read); the host checks again what the webview sent, since only the host's check decides
 * what reaches the model and the session file. An image is known by its first bytes only: its name
 * and the type it claims are not trusted. The user message's content they become is pi's
 * (`promptContent` in session/text.ts).
 */
import type { ImageContent } from '../session/types';
import { formatSize } from '../util/byteSize';
import { IMAGE_HEAD_BYTES, imageMimeType, imageTypeName, MAX_IMAGE_BASE64_CHARS, MAX_IMAGE_BYTES, type ImageMimeType } from '../util/imageType';

/** An image as the chat's input sends it with a prompt. */
export interface PromptImage {
  mimeType: string;
  /** base64 */
  data: string;
  /** The file's name, when it had one (a pasted screenshot has none); shown, never trusted. */
  name?: string;
}

/** Images one message may carry (Anthropic takes more per request; a message of dozens is a slip). */
export const MAX_IMAGES_PER_MESSAGE = 20;

export type ImageCheck = { ok: true; mimeType: ImageMimeType } | { ok: false; message: string };

/** Whether a file may be attached, from its size and first bytes (checked before it is read whole). */
export function checkImageFile(name: string, size: number, head: Uint8Array): ImageCheck {
  const shown = shownName(name);
  const mimeType = imageMimeType(head);
  if (!mimeType) return { ok: false, message: `${shown} is not a PNG, JPEG, GIF or WebP image: only those can be attached.` };
  if (size > MAX_IMAGE_BYTES) return { ok: false, message: `${shown} is ${formatSize(size)}; an image may be at most ${formatSize(MAX_IMAGE_BYTES)}.` };
  return { ok: true, mimeType };
}

/** Whether one more image may join the `count` the input holds. */
export function roomForImage(count: number): ImageCheck | undefined {
  return count >= MAX_IMAGES_PER_MESSAGE ? { ok: false, message: `A message may carry at most ${MAX_IMAGES_PER_MESSAGE} images.` } : undefined;
}

export interface AcceptedImages {
  images: ImageContent[];
  /** Why each image left out was (plain words, for the user). */
  refused: string[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The images a prompt carries, as the host takes them: well-formed base64 within the size limit,
 * whose bytes are a PNG, JPEG, GIF or WebP; the type stored is the one the bytes say.
 */
export function acceptPromptImages(images: readonly PromptImage[]): AcceptedImages {
  const accepted: ImageContent[] = [];
  const refused: string[] = [];
  for (const image of images) {
    const shown = shownName(image.name);
    if (accepted.length === MAX_IMAGES_PER_MESSAGE) {
      refused.push(`${shown} was left out: a message may carry at most ${MAX_IMAGES_PER_MESSAGE} images.`);
    } else if (image.data.length > MAX_IMAGE_BASE64_CHARS) {
      refused.push(`${shown} was left out: an image may be at most ${formatSize(MAX_IMAGE_BYTES)}.`);
    } else {
      const mimeType = image.data.length % 4 === 0 && BASE64.test(image.data) ? imageMimeType(base64Head(image.data)) : undefined;
      if (mimeType) accepted.push({ type: 'image', data: image.data, mimeType });
      else refused.push(`${shown} was left out: it is not a PNG, JPEG, GIF or WebP image.`);
    }
  }
  return { images: accepted, refused };
}

/** "PNG, 34.0KB": an image's type and its size as a file (from the base64's length). */
export function imageLabel(mimeType: string, base64Chars: number): string {
  return `${imageTypeName(mimeType)}, ${formatSize(Math.floor((base64Chars * 3) / 4))}`;
}

function shownName(name: string | undefined): string {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? 'The image' : `"${trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed}"`;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The first bytes of a base64 text (enough to tell the image type), decoded without decoding it all. */
function base64Head(data: string): Uint8Array {
  const chars = data.slice(0, Math.ceil(IMAGE_HEAD_BYTES / 3) * 4).replace(/=+$/, '');
  const bytes: number[] = [];
  let bits = 0;
  let buffer = 0;
  for (const char of chars) {
    buffer = (buffer << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}
