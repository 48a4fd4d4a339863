import type { Writable } from 'node:stream';
import { formatDZD, m } from '@cod/shared';
import PDFDocument from 'pdfkit';
import { AppError } from '../lib/app-error.js';
import { drawCode128 } from './barcode.js';
import { registerFonts } from './fonts.js';
import { drawLine, drawParagraph, type TPdf } from './pdf-text.js';

export interface TParcelLabel {
  orderNumber: string;
  /** What the barcode encodes (Code 128: printable ASCII). */
  trackingNumber: string;
  carrierName?: string;
  /** The shop (issue 18.5): its name, label phone and address, and its logo as PNG or JPEG bytes. */
  sender: { name: string; phone?: string; address?: string; logo?: Buffer };
  receiver: { name: string; phone: string; phone2?: string; address?: string };
  wilaya: { code: string; name: string; nameAr?: string };
  commune: { name: string; nameAr?: string };
  /** The stop-desk centre's name when the parcel goes to one. */
  stopDesk?: string | null;
  /** Cash to collect, DZD. */
  codAmount: number;
  /** e.g. "2 × Robe kabyle, 1 × Sac". */
  contents?: string;
  note?: string;
  printedAt?: Date;
}

// A6 portrait in points (105 x 148 mm).
const PAGE = { width: 297.64, height: 419.53 };
const MARGIN = 14;
const INNER = PAGE.width - 2 * MARGIN;
const GREY = '#555555';
const TRACKING = /^[\x20-\x7e]{1,64}$/;

/**
 * Issue 5.6: our own parcel label for carriers that give none. One A6 page per label, streamed to
 * `stream` as it is drawn: Code 128 of the tracking number, receiver (name, phones, address,
 * commune and wilaya in Latin and Arabic), amount to collect in DA, sender, contents. Headings
 * are bilingual French/Arabic, the languages of Algerian parcels. Resolves when the whole PDF
 * has been written to the stream.
 */
export async function writeParcelLabels(options: { stream: Writable; labels: TParcelLabel[] }): Promise<void> {
  for (const label of options.labels) {
    if (!TRACKING.test(label.trackingNumber))
      throw AppError.validation({
        tracking_number: [m('label.tracking_not_printable', { order_number: label.orderNumber })],
      });
  }
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Parcel labels', Creator: 'COD back-office' },
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.pipe(options.stream);
  registerFonts(doc);
  for (const label of options.labels) {
    doc.addPage();
    drawLabel(doc, label);
  }
  doc.end();
  await ended;
}

function rule(doc: TPdf, y: number): void {
  doc
    .save()
    .moveTo(MARGIN, y)
    .lineTo(PAGE.width - MARGIN, y)
    .lineWidth(0.6)
    .strokeColor('#000000')
    .stroke()
    .restore();
}

function heading(doc: TPdf, y: number, french: string, arabic: string, inset = 0): void {
  const half = INNER / 2 - inset;
  const style = { y, width: half, size: 7, bold: true, color: GREY };
  drawLine(doc, french, { ...style, x: MARGIN + inset, align: 'left' });
  drawLine(doc, arabic, { ...style, x: MARGIN + INNER / 2, align: 'right' });
}

const LOGO_BOX = { width: 40, height: 22 };

