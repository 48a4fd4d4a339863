import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { TProduct, TProductFormValues, TProductInput } from '@cod/shared';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { FormSwitch } from '../../components/catalogue-kit/form-switch';
import { errorMessage } from '../../lib/server-errors';
import { CustomFieldsEditor } from './custom-fields-editor';
import { PRODUCT_FORM_FIELDS, newVariant, productResolver } from './product-form-values';
import { ProductImageField, imageProblem, type TImageChoice } from './product-image-field';
import { ProductMainFields } from './product-main-fields';
import { useProductImage, useSaveProduct } from './products-api';
import { VariantsEditor } from './variants-editor';

interface TProductFormProps {
  product: TProduct | null;
  defaultValues: TProductFormValues;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Divider sx={{ mt: 0.5 }} />
      </Box>
      {children}
    </Box>
  );
}

/** The create/edit dialog's form: the shared zod schema on the client, the server's 422 under fields. */
export function ProductForm({ product, defaultValues, onClose }: TProductFormProps) {
  const { t } = useTranslation();
  const editing = product !== null;
  const save = useSaveProduct();
  const image = useProductImage();
  const [imageChoice, setImageChoice] = useState<TImageChoice>({ file: null, remove: false });
  const [imageError, setImageError] = useState<string | undefined>();
  const {
    form,
    serverError: rootError,
    fieldError,
    dialogProps,
  } = useDialogForm<TProductFormValues, TProductInput>({
    resolver: productResolver(editing),
    defaultValues,
    fields: PRODUCT_FORM_FIELDS,
    onClose,
    submit: async (input) => {
      // Only the product's own save puts messages on the form; the picture is uploaded after it.
      const saved = await save.mutateAsync({ id: product?.id ?? null, input });
      if (imageChoice.file || imageChoice.remove) {
        try {
          await image.mutateAsync({ id: saved.id, file: imageChoice.file });
        } catch (error) {
          // The product is saved; only the picture failed. Say so and let the user retry from edit.
          void toast(t('products.image_failed', { message: errorMessage(t, error) }), { variant: 'warning' });
          onClose();
          return;
        }
      }
      return t(editing ? 'products.updated' : 'products.created', { name: saved.name });
    },
  });
  const { control, getValues, setValue } = form;
  const hasVariants = useWatch({ control, name: 'has_variants' });
  const hasVariantsError = fieldError('has_variants');

  return (
    <FormProvider {...form}>
      <ResponsiveDialog
        {...dialogProps}
        maxWidth="md"
        testId="product-dialog"
        title={editing ? t('products.edit_title', { name: product.name }) : t('products.create_title')}
        submit={{ submitLabel: editing ? t('common.save') : t('products.create') }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          {rootError && (
            <Alert severity="error" role="alert">
              {rootError}
            </Alert>
          )}
          <ProductImageField
            currentUrl={product?.thumbnail_url ?? product?.image_url ?? null}
            value={imageChoice}
            error={imageError}
            onChange={(choice) => {
              const problem = choice.file ? imageProblem(choice.file) : null;
              setImageError(problem ? t(problem, { max: 5 }) : undefined);
              if (!problem) setImageChoice(choice);
            }}
          />
          <ProductMainFields creating={!editing} />
          <Section title={t('variants.title')}>
            <FormSwitch
              control={control}
              name="has_variants"
              label={t('variants.has_variants')}
              onToggle={(checked) => {
                // Switching on starts the list with one row to fill.
                if (checked && !(getValues('variants') ?? []).length) {
                  setValue('variants', [{ ...newVariant(), price: getValues('price') }]);
                }
              }}
            />
            {hasVariantsError && <Alert severity="error">{hasVariantsError}</Alert>}
            {hasVariants ? (
              <VariantsEditor saved={product?.variants ?? []} defaultPrice={getValues('price')} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('variants.none_help')}
              </Typography>
            )}
          </Section>
          <Section title={t('custom_fields.title')}>
            <Typography variant="body2" color="text.secondary">
              {t('custom_fields.help')}
            </Typography>
            <CustomFieldsEditor />
          </Section>
        </Box>
      </ResponsiveDialog>
    </FormProvider>
  );
}
