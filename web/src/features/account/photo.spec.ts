import { describe, expect, it } from 'vitest';
import { checkPhotoFile, PHOTO_MAX_BYTES, sniffImage } from './photo';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff, 0xe0];
const GIF = [...'GIF89a'].map((c) => c.charCodeAt(0));

const file = (head: number[], size: number, name = 'x.png', type = 'image/png') => {
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return new File([bytes], name, { type });
};

describe('profile photo client checks', () => {
  it('recognises PNG, JPEG and GIF by their first bytes', () => {
    expect(sniffImage(new Uint8Array(PNG))).toBe('png');
    expect(sniffImage(new Uint8Array(JPG))).toBe('jpeg');
    expect(sniffImage(new Uint8Array(GIF))).toBe('gif');
    expect(sniffImage(new Uint8Array([...'GIF87a'].map((c) => c.charCodeAt(0))))).toBe('gif');
    expect(sniffImage(new Uint8Array([...'GIF88a'].map((c) => c.charCodeAt(0))))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('<svg xmlns='))).toBeNull();
    expect(sniffImage(new Uint8Array([]))).toBeNull();
  });

  it('accepts JPG, GIF and PNG up to 800 kB whatever the name says', async () => {
    expect(await checkPhotoFile(file(PNG, 1000))).toBeNull();
    expect(await checkPhotoFile(file(JPG, PHOTO_MAX_BYTES, 'photo.txt', 'text/plain'))).toBeNull();
    expect(await checkPhotoFile(file(GIF, 10, 'a.gif', 'image/gif'))).toBeNull();
  });

  it('refuses other content, even named .png, and files above 800 kB', async () => {
    expect(await checkPhotoFile(file([...new TextEncoder().encode('hello')], 100, 'fake.png'))).toBe(
      'photoInvalidType',
    );
    expect(await checkPhotoFile(new File([], 'empty.png', { type: 'image/png' }))).toBe('photoInvalidType');
    expect(await checkPhotoFile(file(PNG, PHOTO_MAX_BYTES + 1))).toBe('photoTooLarge');
    expect(PHOTO_MAX_BYTES).toBe(800 * 1024);
  });
});
