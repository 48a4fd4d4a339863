import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import { orderFormSchema, orderInputIssues, type TOrderInput, type TOrderRow, type TStopdeskCentre } from '@cod/shared';
import { FormProvider, get, set, useForm, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { mappedResolver } from '../../../lib/mapped-resolver';
import { WhatsAppButton } from '../../whatsapp/whatsapp-button';
import { OrderProfit, useSeesCosts } from '../../commissions/order-profit';
import { DetailSection } from '../../../components/catalogue-kit/detail-dialog';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog';
import { errorMessage } from '../../../lib/server-errors';
import { useCompanyCentresQuery, useOrderQuery, useSaveOrder, type TProductOption } from '../orders-api';
import { AddressSection } from './address-section';
import { CustomerSection } from './customer-section';
import { DeliverySection } from './delivery-section';
import { OrderCustomFields } from './order-custom-fields';
import {
  catalogueRulesInput,
  emptyOrderForm,
  formProductOf,
  orderFormFromRow,
  orderRequestOf,
  productsOfRow,
  type TOrderFormState,
} from './order-form-values';
import { ProductLines } from './product-lines';
import { failureMessages, fieldMessages, messageToken, translateServerMessage } from '../../../lib/server-message';

/** SPEC 5: the fields the server's errors are shown under (the rest are toasts only). */
const SERVER_FIELD =
  /^(customer_full_name|customer_phone_[12]|state_id|city_id|customer_address|stopdesk_id|agent_id|products\.\d+\.(product_id|variant_id|quantity|price)|customer_custom_fields\.\d+\..+)$/;

/** SPEC 2.4 add/edit order dialog; `orderId` null creates. Full screen on phones. */
export function OrderDialog({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useOrderQuery(orderId);
  if (orderId !== null && !order.data) {
    return (
      <ResponsiveDialog
        open
        onClose={onClose}
        maxWidth="md"
        title={t('orders.form.edit_title', { number: '' })}
        testId="order-dialog"
      >
        {order.isError ? (
          <Alert severity="error">{errorMessage(t, order.error)}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={48} />
            ))}
          </Box>
        )}
      </ResponsiveDialog>
    );
  }
  return <OrderForm row={order.data ?? null} onClose={onClose} />;
}

