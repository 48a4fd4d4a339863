import bwipjs from 'bwip-js';
import type { TPdf } from './pdf-text.js';

export interface TBarcodeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Draws a Code 128 barcode as vector bars (crisp on thermal label printers at any size). bwip-js
 * encodes the text and answers SVG whose bars are vertical strokes `M{x} {y}L{x} {y}` of a given
 * width; each becomes a filled rectangle scaled into the box. Throws if bwip-js cannot encode the
 * text (Code 128 takes ASCII only).
 */
export function drawCode128(doc: TPdf, text: string, box: TBarcodeBox): void {
  const svg = bwipjs.toSVG({ bcid: 'code128', text, height: 10, includetext: false, paddingwidth: 0 });
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!viewBox) throw new Error('Unexpected barcode drawing from bwip-js');
  const scaleX = box.width / Number(viewBox[1]);
  doc.save().fillColor('#000000');
  for (const path of svg.matchAll(/stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    const strokeWidth = Number(path[1]);
    for (const bar of path[2]!.matchAll(/M([\d.]+) [\d.]+L[\d.]+ [\d.]+/g)) {
      const centre = Number(bar[1]);
      doc.rect(box.x + (centre - strokeWidth / 2) * scaleX, box.y, strokeWidth * scaleX, box.height);
    }
  }
  doc.fill().restore();
}
