import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import TableViewOutlinedIcon from '@mui/icons-material/TableViewOutlined';
import type { TOrderTab } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/lists/search-field';
import type { TOrderColumn } from '../column-settings';
import { FilterBar } from '../filters/filter-bar';
import type { TFilterValues } from '../filters/filter-values';
import { MobileFiltersDialog } from '../filters/mobile-filters-dialog';
import type { TBulkAction } from '../row-action-rules';
import { BulkActionsMenu } from './bulk-actions-menu';
import { ColumnsMenu } from './columns-menu';

export type TToolbarAction = 'barcode' | 'pdf' | 'xlsx';

interface TOrdersToolbarProps {
  tab: TOrderTab;
  search: string;
  filters: TFilterValues;
  activeFilters: number;
  onSearch: (search: string) => void;
  onFilters: (changes: Partial<TFilterValues>) => void;
  onClearFilters: () => void;
  columns: readonly TOrderColumn[];
  onColumns: (columns: TOrderColumn[]) => void;
  selectedCount: number;
  onBulkAction: (action: TBulkAction) => void;
  onAction: (action: TToolbarAction) => void;
}

/**
 * SPEC 2.4 toolbar: search, the filters (full-screen dialog on phones), clear-filters, column
 * customisation, the bulk-actions menu, barcode scan, PDF and XLSX.
 */
export function OrdersToolbar(props: TOrdersToolbarProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { tab, activeFilters } = props;

  const iconAction = (action: TToolbarAction, icon: React.ReactNode) => (
    <Tooltip title={t(`orders.toolbar.${action}`)}>
      <IconButton
        onClick={() => props.onAction(action)}
        aria-label={t(`orders.toolbar.${action}`)}
        data-testid={`toolbar-${action}`}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box role="search" sx={{ display: 'grid', gap: 1.5, p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <SearchField
          value={props.search}
          onChange={props.onSearch}
          label={t('orders.toolbar.search')}
          placeholder={t('orders.toolbar.search_hint')}
        />
        {phone ? (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={
              <Badge badgeContent={activeFilters} color="primary">
                <FilterListIcon />
              </Badge>
            }
            onClick={() => setFiltersOpen(true)}
            data-testid="mobile-filters-button"
            sx={{ flex: '1 1 auto' }}
          >
            {t('orders.filters.title')}
          </Button>
        ) : (
          <FilterBar values={props.filters} tab={tab} onApply={props.onFilters} />
        )}
        {activeFilters > 0 && (
          <Button
            size="small"
            startIcon={<FilterAltOffOutlinedIcon />}
            onClick={props.onClearFilters}
            data-testid="clear-filters"
          >
            {t('orders.filters.clear')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <BulkActionsMenu tab={tab} selectedCount={props.selectedCount} onAction={props.onBulkAction} />
        <ColumnsMenu visible={props.columns} tab={tab} onChange={props.onColumns} />
        <Box sx={{ marginInlineStart: 'auto', display: 'flex', gap: 0.5 }}>
          {tab !== 'deleted' && iconAction('barcode', <QrCodeScannerIcon />)}
          {iconAction('pdf', <PictureAsPdfOutlinedIcon />)}
          {iconAction('xlsx', <TableViewOutlinedIcon />)}
        </Box>
      </Box>
      {filtersOpen && (
        <MobileFiltersDialog
          initial={props.filters}
          tab={tab}
          onClose={() => setFiltersOpen(false)}
          onApply={(values) => {
            setFiltersOpen(false);
            props.onFilters(values);
          }}
          onClearAll={() => {
            setFiltersOpen(false);
            props.onClearFilters();
          }}
        />
      )}
    </Box>
  );
}
