import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { translator } from '../../i18n/flow';
import type { MandateDocument } from '../domain/mandate-pdfs/document';

/**
 * Lays a mandate out as an A4 PDF. DejaVu Sans (from npm, embedded and subset) covers every
 * catalogue's letters — Slovenian č/š/ž, Nordic æ/ø/å, Portuguese ã/ç — which the PDF standard
 * fonts (WinAnsi) cannot all show. Labels come from the payer pages' catalogues, the scheme's text
 * from the same function the confirmation step uses, so the PDF says what the payer agreed to.
 */
const require = createRequire(import.meta.url);
// Loaded with the first PDF: pdf-lib and fontkit took a fifth of the server's start (docs/benchmarks.md).
const importPdfLib = () => Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
let pdfLib: ReturnType<typeof importPdfLib> | undefined;
let fonts: Promise<[Uint8Array, Uint8Array]> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => [new Uint8Array(regular), new Uint8Array(bold)]));

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;

/** Splits text into lines no wider than the page, at spaces (a word longer than a line stays whole). */
export function wrap(text: string, font: PDFFont, size: number, width = WIDTH): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        out.push(line);
        line = word;
      } else line = candidate;
    }
    out.push(line);
  }
  return out;
}

export async function renderMandatePdf(doc: MandateDocument): Promise<Uint8Array> {
  const t = translator(doc.language);
  const [{ PDFDocument, rgb }, { default: fontkit }] = await (pdfLib ??= importPdfLib());
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await loadFonts();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  // Bacs: the Instruction to the bank is the document; the Guarantee follows under its own heading.
  const [first] = doc.text.sections;
  pdf.setTitle(first?.title ?? doc.text.title);
  pdf.setLanguage(doc.language);
  pdf.setCreator('bankflow');

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const write = (text: string, options: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    for (const line of wrap(text, font, size)) {
      if (y - size < MARGIN) {
        page = pdf.addPage(A4);
        y = A4[1] - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y: y - size, size, font, color: rgb(0.04, 0.05, 0.05) });
      y -= size * 1.45;
    }
    y -= options.gap ?? 0;
  };
  const section = (title: string, rows: [string, string | null | undefined][]) => {
    const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
    if (!shown.length) return;
    write(title, { font: bold, size: 12, gap: 2 });
    for (const [label, value] of shown) write(`${label}: ${value}`);
    y -= 8;
  };

  write(first?.title ?? doc.text.title, { font: bold, size: 18, gap: 10 });
  section(t('summary.payee'), [
    [t('confirm.name'), doc.creditor.name],
    [t('confirm.creditor_address'), doc.creditor.address.join(', ')],
    [t('confirm.creditor_identifier'), doc.creditor.identifier],
  ]);
  section(t('confirm.you'), [
    [t('confirm.name'), doc.payer.name],
    [t('field.company_name'), doc.payer.company],
    [t('confirm.address'), doc.payer.address.join(', ')],
    [t('field.email'), doc.payer.email],
  ]);
  section(t('confirm.account_number'), [
    [t('field.account_holder_name'), doc.account.holder],
    [t('confirm.bank'), doc.account.bank],
    [
      t('confirm.account_number'),
      doc.account.ending ? t('confirm.account_ending', { ending: doc.account.ending }) : null,
    ],
    [t('summary.reference'), doc.reference],
    [t('pdf.signature_date'), doc.signatureDate],
  ]);
  // Each part of the text under its own heading when there are several (issue #38.7, decision 0093).
  for (const part of doc.text.sections) {
    if (doc.text.sections.length > 1) write(part.title, { font: bold, size: 12, gap: 4 });
    for (const paragraph of part.paragraphs) write(paragraph, { gap: 6 });
  }
  write(doc.text.agreement, { font: bold, gap: 6 });
  return pdf.save();
}
