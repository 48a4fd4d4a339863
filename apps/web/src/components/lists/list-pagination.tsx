import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZES } from '@cod/shared';
import { useTranslation } from 'react-i18next';

interface TListPaginationProps {
  total: number;
  /** 1-based, as in the URL and the API. */
  page: number;
  perPage: number;
  onChange: (changes: { page?: number; per_page?: number }) => void;
}

/** Paging under every list: the server counts (`{data, total}`), the URL keeps page and size. */
export function ListPagination({ total, page, perPage, onChange }: TListPaginationProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, Math.min(page - 1, Math.max(0, Math.ceil(total / perPage) - 1)))}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_, next) => onChange({ page: next + 1 })}
      onRowsPerPageChange={(event) => onChange({ per_page: Number(event.target.value), page: 1 })}
      labelRowsPerPage={t('lists.rows_per_page')}
      labelDisplayedRows={({ from, to, count }) => t('lists.displayed_rows', { from, to, count })}
      getItemAriaLabel={(type) => t(`lists.page_${type}`)}
      showFirstButton
      showLastButton
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        // On a phone the size select and the arrows wrap instead of overflowing.
        '.MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, px: 1 },
        '.MuiTablePagination-spacer': { display: 'none' },
      }}
    />
  );
}
