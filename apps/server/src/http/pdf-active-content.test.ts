/** Active content in uploaded PDFs (issue 38): read in plain objects, through #xx escapes and inside compressed object streams. */
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfActiveContent } from './pdf-active-content';

/** A PDF made of these object bodies (numbered from 1), with a trailer naming 1 as the catalog. */
function pdf(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  objects.forEach((o, i) => {
    parts.push(Buffer.from(`${i + 1} 0 obj\n`), typeof o === 'string' ? Buffer.from(o, 'latin1') : o, Buffer.from('\nendobj\n'));
  });
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'));
  return Buffer.concat(parts);
}

/** An object stream (PDF 1.5) holding `inner` as its one object, number 9. */
function objectStream(inner: string, o: { filter?: string; corrupt?: boolean } = {}): Buffer {
  const header = '9 0 ';
  const data = o.corrupt ? Buffer.from('not deflate data at all') : deflateSync(Buffer.from(header + inner, 'latin1'));
  return Buffer.concat([
    Buffer.from(`<< /Type /ObjStm /N 1 /First ${header.length} /Filter ${o.filter ?? '/FlateDecode'} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
}

const catalog = '<< /Type /Catalog /Pages 2 0 R >>';
const pages = '<< /Type /Pages /Kids [] /Count 0 >>';

async function pdfkitDocument(): Promise<Buffer> {
  const doc = new PDFDocument({ compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.text('Devis: remplacement du chauffe-eau, 1 200 MAD. /JS is only text here.').link(20, 20, 100, 20, 'https://khedma.ma');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

describe('pdfActiveContent', () => {
  it('finds nothing in plain PDFs: a catalog and pages, a real document with a link, an object stream of plain objects, an /OpenAction to a page', async () => {
    expect(pdfActiveContent(pdf([catalog, pages]))).toEqual([]);
    expect(pdfActiveContent(await pdfkitDocument())).toEqual([]);
    expect(pdfActiveContent(pdf([catalog, pages, objectStream('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')]))).toEqual([]);
    expect(pdfActiveContent(pdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>', pages, '<< /Type /Page /Parent 2 0 R >>']))).toEqual([]);
  });

  it('finds JavaScript run on open, however the names are written', () => {
    expect(pdfActiveContent(pdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>', pages]))).toEqual(
      expect.arrayContaining(['JavaScript', 'JS', 'OpenAction']),
    );
    // #xx escapes spell the same names (pdfid's obfuscation case).
    expect(pdfActiveContent(pdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >>', pages, '<< /S /J#61va#53cript /J#53 (x) >>']))).toEqual(
      expect.arrayContaining(['JavaScript', 'JS']),
    );
  });

  it('finds each kind of active content: additional actions, launch, embedded files, rich media, XFA', () => {
    const cases: Array<[string, string]> = [
      ['<< /Type /Page /Parent 2 0 R /AA << /O << /S /GoTo /D [3 0 R /Fit] >> >> >>', 'AA'],
      ['<< /S /Launch /F (cmd.exe) >>', 'Launch'],
      ['<< /Type /EmbeddedFile /Length 0 >>', 'EmbeddedFile'],
      ['<< /Names << /EmbeddedFiles 5 0 R >> >>', 'EmbeddedFiles'],
      ['<< /Type /Annot /Subtype /RichMedia >>', 'RichMedia'],
      ['<< /Fields [] /XFA 6 0 R >>', 'XFA'],
    ];
    for (const [object, name] of cases) expect(pdfActiveContent(pdf([catalog, pages, object])), name).toContain(name);
  });

  it('reads inside compressed object streams, and refuses one it cannot read', () => {
    expect(pdfActiveContent(pdf([catalog, pages, objectStream('<< /S /JavaScript /JS (app.alert\\(1\\)) >>')]))).toEqual(expect.arrayContaining(['JavaScript', 'JS']));
    expect(pdfActiveContent(pdf([catalog, pages, objectStream('<< /Type /Font >>', { corrupt: true })]))).toEqual(['ObjStm']);
    expect(pdfActiveContent(pdf([catalog, pages, objectStream('<< /Type /Font >>', { filter: '/LZWDecode' })]))).toEqual(['ObjStm']);
    expect(pdfActiveContent(pdf([catalog, pages, objectStream('<< /Type /Font >>', { filter: '[/ASCII85Decode /FlateDecode]' })]))).toEqual(['ObjStm']);
  });

  it('does not take /JSON or /AAA for /JS or /AA (whole names only)', () => {
    expect(pdfActiveContent(pdf([catalog, pages, '<< /JSON 1 /AAA 2 /Launcher 3 >>']))).toEqual([]);
  });
});
