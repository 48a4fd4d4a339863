import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import type { TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { announceResult } from '../../../lib/announce-result';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog';
import { useCustomerCustomFieldsQuery, useSaveOrder } from '../orders-api';
import { AnswerInputs } from './answer-inputs';
import {
  answersOf,
  customFieldErrors,
  hasErrors,
  orderRequestWithAnswers,
  productsWithFields,
  type TCustomFieldAnswers,
} from './custom-field-rules';

/**
 * SPEC 2.4 custom fields dialog: the order's answers, the empty ones pre-filled from the customer's
 * earlier orders (GET /dashboard/customers/{phone}/custom-fields). Required fields say
 * '{label} is required' here (SPEC 5).
 */
export function CustomFieldsDialog({ order, onClose }: { order: TOrderRow; onClose: () => void }) {
  const { t } = useTranslation();
  const products = useMemo(() => productsWithFields(order), [order]);
  const earlier = useCustomerCustomFieldsQuery(order.customer_phone_1);
  const [edited, setEdited] = useState<TCustomFieldAnswers>({});
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveOrder();

  const answers = useMemo(() => {
    const own = answersOf(order);
    const merged: TCustomFieldAnswers = {};
    for (const product of products) {
      const key = String(product.id);
      const previous = earlier.data?.custom_fields.find((entry) => entry.product_id === product.id)?.field_values ?? {};
      const values: Record<string, string | number | boolean | null> = {};
      for (const field of product.custom_fields) {
        const mine = own[key]?.[field.label];
        const theirs = previous[field.label] as string | number | boolean | null | undefined;
        values[field.label] = mine ?? theirs ?? null;
      }
      merged[key] = { ...values, ...edited[key] };
    }
    return merged;
  }, [order, products, earlier.data, edited]);

  const errors = submitted ? customFieldErrors(products, answers) : {};

  const submit = async () => {
    setSubmitted(true);
    if (hasErrors(customFieldErrors(products, answers))) return;
    const input = orderRequestWithAnswers(order, answers);
    if (await announceResult(t, () => save.mutateAsync({ id: order.id, input }), { everyFailure: true })) onClose();
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={save.isPending}
      title={t('orders.custom_fields.title', { number: order.order_number })}
      testId="custom-fields-dialog"
      onSave={submit}
      submit={{ submitLabel: t('common.save') }}
    >
      {products.length === 0 ? (
        <Alert severity="info">{t('orders.custom_fields.none')}</Alert>
      ) : (
        <AnswerInputs
          products={products}
          answers={answers}
          setAnswers={setEdited}
          errors={errors}
          required={(label) => t('orders.validation.label_required', { label })}
        />
      )}
    </ResponsiveDialog>
  );
}