function drawLogo(doc: TPdf, logo: Buffer, x: number, y: number): boolean {
  try {
    doc.image(logo, x, y - 1, { fit: [LOGO_BOX.width, LOGO_BOX.height], align: 'center', valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

/** "Bab Ezzouar — باب الزوار": the Latin name, and the Arabic one when known. */
const both = (latin: string, arabic?: string) => (arabic ? `${latin} — ${arabic}` : latin);

function drawLabel(doc: TPdf, label: TParcelLabel): void {
  let y = MARGIN;
  drawLine(doc, label.carrierName ?? '', { x: MARGIN, y, width: INNER / 2, size: 12, bold: true, align: 'left' });
  drawLine(doc, `N° ${label.orderNumber}`, {
    x: MARGIN + INNER / 2,
    y,
    width: INNER / 2,
    size: 12,
    bold: true,
    align: 'right',
  });
  y += 22;
  rule(doc, y);

  // Code 128 wants a quiet zone of ten bars each side: keep 24 pt clear.
  drawCode128(doc, label.trackingNumber, { x: MARGIN + 24, y: y + 8, width: INNER - 48, height: 58 });
  drawLine(doc, label.trackingNumber, { x: MARGIN, y: y + 69, width: INNER, size: 11, bold: true, align: 'center' });
  y += 88;
  rule(doc, y);

  y += 5;
  heading(doc, y, 'DESTINATAIRE', 'المستلم');
  y += 11;
  drawLine(doc, label.receiver.name, { x: MARGIN, y, width: INNER, size: 14, bold: true });
  y += 20;
  const phones = [label.receiver.phone, label.receiver.phone2].filter(Boolean).join('  /  ');
  drawLine(doc, phones, { x: MARGIN, y, width: INNER, size: 12, bold: true, align: 'left', direction: 'ltr' });
  y += 17;
  drawLine(doc, both(label.commune.name, label.commune.nameAr), { x: MARGIN, y, width: INNER, size: 11, bold: true });
  y += 15;
  const wilaya = `${label.wilaya.code} · ${both(label.wilaya.name, label.wilaya.nameAr)}`;
  drawLine(doc, wilaya, { x: MARGIN, y, width: INNER, size: 11, bold: true, direction: 'ltr', align: 'left' });
  y += 15;
  if (label.stopDesk) {
    drawLine(doc, `Stop desk · مكتب: ${label.stopDesk}`, { x: MARGIN, y, width: INNER, size: 9, bold: true });
    y += 12;
  }
  if (label.receiver.address) {
    drawParagraph(doc, label.receiver.address, { x: MARGIN, y, width: INNER, size: 9, maxLines: 2 });
  }
  y = 282;
  rule(doc, y);

  // The amount to collect: what the driver must not get wrong.
  doc
    .save()
    .rect(MARGIN, y + 6, INNER, 40)
    .lineWidth(1.2)
    .strokeColor('#000000')
    .stroke()
    .restore();
  heading(doc, y + 10, 'MONTANT À ENCAISSER', 'المبلغ المطلوب', 6);
  drawLine(doc, formatDZD(label.codAmount), {
    x: MARGIN,
    y: y + 20,
    width: INNER,
    size: 18,
    bold: true,
    align: 'center',
  });
  y += 52;

  heading(doc, y, 'EXPÉDITEUR', 'المرسل');
  y += 10;
  // The shop's logo beside its name (issue 18.5); a picture PDFKit cannot read is left out.
  const inset = label.sender.logo && drawLogo(doc, label.sender.logo, MARGIN, y) ? LOGO_BOX.width + 6 : 0;
  const sender = [label.sender.name, label.sender.phone].filter(Boolean).join(' · ');
  drawLine(doc, sender, { x: MARGIN + inset, y, width: INNER - inset, size: 9, bold: true });
  y += 12;
  if (label.sender.address) {
    drawLine(doc, label.sender.address, { x: MARGIN + inset, y, width: INNER - inset, size: 8 });
  }
  y += 12;
  const contents = [label.contents, label.note].filter(Boolean).join(' — ');
  if (contents) drawParagraph(doc, contents, { x: MARGIN, y, width: INNER, size: 8, maxLines: 2, lineHeight: 10 });
  const printed = (label.printedAt ?? new Date()).toISOString().slice(0, 16).replace('T', ' ');
  drawLine(doc, printed, {
    x: MARGIN,
    y: PAGE.height - MARGIN - 8,
    width: INNER,
    size: 6,
    color: GREY,
    align: 'right',
  });
}
