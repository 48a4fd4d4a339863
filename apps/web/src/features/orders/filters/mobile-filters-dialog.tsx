import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import type { TOrderTab } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { FilterFields } from './filter-fields';
import type { TFilterValues } from './filter-values';

interface TMobileFiltersDialogProps {
  initial: TFilterValues;
  tab: TOrderTab;
  onApply: (values: TFilterValues) => void;
  onClearAll: () => void;
  onClose: () => void;
}

/**
 * SPEC 2.4: on phones the filters open full screen; nothing applies until Apply Filters, and
 * Clear All empties every filter at once.
 */
export function MobileFiltersDialog({ initial, tab, onApply, onClearAll, onClose }: TMobileFiltersDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);

  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      aria-labelledby="mobile-filters-title"
      data-testid="mobile-filters-dialog"
    >
      <DialogTitle id="mobile-filters-title" sx={{ paddingInlineEnd: 7 }}>
        {t('orders.filters.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={onClose}
        sx={{ position: 'absolute', insetInlineEnd: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FilterFields
            stacked
            values={draft}
            tab={tab}
            onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 2, py: 1.5, gap: 1 }}>
        <Button onClick={onClearAll} color="inherit">
          {t('orders.filters.clear_all')}
        </Button>
        <Button variant="contained" onClick={() => onApply(draft)} sx={{ flex: 1 }}>
          {t('orders.filters.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
