import type { Writable } from 'node:stream';
import { formatDZD, formatLocalDateTime } from '@cod/shared';
import PDFDocument from 'pdfkit';
import { registerFonts } from './fonts.js';
import { LIST_LABELS, type TListLocale } from './orders-list-labels.js';
import { drawLine, type TPdf, type TTextStyle, wrapLines } from './pdf-text.js';

export interface TOrdersListRow {
  orderNumber: string;
  customerName: string;
  phone: string;
  wilayaCode: string;
  wilaya: string;
  wilayaAr?: string;
  commune: string;
  communeAr?: string;
  /** e.g. "2 × Robe kabyle, 1 × Sac". */
  products: string;
  total: number;
  /** The status's display name. */
  status: string;
  createdAt: Date;
}

export interface TOrdersListOptions {
  stream: Writable;
  shopName: string;
  /** An array, or an async generator paging the database: rows are drawn as they come. */
  orders: Iterable<TOrdersListRow> | AsyncIterable<TOrdersListRow>;
  locale?: TListLocale;
  /** Business time zone for dates (ARCHITECTURE 3.1). */
  timeZone?: string;
  generatedAt?: Date;
}

// A4 landscape, in points.
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 28;
const TABLE_TOP = 84;
const BOTTOM = PAGE.height - 36;
const CELL = { size: 8.5 } satisfies TTextStyle;
const SMALL = { size: 7.5, color: '#444444' } satisfies TTextStyle;
const LINE = 11;

type TColumn = 'index' | 'order' | 'customer' | 'phone' | 'place' | 'products' | 'total' | 'status' | 'date';
const COLUMNS: Array<{ key: TColumn; width: number }> = [
  { key: 'index', width: 24 },
  { key: 'order', width: 70 },
  { key: 'customer', width: 130 },
  { key: 'phone', width: 70 },
  { key: 'place', width: 154 },
  { key: 'products', width: 154 },
  { key: 'total', width: 70 },
  { key: 'status', width: 60 },
  { key: 'date', width: 54 },
];

interface TPlacedColumn {
  key: TColumn;
  x: number;
  width: number;
}

/**
 * SPEC 7 GET /dashboard/orderspdf: a printable A4 list of the selected orders, streamed page by
 * page. Names and places are drawn shaped and right to left where Arabic (pdf-text.ts); with the
 * Arabic locale the whole table runs right to left. The header row repeats on every page; the
 * last page ends with the count and the sum to collect. Resolves when the PDF is written.
 */
export async function writeOrdersListPdf(options: TOrdersListOptions): Promise<{ orders: number }> {
  const locale = options.locale ?? 'fr';
  const labels = LIST_LABELS[locale];
  const rtl = locale === 'ar';
  const columns = placeColumns(rtl);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: labels.title, Creator: 'COD back-office' },
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.pipe(options.stream);
  registerFonts(doc);
  const stamp = formatDate(options.generatedAt ?? new Date(), options.timeZone);
  let page = 0;
  const newPage = () => {
    doc.addPage();
    page++;
    drawPageHeader(doc, { labels, shopName: options.shopName, stamp, page, rtl });
    return drawColumnHeaders(doc, columns, labels.columns, rtl);
  };

  let y = newPage();
  let count = 0;
  let sum = 0;
  for await (const order of options.orders) {
    count++;
    sum += order.total;
    const height = rowHeight(doc, order, columns);
    if (y + height > BOTTOM) y = newPage();
    drawOrderRow(doc, { y, index: count, order, columns, rtl, timeZone: options.timeZone });
    y += height;
  }
  if (y + 20 > BOTTOM) y = newPage();
  const summary = `${labels.count(count)} · ${labels.sum} ${formatDZD(sum)}`;
  drawLine(doc, summary, {
    ...CELL,
    bold: true,
    x: MARGIN,
    y: y + 6,
    width: PAGE.width - 2 * MARGIN,
    align: rtl ? 'right' : 'left',
  });
  doc.end();
  await ended;
  return { orders: count };
}

