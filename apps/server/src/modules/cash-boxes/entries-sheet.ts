import { toDinars, type TEntryDirection, type TMoneyEntry } from '@cod/shared';
import { xlsxSheet, type TXlsxSheet } from '../../files/xlsx-writer.js';

/** The XLSX of an expenses or income list (issue 13.7): amounts in DZD, the filter's every row. */
export function entriesSheet(direction: TEntryDirection, rows: AsyncIterable<TMoneyEntry>): TXlsxSheet {
  return xlsxSheet<TMoneyEntry>({
    name: direction === 'expense' ? 'Expenses' : 'Income',
    rows,
    columns: [
      { header: 'id', width: 8, value: (e) => e.id },
      { header: 'date', width: 12, value: (e) => e.occurred_on },
      { header: 'amount_dzd', width: 14, value: (e) => toDinars(e.amount_centimes) },
      { header: 'category', width: 18, value: (e) => e.category_code ?? e.category_name },
      { header: 'box', width: 18, value: (e) => e.box_name },
      ...(direction === 'expense'
        ? [
            { header: 'sales_source', width: 12, value: (e: TMoneyEntry) => e.sales_source },
            { header: 'campaign_id', width: 18, value: (e: TMoneyEntry) => e.campaign_id },
            { header: 'product', width: 20, value: (e: TMoneyEntry) => e.product_name },
          ]
        : []),
      { header: 'note', width: 30, value: (e) => e.note },
      { header: 'created_by', width: 16, value: (e) => e.created_by_name },
    ],
  });
}

export function entriesFileName(direction: TEntryDirection, at: Date = new Date()): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
  return `${direction === 'expense' ? 'expenses' : 'incomes'}_export_${stamp}.xlsx`;
}
