/**
 * The image types Arbor sends to the model (PNG, JPEG, GIF, WebP), recognised by their first bytes,
 * never by a file name or a declared type: a name or a type is whatever its writer said. Plain
 * bytes in, no Node or DOM: the host, the tools and the chat's script share it.
 */

export type ImageMimeType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** Anthropic takes images up to 5 MB of base64, which is 3.75 MB of file. */
export const MAX_IMAGE_BYTES = 3.75 * 1024 * 1024;
/** The same limit on the base64 text itself (4 characters per 3 bytes). */
export const MAX_IMAGE_BASE64_CHARS = 5 * 1024 * 1024;
/** How many first bytes tell the type (WebP's is at 8..11). */
export const IMAGE_HEAD_BYTES = 12;

const ascii = (head: Uint8Array, from: number, to: number): string => String.fromCharCode(...head.subarray(from, to));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const SIGNATURES: { mimeType: ImageMimeType; matches: (head: Uint8Array) => boolean }[] = [
  { mimeType: 'image/png', matches: (head) => head.length >= 8 && PNG.every((byte, index) => head[index] === byte) },
  { mimeType: 'image/jpeg', matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
  { mimeType: 'image/gif', matches: (head) => ['GIF87a', 'GIF89a'].includes(ascii(head, 0, 6)) },
  { mimeType: 'image/webp', matches: (head) => ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP' },
];

/** The image type the bytes start with, or undefined for anything else. */
export function imageMimeType(head: Uint8Array): ImageMimeType | undefined {
  return SIGNATURES.find((signature) => signature.matches(head))?.mimeType;
}

/** "PNG", "JPEG", … for a type Arbor sends; the type itself for any other. */
export function imageTypeName(mimeType: string): string {
  return SIGNATURES.some((signature) => signature.mimeType === mimeType) ? mimeType.slice('image/'.length).toUpperCase() : mimeType;
}