function placeColumns(rtl: boolean): TPlacedColumn[] {
  let x = MARGIN;
  const placed = COLUMNS.map((c) => {
    const column = { key: c.key, x, width: c.width };
    x += c.width;
    return column;
  });
  // Right to left: the same columns mirrored, the first one at the right edge.
  return rtl ? placed.map((c) => ({ ...c, x: PAGE.width - c.x - c.width })) : placed;
}

function drawPageHeader(
  doc: TPdf,
  h: { labels: (typeof LIST_LABELS)[TListLocale]; shopName: string; stamp: string; page: number; rtl: boolean },
): void {
  const width = PAGE.width - 2 * MARGIN;
  const start = h.rtl ? 'right' : 'left';
  const end = h.rtl ? 'left' : 'right';
  drawLine(doc, h.labels.title, { x: MARGIN, y: MARGIN, width, size: 16, bold: true, align: start });
  drawLine(doc, h.shopName, { x: MARGIN, y: MARGIN + 4, width, size: 11, bold: true, align: end });
  drawLine(doc, `${h.labels.printed} ${h.stamp}`, { ...SMALL, x: MARGIN, y: MARGIN + 24, width, align: start });
  drawLine(doc, h.labels.page(h.page), { ...SMALL, x: MARGIN, y: PAGE.height - 24, width, align: end });
}

function drawColumnHeaders(doc: TPdf, columns: TPlacedColumn[], names: Record<TColumn, string>, rtl: boolean): number {
  doc
    .save()
    .rect(MARGIN, TABLE_TOP - 4, PAGE.width - 2 * MARGIN, 18)
    .fill('#eeeeee')
    .restore();
  for (const column of columns) {
    drawLine(doc, names[column.key], {
      ...cellBox(column),
      y: TABLE_TOP,
      size: 8,
      bold: true,
      align: rtl ? 'right' : 'left',
    });
  }
  return TABLE_TOP + 18;
}

const cellBox = (column: TPlacedColumn) => ({ x: column.x + 3, width: column.width - 6 });

function productLines(doc: TPdf, order: TOrdersListRow, columns: TPlacedColumn[]): string[] {
  const width = cellBox(columns.find((c) => c.key === 'products')!).width;
  return wrapLines(doc, order.products, { ...CELL, width, maxLines: 3 });
}

function rowHeight(doc: TPdf, order: TOrdersListRow, columns: TPlacedColumn[]): number {
  return Math.max(2, productLines(doc, order, columns).length) * LINE + 8;
}

function drawOrderRow(
  doc: TPdf,
  row: { y: number; index: number; order: TOrdersListRow; columns: TPlacedColumn[]; rtl: boolean; timeZone?: string },
): void {
  const { order, y } = row;
  const align = row.rtl ? 'right' : 'left';
  const [day = '', time = ''] = formatDate(order.createdAt, row.timeZone).split(' ');
  const cells: Record<TColumn, string[]> = {
    index: [String(row.index)],
    order: [order.orderNumber],
    customer: [order.customerName],
    phone: [order.phone],
    place: [
      `${order.wilayaCode} · ${order.wilaya} / ${order.commune}`,
      [order.wilayaAr, order.communeAr].filter(Boolean).join(' / '),
    ],
    products: productLines(doc, order, row.columns),
    total: [formatDZD(order.total)],
    status: [order.status],
    date: [day, time],
  };
  for (const column of row.columns) {
    cells[column.key].forEach((text, line) => {
      const style = column.key === 'place' && line === 1 ? SMALL : CELL;
      const cellAlign = column.key === 'total' ? (row.rtl ? 'left' : 'right') : align;
      drawLine(doc, text, {
        ...style,
        ...cellBox(column),
        y: y + 4 + line * LINE,
        align: cellAlign,
        bold: column.key === 'order',
      });
    });
  }
  const height = rowHeight(doc, order, row.columns);
  doc
    .save()
    .moveTo(MARGIN, y + height)
    .lineTo(PAGE.width - MARGIN, y + height)
    .lineWidth(0.3)
    .strokeColor('#bbbbbb')
    .stroke()
    .restore();
}

/** "2026-11-21 14:05" in the business time zone (the shops' default when none is given). */
function formatDate(date: Date, timeZone = 'Africa/Algiers'): string {
  return formatLocalDateTime(date, timeZone);
}
