import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppAbility } from '../../lib/ability';
import { idParam } from '../../components/lists/use-list-state';
import { PageFrame } from '../../app/pages/page-frame';
import { useProductQuery } from '../products/products-api';
import { AdjustStockDialog } from './adjust-stock-dialog';
import { PurchaseDialog } from './purchase-dialog';
import { StockLevels } from './stock-levels';
import { StockMovements } from './stock-movements';

type TTab = 'levels' | 'movements';

/** /dashboard/stock (issue 3.4): levels, history, purchases and adjustments. */
export function StockPage() {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', 'stock');
  const [params, setParams] = useSearchParams();
  const tab: TTab = params.get('tab') === 'movements' ? 'movements' : 'levels';
  const dialog = params.get('dialog');
  const adjustId = dialog === 'adjust' ? idParam(params) : null;
  const adjustProduct = useProductQuery(adjustId);

  const setDialog = (next: { dialog: string; id?: number } | null) =>
    setParams((current) => {
      const result = new URLSearchParams(current);
      result.delete('dialog');
      result.delete('id');
      if (next) {
        result.set('dialog', next.dialog);
        if (next.id) result.set('id', String(next.id));
      }
      return result;
    });
  // Each tab is its own list: switching starts it fresh (its filters would not apply to the other).
  const openTab = (next: TTab, extra: Record<string, string> = {}) =>
    setParams(new URLSearchParams({ ...(next === 'movements' ? { tab: next } : {}), ...extra }));

  const actions = canManage && (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setDialog({ dialog: 'adjust' })}>
        {t('stock.adjust')}
      </Button>
      <Button
        variant="contained"
        startIcon={<LocalShippingOutlinedIcon />}
        onClick={() => setDialog({ dialog: 'purchase' })}
      >
        {t('stock.record_purchase')}
      </Button>
    </Box>
  );

  return (
    <PageFrame title={t('nav.stock')} subtitle={t('stock.subtitle')} actions={actions}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_, next: TTab) => openTab(next)} aria-label={t('nav.stock')}>
          <Tab value="levels" label={t('stock.levels')} />
          <Tab value="movements" label={t('stock.movements')} />
        </Tabs>
      </Box>
      {tab === 'levels' ? (
        <StockLevels
          canManage={canManage}
          onAdjust={(product) => setDialog({ dialog: 'adjust', id: product.id })}
          onHistory={(product) => openTab('movements', { product_id: String(product.id) })}
        />
      ) : (
        <StockMovements />
      )}
      {canManage && dialog === 'purchase' && <PurchaseDialog onClose={() => setDialog(null)} />}
      {canManage && dialog === 'adjust' && (adjustId === null || adjustProduct.data || adjustProduct.isError) && (
        <AdjustStockDialog
          key={adjustId ?? 'new'}
          initialProduct={adjustProduct.data ?? null}
          onClose={() => setDialog(null)}
        />
      )}
    </PageFrame>
  );
}