function OrderForm({ row, onClose }: { row: TOrderRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const creating = row === null;
  const save = useSaveOrder();
  // Issue 13.6: the order's profit, for those who see cost prices.
  const seesCosts = useSeesCosts();
  const [known, setKnown] = useState(() => new Map((row ? productsOfRow(row) : []).map((p) => [p.id, p])));

  // Every product the form has seen, so variants and custom fields can be checked and totalled.
  const remember = useCallback((list: readonly TProductOption[]) => {
    setKnown((current) => {
      const fresh = list.filter((p) => !current.has(p.id) || (current.get(p.id)!.sku === '' && p.sku !== ''));
      if (fresh.length === 0) return current;
      const next = new Map(current);
      for (const product of fresh) next.set(product.id, product);
      return next;
    });
  }, []);

  // Issue 12 item 5: the centres are the chosen company's in the chosen wilaya; none without both.
  // The resolver reads them at validation time (undefined while they load: the server decides).
  const centresNow = useRef<readonly TStopdeskCentre[] | undefined>([]);
  const form = useForm<TOrderFormState, unknown, TOrderInput>({
    defaultValues: row ? orderFormFromRow(row) : emptyOrderForm(),
    resolver: useOrderResolver(creating, known, centresNow),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [companyId, stateId] = form.watch(['shipping_company_id', 'state_id']);
  const picked = { company: typeof companyId === 'number' ? companyId : null, state: stateId === '' ? null : stateId };
  const centres = useCompanyCentresQuery(picked.company, picked.state);
  centresNow.current = picked.company === null || picked.state === null ? [] : centres.data;
  const stateCentres = useMemo(() => centres.data ?? [], [centres.data]);

  const submit = form.handleSubmit(async (input) => {
    try {
      const answer = await save.mutateAsync({ id: row?.id ?? null, input });
      void toast(translateServerMessage(t, answer), { variant: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        for (const [field, messages] of Object.entries(fieldMessages(error))) {
          if (SERVER_FIELD.test(field) && messages[0]) {
            form.setError(field as Path<TOrderFormState>, { type: 'server', message: messageToken(messages[0]) });
          }
        }
      }
      // SPEC 8: one toast per message, custom-field errors included.
      for (const message of failureMessages(t, error)) void toast(message, { variant: 'error' });
    }
  });

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={save.isPending}
      maxWidth="md"
      title={creating ? t('orders.form.create_title') : t('orders.form.edit_title', { number: `#${row.order_number}` })}
      testId="order-dialog"
      onSubmit={(event) => void submit(event)}
      actions={
        <FormDialogActions
          onCancel={onClose}
          busy={save.isPending}
          submitLabel={creating ? t('orders.form.create') : t('common.save')}
          submitTestId="order-submit"
        />
      }
    >
      <FormProvider {...form}>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <DetailSection gap={1.5} title={t('orders.form.customer')}>
            <CustomerSection orderId={row?.id ?? null} />
            {row && <WhatsAppButton order={row} variant="button" />}
          </DetailSection>
          <Divider />
          <DetailSection gap={1.5} title={t('orders.form.address_section')}>
            <AddressSection centres={stateCentres} />
          </DetailSection>
          <Divider />
          <DetailSection gap={1.5} title={t('orders.form.products')}>
            <ProductLines products={known} remember={remember} />
          </DetailSection>
          <OrderCustomFields products={known} />
          <Divider />
          <DetailSection gap={1.5} title={t('orders.form.delivery_section')}>
            <DeliverySection products={known} editing={!creating} />
          </DetailSection>
          {row && seesCosts && (
            <>
              <Divider />
              <OrderProfit orderId={row.id} />
            </>
          )}
        </Box>
      </FormProvider>
    </ResponsiveDialog>
  );
}

/**
 * The dialog validates with the server's own rules (`orderFormSchema`): the payload schema plus
 * the catalogue rules, told about the products seen and the centres of the chosen wilaya.
 */
function useOrderResolver(
  creating: boolean,
  known: ReadonlyMap<number, TProductOption>,
  centres: RefObject<readonly TStopdeskCentre[] | undefined>,
): Resolver<TOrderFormState, unknown, TOrderInput> {
  const latest = useRef({ known });
  latest.current = { known };
  return useMemo<Resolver<TOrderFormState, unknown, TOrderInput>>(
    () => async (values, context, options) => {
      const { known: products } = latest.current;
      const rulesContext = {
        products: new Map([...products.values()].map((p) => [p.id, formProductOf(p)])),
        // The chosen company's centres in the chosen wilaya; unknown while they load (the server decides).
        stateCentres: centres.current,
      };
      const schema = orderFormSchema(rulesContext);
      const resolve = mappedResolver<TOrderFormState & FieldValues, typeof schema>(schema, (v) =>
        orderRequestOf(v, { creating }),
      );
      const result = await resolve(values, context, options);
      if (Object.keys(result.errors).length === 0)
        return result as Awaited<ReturnType<Resolver<TOrderFormState, unknown, TOrderInput>>>;
      // zod checks the catalogue rules only once the base fields pass: show their messages now too.
      for (const issue of orderInputIssues(catalogueRulesInput(values), rulesContext)) {
        const path = issue.path.join('.');
        if (!get(result.errors, path)) set(result.errors, path, { type: 'custom', message: issue.message });
      }
      return result as Awaited<ReturnType<Resolver<TOrderFormState, unknown, TOrderInput>>>;
    },
    [creating, centres],
  );
}
