import { expect } from 'chai';
import type * as fontkit from 'fontkit';
import { FONTS } from '../../src/modules/documents/print/document-pdf';

/** fontkit's character map, read without making the glyph (glyphForCodePoint would make it with its letter). */
type CmapLookup = { _cmapProcessor: { lookup(codePoint: number): number } };

describe('unit: the shared PDF fonts', () => {
  it('know the letter of a glyph first asked for by its id (the text a reader extracts keeps it)', () => {
    for (const font of Object.values(FONTS) as unknown as fontkit.Font[]) {
      for (const letter of 'cČřžé€') {
        const codePoint = letter.codePointAt(0)!;
        // What a subset or an SVG logo does: the glyph by id, without the character it stands for.
        const id = (font as unknown as CmapLookup)._cmapProcessor.lookup(codePoint);
        const byId = font.getGlyph(id);
        expect(byId.codePoints, letter).to.deep.equal([codePoint]);
      }
    }
  });
});
