import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import { useTranslation } from 'react-i18next';

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
