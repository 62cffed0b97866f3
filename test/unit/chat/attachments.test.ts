// Images attached to a prompt: known by their first bytes (never by name or claimed type), held to
// Anthropic's size limit with a message saying so, and stored as pi stores them (text, then images).
import { strict as assert } from 'node:assert';
import { acceptPromptImages, checkImageFile, imageLabel, MAX_IMAGES_PER_MESSAGE, roomForImage } from '../../../src/core/chat/attachments';
import { imageMimeType, MAX_IMAGE_BASE64_CHARS, MAX_IMAGE_BYTES } from '../../../src/core/util/imageType';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00', 'latin1');
const WEBP = Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');

describe('attached images', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes and nothing else', () => {
    assert.deepEqual([PNG, JPEG, GIF, WEBP, SVG, Buffer.alloc(0)].map((bytes) => imageMimeType(bytes)), ['image/png', 'image/jpeg', 'image/gif', 'image/webp', undefined, undefined]);
  });

  it('refuses a file whose bytes are not an image, whatever its name says', () => {
    assert.deepEqual(checkImageFile('shot.png', SVG.length, SVG), { ok: false, message: '"shot.png" is not a PNG, JPEG, GIF or WebP image: only those can be attached.' });
  });

  it('takes a JPEG named .png as a JPEG', () => {
    assert.deepEqual(checkImageFile('shot.png', JPEG.length, JPEG), { ok: true, mimeType: 'image/jpeg' });
  });

  it('refuses an image over the limit before it is read, saying the limit', () => {
    assert.deepEqual(checkImageFile('', MAX_IMAGE_BYTES + 1, PNG), { ok: false, message: 'The image is 3.8MB; an image may be at most 3.8MB.' });
    assert.deepEqual(checkImageFile('big.png', 6 * 1024 * 1024, PNG), { ok: false, message: '"big.png" is 6.0MB; an image may be at most 3.8MB.' });
    assert.deepEqual(checkImageFile('fits.png', MAX_IMAGE_BYTES, PNG), { ok: true, mimeType: 'image/png' });
  });

  it('has room for images up to the per-message limit', () => {
    assert.equal(roomForImage(MAX_IMAGES_PER_MESSAGE - 1), undefined);
    assert.deepEqual(roomForImage(MAX_IMAGES_PER_MESSAGE), { ok: false, message: 'A message may carry at most 20 images.' });
  });

  it('stores the type the bytes say, not the one the webview claims', () => {
    const { images, refused } = acceptPromptImages([{ mimeType: 'image/png', data: GIF.toString('base64'), name: 'a.png' }]);
    assert.deepEqual(images, [{ type: 'image', data: GIF.toString('base64'), mimeType: 'image/gif' }]);
    assert.deepEqual(refused, []);
  });

  it('leaves out what is not base64, not an image, or too large, and says which', () => {
    const { images, refused } = acceptPromptImages([
      { mimeType: 'image/png', data: 'iVBO<script>', name: 'x.png' },
      { mimeType: 'image/svg+xml', data: SVG.toString('base64') },
      { mimeType: 'image/png', data: 'A'.repeat(MAX_IMAGE_BASE64_CHARS + 4), name: 'huge.png' },
      { mimeType: 'image/webp', data: WEBP.toString('base64'), name: 'ok.webp' },
    ]);
    assert.deepEqual(images, [{ type: 'image', data: WEBP.toString('base64'), mimeType: 'image/webp' }]);
    assert.deepEqual(refused, [
      '"x.png" was left out: it is not a PNG, JPEG, GIF or WebP image.',
      'The image was left out: it is not a PNG, JPEG, GIF or WebP image.',
      '"huge.png" was left out: an image may be at most 3.8MB.',
    ]);
  });

  it('keeps at most the per-message number of images', () => {
    const many = Array.from({ length: MAX_IMAGES_PER_MESSAGE + 2 }, () => ({ mimeType: 'image/png', data: PNG.toString('base64') }));
    const { images, refused } = acceptPromptImages(many);
    assert.equal(images.length, MAX_IMAGES_PER_MESSAGE);
    assert.deepEqual(refused, ['The image was left out: a message may carry at most 20 images.', 'The image was left out: a message may carry at most 20 images.']);
  });

  it('labels an image with its type and file size', () => {
    assert.equal(imageLabel('image/png', 46420), 'PNG, 34.0KB');
    assert.equal(imageLabel('image/x-evil', 8), 'image/x-evil, 6B');
  });
});
