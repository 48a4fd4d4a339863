import type { Writable } from 'node:stream';
import { formatCentimes, formatLocalDateTime, type TDailyReport, type TDaySummary } from '@cod/shared';
import PDFDocument from 'pdfkit';
import { REPORT_LABELS, type TReportLine, type TReportLocale } from './daily-report-labels.js';
import { registerFonts } from './fonts.js';
import { drawLine, type TPdf } from './pdf-text.js';

// A4 portrait, in points.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
const ROW = 20;

const LINES: TReportLine[] = [
  'created',
  'confirmed',
  'cancelled',
  'confirmation_rate',
  'dispatched',
  'delivered',
  'returned',
  'delivery_rate',
  'revenue_delivered',
];

/** A figure of a summary as the report prints it (money in DA, rates in percent, '—' for none). */
export function reportValue(summary: TDaySummary, line: Exclude<TReportLine, 'open_undecided'>, locale: TReportLocale) {
  switch (line) {
    case 'revenue_delivered':
      return formatCentimes(summary.revenue_delivered);
    case 'confirmation_rate':
    case 'delivery_rate': {
      const value = line === 'confirmation_rate' ? summary.confirmation_rate : summary.delivery_rate;
      if (value === null) return '—';
      return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'fr-DZ', {
        style: 'percent',
        maximumFractionDigits: 1,
      }).format(value);
    }
    default:
      return String(summary[line]);
  }
}

/** The report's lines: label, the day's figure, the day before's. */
export function reportRows(report: TDailyReport, locale: TReportLocale): Array<[string, string, string]> {
  const labels = REPORT_LABELS[locale];
  const rows: Array<[string, string, string]> = LINES.map((line) => [
    labels.lines[line],
    reportValue(report.summary, line as Exclude<TReportLine, 'open_undecided'>, locale),
    reportValue(report.previous, line as Exclude<TReportLine, 'open_undecided'>, locale),
  ]);
  rows.push([labels.lines.open_undecided, String(report.open_undecided), '']);
  return rows;
}

/**
 * GET /dashboard/reports/daily/pdf: one A4 page (more when the agents do not fit) of a day's
 * summary. Drawn with the orders list's text layer (pdf-text.ts): Arabic shaped, and with the
 * Arabic locale the whole page runs right to left. Resolves when the PDF is written.
 */
export async function writeDailyReportPdf(options: {
  stream: Writable;
  report: TDailyReport;
  locale: TReportLocale;
  generatedAt?: Date;
}): Promise<void> {
  const { report, locale } = options;
  const labels = REPORT_LABELS[locale];
  const rtl = locale === 'ar';
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${labels.title} ${report.summary.day}`, Creator: 'COD back-office' },
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.pipe(options.stream);
  registerFonts(doc);
  doc.addPage();

  const stamp = formatLocalDateTime(options.generatedAt ?? new Date(), report.summary.time_zone);
  drawLine(doc, labels.title, { x: MARGIN, y: MARGIN, width: WIDTH, size: 18, bold: true, align: start });
  drawLine(doc, report.shop_name, { x: MARGIN, y: MARGIN + 4, width: WIDTH, size: 12, bold: true, align: end });
  drawLine(doc, `${labels.day} ${report.summary.day}`, {
    x: MARGIN,
    y: MARGIN + 28,
    width: WIDTH,
    size: 11,
    align: start,
  });
  drawLine(doc, `${labels.printed} ${stamp}`, {
    x: MARGIN,
    y: MARGIN + 46,
    width: WIDTH,
    size: 8,
    color: '#444444',
    align: start,
  });

  // Three columns: the line's name, the day, the day before (mirrored right to left).
  const columns = placeColumns([0.5, 0.25, 0.25], rtl);
  let y = MARGIN + 76;
  y = tableRow(doc, y, columns, ['', labels.day, labels.previous], { header: true, rtl });
  for (const row of reportRows(report, locale)) y = tableRow(doc, y, columns, row, { rtl });

  y += 24;
  drawLine(doc, labels.agents, { x: MARGIN, y, width: WIDTH, size: 13, bold: true, align: start });
  y += 24;
  const agentColumns = placeColumns([0.4, 0.2, 0.2, 0.2], rtl);
  const names = labels.agentColumns;
  if (!report.agents.length) {
    drawLine(doc, labels.none, { x: MARGIN, y, width: WIDTH, size: 10, color: '#444444', align: start });
  } else {
    y = tableRow(doc, y, agentColumns, [names.name, names.decided, names.confirmed, names.delivered], {
      header: true,
      rtl,
    });
    for (const agent of report.agents) {
      if (y + ROW > PAGE.height - MARGIN) {
        doc.addPage();
        y = MARGIN;
      }
      const cells = [agent.name, String(agent.decided), String(agent.confirmed), String(agent.delivered)];
      y = tableRow(doc, y, agentColumns, cells, { rtl });
    }
  }
  doc.end();
  await ended;
}

interface TColumn {
  x: number;
  width: number;
}

function placeColumns(shares: number[], rtl: boolean): TColumn[] {
  let x = MARGIN;
  const placed = shares.map((share) => {
    const column = { x, width: WIDTH * share };
    x += column.width;
    return column;
  });
  return rtl ? placed.map((c) => ({ x: PAGE.width - c.x - c.width, width: c.width })) : placed;
}

function tableRow(doc: TPdf, y: number, columns: TColumn[], cells: string[], o: { header?: boolean; rtl: boolean }) {
  if (o.header) {
    doc
      .save()
      .rect(MARGIN, y - 4, WIDTH, ROW)
      .fill('#eeeeee')
      .restore();
  }
  columns.forEach((column, i) => {
    // The first column reads as text (start side); the figures line up on the end side.
    const align = i === 0 ? (o.rtl ? 'right' : 'left') : o.rtl ? 'left' : 'right';
    drawLine(doc, cells[i] ?? '', { x: column.x + 4, y, width: column.width - 8, size: 10, bold: o.header, align });
  });
  doc
    .save()
    .moveTo(MARGIN, y + ROW - 4)
    .lineTo(PAGE.width - MARGIN, y + ROW - 4)
    .lineWidth(0.3)
    .strokeColor('#bbbbbb')
    .stroke()
    .restore();
  return y + ROW;
}
