import { describe, expect, it } from 'vitest';
import { strToU8, unzip, zip } from './fflate-in-thread';

/** A part big enough that fflate's own zip and unzip would hand it to a `blob:` worker (over 160 KB / 512 KB). */
const sheet = strToU8(Array.from({ length: 40_000 }, (_, i) => `<row r="${i}"><c t="s"><v>${i * 7}</v></c></row>`).join(''));

const zipped = (files: Record<string, Uint8Array>) =>
  new Promise<Uint8Array>((resolve, reject) => {
    let returned = false;
    zip(files, (error, data) => {
      if (!returned) reject(new Error('called back before zip returned'));
      if (error) reject(error);
      else resolve(data);
    });
    returned = true;
  });

describe('fflate in the calling thread', () => {
  it('zips and unzips a part of over 1 MB through the callback API, called back after returning', async () => {
    expect(sheet.length).toBeGreaterThan(1_000_000);
    const archive = await zipped({ 'xl/worksheets/sheet1.xml': sheet, '[Content_Types].xml': strToU8('<Types/>') });
    expect(archive.length).toBeLessThan(sheet.length / 3);
    const files = await new Promise<Record<string, Uint8Array>>((resolve, reject) =>
      unzip(archive, { filter: (file) => file.name.endsWith('.xml') }, (error, data) => (error ? reject(error) : resolve(data))),
    );
    expect(Object.keys(files).sort()).toEqual(['[Content_Types].xml', 'xl/worksheets/sheet1.xml']);
    expect(files['xl/worksheets/sheet1.xml']).toEqual(sheet);
  });

  it('a damaged archive is an error through the callback, not a throw', async () => {
    const failure = await new Promise<Error | null>((resolve) => unzip(strToU8('PK\u0003\u0004 not a zip'), (error) => resolve(error)));
    expect(failure).toBeInstanceOf(Error);
  });
});
