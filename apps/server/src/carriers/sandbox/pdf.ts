/**
 * A tiny, valid one-page A6 PDF (Helvetica, Latin-1 text) for carrier labels in the sandbox.
 * Hand-written instead of pdfkit so a label costs microseconds and start-up loads nothing.
 */
export function minimalPdf(lines: readonly string[]): Buffer {
  const text = lines
    .map((line, i) => {
      const safe = toLatin1(line).replace(/[\\()]/g, (c) => `\\${c}`);
      return `BT /F1 ${i === 0 ? 14 : 10} Tf 20 ${380 - i * 18} Td (${safe}) Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function toLatin1(text: string): string {
  return [...text].map((c) => (c.charCodeAt(0) <= 0xff ? c : '?')).join('');
}
