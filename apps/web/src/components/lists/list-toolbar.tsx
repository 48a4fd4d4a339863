import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import { useTranslation } from 'react-i18next';
import { SearchField } from './search-field';

/** Search and filters above a list, wrapping on narrow screens; "clear" only when something is set. */
export function ListToolbar({ children, onClear }: { children: ReactNode; onClear?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="search"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        p: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {children}
      {onClear && (
        <Button
          size="small"
          startIcon={<FilterAltOffOutlinedIcon />}
          onClick={onClear}
          sx={{ marginInlineStart: 'auto' }}
        >
          {t('lists.clear_filters')}
        </Button>
      )}
    </Box>
  );
}

/** The toolbar of a list whose only filter is its search box ("clear" empties it). */
export function SearchToolbar({
  search,
  onSearch,
  label,
  placeholder,
}: {
  search: string | null | undefined;
  onSearch: (search: string | null) => void;
  label: string;
  placeholder?: string;
}) {
  return (
    <ListToolbar onClear={search ? () => onSearch(null) : undefined}>
      <SearchField label={label} placeholder={placeholder} value={search ?? ''} onChange={onSearch} />
    </ListToolbar>
  );
}
