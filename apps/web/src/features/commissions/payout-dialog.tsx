import { ZCommissionPayout, type TAgentCommission, type TCashBox } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { amountText, centimesOf } from '../cash-boxes/amount-field';
import { useCasesQuery } from '../cash-boxes/cash-boxes-api';
import {
  AmountDayNoteFields,
  BoxSelect,
  idOf,
  MoneyFormDialog,
  todayIso,
  useMoneyForm,
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
  const { form, serverError, fieldError, dialogProps } = useMoneyForm({
    schema: ZCommissionPayout,
    toInput: (v: TPayoutForm) => ({
      ...v,
      agent_id: agent.agent_id,
      box_id: idOf(v.box_id),
      amount_centimes: centimesOf(v.amount_centimes),
    }),
    defaultValues: {
      box_id: firstBox ? String(firstBox.id) : '',
      amount_centimes: amountText(agent.due_centimes),
      paid_on: todayIso(),
      note: '',
    },
    onClose,
    save: pay.mutateAsync,
    saved: () => t('commissions.paid_toast', { name: agent.name }),
  });
  return (
    <MoneyFormDialog
      dialogProps={dialogProps}
      testId="payout-dialog"
      title={t('commissions.pay_title', { name: agent.name })}
      submitLabel={t('commissions.pay')}
      serverError={serverError}
    >
      <BoxSelect form={form} boxes={boxes} name="box_id" error={fieldError('box_id')} testId="payout-box" />
      <AmountDayNoteFields form={form} fieldError={fieldError} day="paid_on" autoFocus />
    </MoneyFormDialog>
  );
}
