import TextField from '@mui/material/TextField';
import { ZCommissionPayout, type TAgentCommission, type TCashBox, type TCommissionPayout } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { mappedResolver } from '../../lib/mapped-resolver';
import { amountText, centimesOf } from '../cash-boxes/amount-field';
import { useCasesQuery } from '../cash-boxes/cash-boxes-api';
import {
  AmountFormField,
  boxOptions,
  DateField,
  FormSelect,
  full,
  MoneyFormDialog,
  todayIso,
} from '../cash-boxes/money-form';
import { usePayCommission } from './commissions-api';

type TPayoutForm = { box_id: string; amount_centimes: string; paid_on: string; note: string };

/** Pays an agent what is due (or part of it) from a box: an expense of category salaries (decision 0102). */
export function PayoutDialog({ agent, onClose }: { agent: TAgentCommission; onClose: () => void }) {
  const cases = useCasesQuery();
  if (!cases.data) return null;
  return <PayoutForm agent={agent} boxes={cases.data.boxes} onClose={onClose} />;
}

function PayoutForm({ agent, boxes, onClose }: { agent: TAgentCommission; boxes: TCashBox[]; onClose: () => void }) {
  const { t } = useTranslation();
  const pay = usePayCommission();
  const firstBox = boxes.find((b) => !b.archived_at);
  const { form, serverError, fieldError, dialogProps } = useDialogForm<TPayoutForm, TCommissionPayout>({
    resolver: mappedResolver(ZCommissionPayout, (v: TPayoutForm) => ({
      ...v,
      agent_id: agent.agent_id,
      box_id: v.box_id ? Number(v.box_id) : undefined,
      amount_centimes: centimesOf(v.amount_centimes),
    })),
    defaultValues: {
      box_id: firstBox ? String(firstBox.id) : '',
      amount_centimes: amountText(agent.due_centimes),
      paid_on: todayIso(),
      note: '',
    },
    fields: ['box_id', 'amount_centimes', 'paid_on', 'note'],
    onClose,
    submit: async (input) => {
      await pay.mutateAsync(input);
      return t('commissions.paid_toast', { name: agent.name });
    },
  });
  return (
    <MoneyFormDialog
      dialogProps={dialogProps}
      testId="payout-dialog"
      title={t('commissions.pay_title', { name: agent.name })}
      submitLabel={t('commissions.pay')}
      serverError={serverError}
    >
      <FormSelect form={form} name="box_id" label={t('money.box')} error={fieldError('box_id')} testId="payout-box">
        {boxOptions(boxes)}
      </FormSelect>
      <AmountFormField form={form} name="amount_centimes" error={fieldError('amount_centimes')} required autoFocus />
      <DateField form={form} name="paid_on" error={fieldError('paid_on')} />
      <TextField {...form.register('note')} label={t('money.note')} sx={full} />
    </MoneyFormDialog>
  );
}
