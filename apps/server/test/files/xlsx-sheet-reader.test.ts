import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TRawRow } from '../../src/files/raw-row.js';
import { xlsxRows as exceljsRows } from '../../src/files/xlsx-rows.js';
import { fileLimits, isFileRefusal } from '../../src/files/file-limits.js';
import { xlsxRows } from '../../src/files/xlsx-sheet-reader.js';
import { buildZip, deflatedPart, tempDir, workbookParts, writeWorkbook } from './support/fixtures.js';

// Decision 0120: the import reads .xlsx sheets with its own streaming reader instead of ExcelJS's;
// it must read every workbook as ExcelJS's streaming reader did.
const dir = tempDir();

async function all(rows: AsyncIterable<TRawRow>): Promise<TRawRow[]> {
  const out: TRawRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

async function handMade(name: string, sheetXml: string, sharedStrings?: string): Promise<string> {
  const file = path.join(dir, name);
  const parts = workbookParts(deflatedPart('xl/worksheets/sheet1.xml', sheetXml));
  if (sharedStrings !== undefined) parts.push(deflatedPart('xl/sharedStrings.xml', sharedStrings));
  await fs.writeFile(file, buildZip(parts));
  return file;
}

describe('the .xlsx sheet reader (decision 0120)', () => {
  it('reads what ExcelJS reads: text, numbers, booleans, formulas, blank rows and cells, Arabic, two sheets', async () => {
    const file = path.join(dir, 'mixed.xlsx');
    const long = 'x'.repeat(20_000);
    await writeWorkbook(file, [
      {
        name: 'Orders',
        rows: new Map([
          [1, ['customer_full_name', 'customer_phone_1', 'state', 'quantity', 'note', 'paid']],
          [2, ['محمد أمين بن علي', '0555123456', 'الجزائر', 2, 'a < b & "c"', true]],
          [3, ['Amélie', 661000000, 'Médéa', 1.5, null, false]],
          [5, [null, null, null, null, null, null]],
          [7, ['Sara', '0770000000', '16', { formula: '1+2', result: 3 }, { formula: 'A7', result: 'Sara' }, null]],
          [8, [null, null, null, 0.1 + 0.2, '', null]],
          [9, [long, '', '  ', 12345678901234, 'x', null]],
        ]),
      },
      { name: 'Lists', rows: [['ignored', 1]] },
    ]);
    const expected = await all(exceljsRows(file, 1));
    expect(expected.length).toBe(6);
    expect(await all(xlsxRows(file, 1))).toEqual(expected);
    expect(await all(xlsxRows(file, 2))).toEqual(await all(exceljsRows(file, 2)));
  });

  it('reads hand-written XML: cells without references, inline strings, entities, rich text, errors', async () => {
    const sheet =
      '<worksheet><sheetData>' +
      '<row r="1"><c t="s"><v>0</v></c><c t="s"><v>1</v></c><c t="s"><v>2</v></c></row>' +
      '<row><c t="inlineStr"><is><t>inline &amp; more</t></is></c><c t="e"><v>#N/A</v></c><c><v>42</v></c></row>' +
      '<row r="4" spans="1:3"><c r="C4" t="str"><f>A1</f><v>R&amp;D</v></c><c r="E4" t="b"><v>1</v></c></row>' +
      '<row r="6"/>' +
      '<row r="7"><c r="B7" t="s"><v>3</v></c><c r="D7"><f t="shared" si="0"/><v>2.5</v></c></row>' +
      '</sheetData></worksheet>';
    const strings =
      '<sst><si><t>name</t></si><si><r><rPr><b/></rPr><t>pho</t></r><r><t xml:space="preserve">ne </t></r></si>' +
      '<si><t>&#1575;&#x644;state</t></si><si><t>Bab &lt;Zouar&gt;</t></si></sst>';
    const file = await handMade('hand.xlsx', sheet, strings);
    // (ExcelJS refused this one: it cannot place a cell without its r="..." reference.)
    expect(await all(xlsxRows(file, 1))).toEqual([
      { rowNumber: 1, values: ['name', 'phone ', 'الstate'], formulaColumns: null },
      { rowNumber: 2, values: ['inline & more', '#N/A', '42'], formulaColumns: null },
      { rowNumber: 4, values: ['', '', 'R&D', '', 'TRUE'], formulaColumns: [2] },
      { rowNumber: 7, values: ['', 'Bab <Zouar>', '', '2.5'], formulaColumns: [3] },
    ]);
  });

  it('leaves out phonetic guides of shared strings', async () => {
    const file = await handMade(
      'phonetic.xlsx',
      '<worksheet><sheetData><row r="1"><c t="s"><v>0</v></c></row></sheetData></worksheet>',
      '<sst><si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si></sst>',
    );
    expect(await all(xlsxRows(file, 1))).toEqual([{ rowNumber: 1, values: ['東京'], formulaColumns: null }]);
  });

  it('reads a 5,000-row file cut across many inflated chunks exactly as ExcelJS', async () => {
    const file = path.join(dir, 'many.xlsx');
    const rows: Array<Array<string | number>> = [['name', 'phone', 'address']];
    for (let i = 0; i < 5000; i++) rows.push([`Client ${i} عميل`, `05${String(i).padStart(8, '0')}`, `Cité ${i % 97}`]);
    await writeWorkbook(file, [{ name: 'Orders', rows }]);
    expect(await all(xlsxRows(file, 1))).toEqual(await all(exceljsRows(file, 1)));
  });

  it('refuses a row that never closes once it is longer than the longest row allowed, without gathering the part', async () => {
    const cells = Array.from({ length: 40 }, (_, i) => `<c t="inlineStr"><is><t>${'y'.repeat(90)}${i}</t></is></c>`);
    const file = await handMade(
      'unclosed.xlsx',
      `<worksheet><sheetData><row r="1"><c><v>1</v></c></row><row r="2">${cells.join('')}</sheetData></worksheet>`,
    );
    const limits = fileLimits({ maxColumns: 4, maxCellLength: 100 });
    await expect(all(xlsxRows(file, 1, limits))).rejects.toSatisfy(
      (error: unknown) => isFileRefusal(error) && (error as Error).message === 'The .xlsx file could not be read.',
    );
  });
});
