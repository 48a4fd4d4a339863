/**
 * A refused upload (ARCHITECTURE 3.9, apps/server/src/files/file-limits.ts) and the parse sandbox's
 * refusals. `{limit}` is a count said with thousands separators ("200,000"); `{megabytes}` a size
 * in MB; `{extension}` the file's extension with its dot.
 */
export const FILE_TEMPLATES = {
  'file.required': 'Please select a file to import',
  'file.type': 'Only .xlsx, .xls and .csv files can be imported.',
  'file.mismatch': 'This file is not a real {extension} spreadsheet: its content does not match its extension.',
  'file.too_large': 'The file is larger than the {megabytes} MB limit.',
  'file.empty': 'The file is empty.',
  'file.no_rows': 'The file contains no rows.',
  'file.header_only': 'The file has a header row but no data rows.',
  'file.too_many_rows': 'The file has more than {limit} data rows. Split it into smaller files.',
  'file.zip_too_many_entries': 'The .xlsx file contains too many parts to be a spreadsheet.',
  'file.zip_too_big': 'The .xlsx file would expand to more than {megabytes} MB once uncompressed.',
  'file.zip_ratio': 'The .xlsx file is compressed abnormally (a possible zip bomb) and was refused.',
  'file.zip_damaged': 'The .xlsx file is damaged and cannot be read.',
  'file.not_workbook': 'The .xlsx file does not contain an Excel workbook.',
  'file.xls_unsupported':
    'Old Excel .xls files cannot be read. Open the file in Excel or LibreOffice, save it as .xlsx (Excel Workbook) and import it again.',
  'file.unreadable': 'The {extension} file could not be read.',
  'file.too_many_columns':
    'The file has more than {limit} columns. Keep the order columns (see the template) and import it again.',
  'file.cell_too_long': 'A cell of the file holds more than {limit} characters. Shorten it and import the file again.',
  'file.too_many_texts': 'The .xlsx file holds more than {limit} different texts. Split it into smaller files.',
  'file.too_much_text': 'The .xlsx file holds more than {megabytes} MB of text. Split it into smaller files.',
  'file.too_complex': 'Reading this file needs more memory than an import may use. Split it into smaller files.',
  'file.too_slow': 'Reading this file takes longer than an import may take. Split it into smaller files.',
} as const;
