import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { errorMessage } from '../../lib/server-errors';
import { emptyProduct, productToForm } from './product-form-values';
import { ProductForm } from './product-form';
import { useProductQuery } from './products-api';

/** `?dialog=create` or `?dialog=edit&id=5`: the dialog is part of the list's URL. */
export function ProductDialog({ productId, onClose }: { productId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const product = useProductQuery(productId);

  if (productId === null) return <ProductForm product={null} defaultValues={emptyProduct()} onClose={onClose} />;
  if (product.data) {
    return (
      <ProductForm
        key={product.data.id}
        product={product.data}
        defaultValues={productToForm(product.data)}
        onClose={onClose}
      />
    );
  }
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth="md"
      title={t('products.edit_title_loading')}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {product.isError ? (
        <Alert severity="error">{errorMessage(t, product.error)}</Alert>
      ) : (
        <Box role="progressbar" aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={96} width={96} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      )}
    </ResponsiveDialog>
  );
}
