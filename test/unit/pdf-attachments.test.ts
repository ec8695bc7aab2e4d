import { expect } from 'chai';
import { EMBEDDED_LIMITS, embeddedFiles, UnreadablePdf } from '../../src/core/pdf-attachments';
import { pdfWith } from '../costs/isdoc-import.helpers';

describe('core: files embedded in a PDF (pdf-attachments)', () => {
  it('reads every embedded file (FlateDecode inflated) by its name, in the name tree’s (sorted) order', async () => {
    const pdf = await pdfWith([
      { name: 'faktura.isdoc', content: Buffer.from('<Invoice>žluťoučký kůň</Invoice>') },
      { name: 'dodaci-list.xml', content: Buffer.from('<DeliveryNote/>') },
    ]);
    const files = await embeddedFiles(pdf);
    expect(files.map((f) => [f.name, f.content.toString('utf8')])).to.deep.equal([
      ['dodaci-list.xml', '<DeliveryNote/>'],
      ['faktura.isdoc', '<Invoice>žluťoučký kůň</Invoice>'],
    ]);
  });

  it('leaves out a file that would inflate past the cap', async () => {
    const big = Buffer.alloc(EMBEDDED_LIMITS.bytesPerFile + 1, 0x20);
    const pdf = await pdfWith([
      { name: 'bomb.isdoc', content: big },
      { name: 'small.isdoc', content: Buffer.from('<x/>') },
    ]);
    expect(pdf.length).to.be.below(EMBEDDED_LIMITS.bytesPerFile / 10);
    expect((await embeddedFiles(pdf)).map((f) => f.name)).to.deep.equal(['small.isdoc']);
  });

  it('a PDF without attachments has none; bytes that are no PDF are UnreadablePdf', async () => {
    expect(await embeddedFiles(await pdfWith([]))).to.deep.equal([]);
    let error: unknown;
    await embeddedFiles(Buffer.from('%PDF-1.7 garbage')).catch((err: unknown) => (error = err));
    expect(error).to.be.instanceOf(UnreadablePdf);
  });
});
