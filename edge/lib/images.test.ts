import { describe, expect, it } from 'vitest';
import { png, pngChunk } from '../testing/images';
import { checkImage, dimensionsOf } from './images';

const text = (s: string) => new TextEncoder().encode(s);

describe('checkImage', () => {
  it('takes a whole PNG of a sane size and reads its dimensions', () => {
    expect(checkImage(png(1200, 630))).toMatchObject({ ok: true, width: 1200, height: 630, image: { contentType: 'image/png' } });
  });

  it('refuses a pixel flood by its header, before anything is decoded', () => {
    expect(checkImage(png(100_000, 100_000))).toEqual({ ok: false, reason: 'too-many-pixels' });
    expect(checkImage(png(7000, 7000))).toEqual({ ok: false, reason: 'too-many-pixels' }); // 49 MP
    expect(checkImage(png(20_000, 10))).toEqual({ ok: false, reason: 'too-many-pixels' }); // one side too long
  });

  it('refuses PNG/HTML polyglots, trailing bytes, broken chunks and markup anywhere', () => {
    const html = text('<html><body><script>alert(document.cookie)</script></body></html>');
    expect(checkImage(png(10, 10, { extraChunks: [pngChunk('tEXt', text(`Comment\0${new TextDecoder().decode(html)}`))] })).ok).toBe(false);
    expect(checkImage(png(10, 10, { after: html })).ok).toBe(false);
    expect(checkImage(png(10, 10, { after: new Uint8Array([0]) })).ok).toBe(false);
    const broken = png(10, 10);
    broken[broken.length - 20]! ^= 0xff; // a byte of the IDAT chunk: its CRC no longer holds
    expect(checkImage(broken).ok).toBe(false);
    const jpegWithScript = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 10, 0, 10, 3, ...text('<!DOCTYPE html><script>x</script>')]);
    expect(checkImage(jpegWithScript).ok).toBe(false);
  });

  it('reads JPEG, GIF and WebP dimensions', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 17, 8, 0x01, 0x2c, 0x02, 0x58, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(dimensionsOf('jpg', jpeg)).toEqual({ width: 600, height: 300 });
    const gif = new Uint8Array([...text('GIF89a'), 0x40, 0x01, 0xf0, 0x00, 0, 0, 0]);
    expect(dimensionsOf('gif', gif)).toEqual({ width: 320, height: 240 });
    const vp8x = new Uint8Array(30);
    vp8x.set(text('RIFF'), 0);
    vp8x.set(text('WEBPVP8X'), 8);
    vp8x.set([0x7f, 0x0c, 0x00, 0x37, 0x04, 0x00], 24); // 3200 × 1080
    expect(dimensionsOf('webp', vp8x)).toEqual({ width: 3200, height: 1080 });
    const flood = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0xff, 0xff, 0xff, 0xff, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(checkImage(flood)).toEqual({ ok: false, reason: 'too-many-pixels' });
  });
});
