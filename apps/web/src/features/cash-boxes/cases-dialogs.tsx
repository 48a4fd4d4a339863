import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import {
  CASH_BOX_KINDS,
  ZCashBoxInput,
  ZCloseDayInput,
  ZMovementInput,
  ZTransferInput,
  type TCashBox,
} from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../lib/server-message';
import { centimesOf } from './amount-field';
import { useCloseDay, useCreateBox, useRecordMovement, useTransfer } from './cash-boxes-api';
import {
  AmountDayNoteFields,
  AmountFormField,
  BoxSelect,
  DateField,
  FormSelect,
  idOf,
  MoneyFormDialog,
  todayIso,
  useMoneyForm,
} from './money-form';

type TBoxForm = { name: string; kind: string; opening_centimes: string; opening_on: string };

export function BoxDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateBox();
  const { form, serverError, fieldError, field, dialogProps } = useMoneyForm({
    schema: ZCashBoxInput,
    toInput: (v: TBoxForm) => ({
      ...v,
      opening_centimes: centimesOf(v.opening_centimes),
      opening_on: v.opening_on || undefined,
    }),
    defaultValues: { name: '', kind: 'cash', opening_centimes: '', opening_on: todayIso() },
    onClose,
    save: create.mutateAsync,
    saved: (box) => t('money.box_created', { name: box.name }),
  });
  return (
    <MoneyFormDialog
      dialogProps={dialogProps}
      testId="box-dialog"
      title={t('money.new_box')}
      submitLabel={t('money.create_box')}
      serverError={serverError}
    >
      <TextField {...field('name')} label={t('money.box_name')} required autoFocus />
      <FormSelect
        form={form}
        name="kind"
        label={t('money.box_kind')}
        testId="box-kind"
        options={CASH_BOX_KINDS.map((kind) => ({ value: kind, label: t(`money.kinds.${kind}`) }))}
      />
      <AmountFormField
        form={form}
        name="opening_centimes"
        label={t('money.opening_balance')}
        error={fieldError('opening_centimes')}
        help={t('money.opening_help')}
      />
      <DateField form={form} name="opening_on" error={fieldError('opening_on')} />
    </MoneyFormDialog>
  );
}

type TTransferForm = {
  from_box_id: string;
  to_box_id: string;
  amount_centimes: string;
  occurred_on: string;
  note: string;
};

/** The first live boxes' ids, as a select's text. */
const liveBoxIds = (boxes: TCashBox[]) => boxes.filter((b) => !b.archived_at).map((b) => String(b.id));

export function TransferDialog({ boxes, onClose }: { boxes: TCashBox[]; onClose: () => void }) {
  const { t } = useTranslation();
  const transfer = useTransfer();
  const live = liveBoxIds(boxes);
  const { form, serverError, fieldError, dialogProps } = useMoneyForm({
    schema: ZTransferInput,
    toInput: (v: TTransferForm) => ({
      ...v,
      from_box_id: idOf(v.from_box_id),
      to_box_id: idOf(v.to_box_id),
      amount_centimes: centimesOf(v.amount_centimes),
    }),
    defaultValues: {
      from_box_id: live[0] ?? '',
      to_box_id: live[1] ?? '',
      amount_centimes: '',
      occurred_on: todayIso(),
      note: '',
    },
    onClose,
    save: transfer.mutateAsync,
    saved: () => t('money.transfer_done'),
  });
  return (
    <MoneyFormDialog
      dialogProps={dialogProps}
      testId="transfer-dialog"
      title={t('money.transfer')}
      submitLabel={t('money.transfer')}
      serverError={serverError}
    >
      {(['from', 'to'] as const).map((end) => (
        <BoxSelect
          key={end}
          form={form}
          boxes={boxes}
          name={`${end}_box_id`}
          label={t(`money.${end}_box`)}
          error={fieldError(`${end}_box_id`)}
          testId={`${end}-box`}
        />
      ))}
      <AmountDayNoteFields form={form} fieldError={fieldError} autoFocus />
    </MoneyFormDialog>
  );
}

type TMovementForm = {
  box_id: string;
  direction: 'in' | 'out';
  amount_centimes: string;
  occurred_on: string;
  note: string;
};

export function MovementDialog({ boxes, onClose }: { boxes: TCashBox[]; onClose: () => void }) {
  const { t } = useTranslation();
  const record = useRecordMovement();
  const { form, serverError, fieldError, dialogProps } = useMoneyForm({
    schema: ZMovementInput,
    toInput: (v: TMovementForm) => {
      const amount = centimesOf(v.amount_centimes);
      return {
        ...v,
        box_id: idOf(v.box_id),
        amount_centimes: typeof amount === 'number' && v.direction === 'out' ? -amount : amount,
      };
    },
    defaultValues: {
      box_id: liveBoxIds(boxes)[0] ?? '',
      direction: 'in',
      amount_centimes: '',
      occurred_on: todayIso(),
      note: '',
    },
    onClose,
    save: record.mutateAsync,
    saved: () => t('money.movement_recorded'),
  });
  return (
    <MoneyFormDialog
      dialogProps={dialogProps}
      testId="movement-dialog"
      title={t('money.adjustment')}
      submitLabel={t('common.save')}
      serverError={serverError}
    >
      <BoxSelect form={form} boxes={boxes} name="box_id" error={fieldError('box_id')} />
      <FormSelect
        form={form}
        name="direction"
        label={t('money.direction')}
        options={[
          { value: 'in', label: t('money.money_in') },
          { value: 'out', label: t('money.money_out') },
        ]}
      />
      <AmountDayNoteFields form={form} fieldError={fieldError} />
    </MoneyFormDialog>
  );
}

export function CloseDayDialog({ closedThrough, onClose }: { closedThrough: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const close = useCloseDay();
  const { form, serverError, fieldError, dialogProps } = useMoneyForm({
    schema: ZCloseDayInput,
    toInput: (v: { day: string }) => v,
    defaultValues: { day: todayIso() },
    onClose,
    save: ({ day }) => close.mutateAsync(day),
    saved: (answer) => translateServerMessage(t, answer) ?? '',
  });
  return (
    <MoneyFormDialog
      dialogProps={dialogProps}
      testId="close-day-dialog"
      maxWidth="xs"
      title={t('money.close_day')}
      submitLabel={t('money.close_day')}
      serverError={serverError}
      grid={{ display: 'grid', gap: 2, pt: 1 }}
    >
      <Alert severity="info">
        {t('money.close_day_help')}
        {closedThrough ? ` ${t('money.closed_through', { date: closedThrough })}` : ''}
      </Alert>
      <DateField form={form} name="day" error={fieldError('day')} />
    </MoneyFormDialog>
  );
}
