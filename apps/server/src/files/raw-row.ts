/** One non-empty row as a reader sees it, before headers give its cells names. */
export interface TRawRow {
  /** The row number the spreadsheet shows (1-based, the header row included). */
  rowNumber: number;
  /** Cell texts by 0-based column. */
  values: string[];
  /** 0-based columns whose value came from a formula (its cached result), or null when none. */
  formulaColumns: number[] | null;
}
