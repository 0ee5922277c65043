import fc from 'fast-check';
import { HttpError } from '../../../server/errors';
import { unzip, ZIP_LIMITS } from '../../../server/services/untrustedFiles/zip';
import { zipOf } from '../../support/hostileFiles';

const entriesArbitrary = fc.uniqueArray(
  fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9._-]{0,20}$/), data: fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)), stored: fc.boolean() }),
  { selector: (entry) => entry.name, minLength: 1, maxLength: 8 },
);

describe('the zip reader (pure, no database)', () => {
  it('reads back every entry of any zip, stored or deflated', () => {
    fc.assert(
      fc.property(entriesArbitrary, (entries) => {
        const files = unzip(zipOf(entries), entries.map((entry) => entry.name))!;
        expect([...files.keys()].sort()).toEqual(entries.map((entry) => entry.name).sort());
        for (const entry of entries) expect(files.get(entry.name)!.equals(entry.data)).toBe(true);
      }),
    );
  });

  it('answers any damage to a zip with its files, null or a refusal in words, never a crash, and never inflates past the limit', () => {
    fc.assert(
      fc.property(entriesArbitrary, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 12 }), (entries, damage) => {
        const zip = zipOf(entries);
        for (const [at, value] of damage) zip[at % zip.length] = value;
        try {
          const files = unzip(zip, entries.map((entry) => entry.name));
          const total = [...(files?.values() ?? [])].reduce((sum, file) => sum + file.length, 0);
          expect(total).toBeLessThanOrEqual(ZIP_LIMITS.inflatedBytes);
        } catch (error) {
          expect(error).toBeInstanceOf(HttpError);
          expect((error as HttpError).statusCode === 413 || (error as HttpError).statusCode === 422).toBe(true);
        }
      }),
    );
  });
});
