import { describe, expect, it } from 'vitest';
import { chooseImageFormat } from '#src/server/images/format.ts';

const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const SAFARI_16 = 'image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5';
const OLD_FIREFOX = 'image/webp,*/*';
const OLD_BROWSER = 'image/png,image/*;q=0.8,*/*;q=0.5';

describe('image format by the Accept header', () => {
  it('gives AVIF to browsers that name it, WebP to those that name only WebP', () => {
    expect(chooseImageFormat(CHROME, 'a.jpg')).toBe('avif');
    expect(chooseImageFormat(SAFARI_16, 'a.jpg')).toBe('avif');
    expect(chooseImageFormat(OLD_FIREFOX, 'a.jpg')).toBe('webp');
  });

  it('follows q-values: a refused or less wanted AVIF loses to WebP', () => {
    expect(chooseImageFormat('image/avif;q=0,image/webp', 'a.jpg')).toBe('webp');
    expect(chooseImageFormat('image/avif;q=0.5,image/webp;q=0.9', 'a.jpg')).toBe('webp');
  });

  it('falls back to the source kind (JPEG for photographs, PNG otherwise) when no modern format is named: a wildcard is not enough', () => {
    expect(chooseImageFormat(OLD_BROWSER, 'a.jpg')).toBe('jpeg');
    expect(chooseImageFormat('*/*', 'a.jpeg')).toBe('jpeg');
    expect(chooseImageFormat(undefined, 'a.png')).toBe('png');
    expect(chooseImageFormat('image/*', 'a.svg')).toBe('png');
  });
});
