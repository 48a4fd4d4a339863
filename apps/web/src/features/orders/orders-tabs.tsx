import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ORDER_TABS, type TOrderTab } from '@cod/shared';
import { useTranslation } from 'react-i18next';

interface TOrdersTabsProps {
  tab: TOrderTab;
  counts: Partial<Record<TOrderTab, number>> | undefined;
  onChange: (tab: TOrderTab) => void;
}

const countText = (counts: TOrdersTabsProps['counts'], tab: TOrderTab) => {
  const value = counts?.[tab];
  return value === undefined ? '' : new Intl.NumberFormat('fr-DZ').format(value);
};

/**
 * SPEC 2.4: the nine tabs, each with the server's count; a dropdown on small screens. The
 * inDispatch tab shows its notice (indispatch_notice).
 */
export function OrdersTabs({ tab, counts, onChange }: TOrdersTabsProps) {
  const { t } = useTranslation();
  const small = useMediaQuery(useTheme().breakpoints.down('md'));

  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {small ? (
        <Box sx={{ p: 2, pb: 1.5 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('orders.tabs.label')}
            value={tab}
            onChange={(event) => onChange(event.target.value as TOrderTab)}
            data-testid="orders-tab-select"
          >
            {ORDER_TABS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`orders.tabs.${value}`)}
                {counts?.[value] !== undefined && ` (${countText(counts, value)})`}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ) : (
        <Tabs
          value={tab}
          onChange={(_, value: TOrderTab) => onChange(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('orders.tabs.label')}
        >
          {ORDER_TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              data-testid={`tab-${value}`}
              sx={{ minHeight: 48, textTransform: 'none' }}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  {t(`orders.tabs.${value}`)}
                  <Chip
                    size="small"
                    label={countText(counts, value) || '…'}
                    color={value === tab ? 'primary' : 'default'}
                    data-testid={`tab-count-${value}`}
                    sx={{ height: 20, fontSize: 12, '.MuiChip-label': { px: 0.75 } }}
                  />
                </Box>
              }
            />
          ))}
        </Tabs>
      )}
      {tab === 'inDispatch' && (
        <Alert severity="info" sx={{ mx: 2, mb: 1.5, mt: small ? 0 : 1.5 }} data-testid="indispatch-notice">
          {t('orders.indispatch_notice')}
        </Alert>
      )}
    </Box>
  );
}
