import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  CASH_BOX_KINDS,
  ZCashBoxInput,
  ZCloseDayInput,
  ZMovementInput,
  ZTransferInput,
  type TCashBox,
  type TCashBoxInput,
  type TMovementInput,
  type TTransferInput,
} from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { mappedResolver } from '../../lib/mapped-resolver';
import { translateServerMessage } from '../../lib/server-message';
import { centimesOf } from './amount-field';
import { useCloseDay, useCreateBox, useRecordMovement, useTransfer } from './cash-boxes-api';
import { AmountFormField, boxOptions, DateField, FormSelect, full, MoneyFormDialog, todayIso } from './money-form';

type TBoxForm = { name: string; kind: string; opening_centimes: string; opening_on: string };

export function BoxDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateBox();
  const { form, serverError, fieldError, field, dialogProps } = useDialogForm<TBoxForm, TCashBoxInput>({
    resolver: mappedResolver(ZCashBoxInput, (v: TBoxForm) => ({
      ...v,
      opening_centimes: centimesOf(v.opening_centimes),
      opening_on: v.opening_on || undefined,
    })),
    defaultValues: { name: '', kind: 'cash', opening_centimes: '', opening_on: todayIso() },
    fields: ['name', 'kind', 'opening_centimes', 'opening_on'],
    onClose,
    submit: async (input) => {
      const box = await create.mutateAsync(input);
      return t('money.box_created', { name: box.name });
    },
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
      <FormSelect form={form} name="kind" label={t('money.box_kind')} testId="box-kind">
        {CASH_BOX_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`money.kinds.${kind}`)}
          </MenuItem>
        ))}
      </FormSelect>
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
  const { form, serverError, fieldError, dialogProps } = useDialogForm<TTransferForm, TTransferInput>({
    resolver: mappedResolver(ZTransferInput, (v: TTransferForm) => ({
      ...v,
      from_box_id: v.from_box_id ? Number(v.from_box_id) : undefined,
      to_box_id: v.to_box_id ? Number(v.to_box_id) : undefined,
      amount_centimes: centimesOf(v.amount_centimes),
    })),
    defaultValues: {
      from_box_id: live[0] ?? '',
      to_box_id: live[1] ?? '',
      amount_centimes: '',
      occurred_on: todayIso(),
      note: '',
    },
    fields: ['from_box_id', 'to_box_id', 'amount_centimes', 'occurred_on', 'note'],
    onClose,
    submit: async (input) => {
      await transfer.mutateAsync(input);
      return t('money.transfer_done');
    },
  });
  const { register } = form;
  return (
    <MoneyFormDialog
      dialogProps={dialogProps}
      testId="transfer-dialog"
      title={t('money.transfer')}
      submitLabel={t('money.transfer')}
      serverError={serverError}
    >
      <FormSelect
        form={form}
        name="from_box_id"
        label={t('money.from_box')}
        error={fieldError('from_box_id')}
        testId="from-box"
      >
        {boxOptions(boxes)}
      </FormSelect>
      <FormSelect
        form={form}
        name="to_box_id"
        label={t('money.to_box')}
        error={fieldError('to_box_id')}
        testId="to-box"
      >
        {boxOptions(boxes)}
      </FormSelect>
      <AmountFormField form={form} name="amount_centimes" error={fieldError('amount_centimes')} required autoFocus />
      <DateField form={form} name="occurred_on" error={fieldError('occurred_on')} />
      <TextField {...register('note')} label={t('money.note')} sx={full} />
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
  const { form, serverError, fieldError, dialogProps } = useDialogForm<TMovementForm, TMovementInput>({
    resolver: mappedResolver(ZMovementInput, (v: TMovementForm) => {
      const amount = centimesOf(v.amount_centimes);
      return {
        ...v,
        box_id: v.box_id ? Number(v.box_id) : undefined,
        amount_centimes: typeof amount === 'number' && v.direction === 'out' ? -amount : amount,
      };
    }),
    defaultValues: {
      box_id: liveBoxIds(boxes)[0] ?? '',
      direction: 'in',
      amount_centimes: '',
      occurred_on: todayIso(),
      note: '',
    },
    fields: ['box_id', 'amount_centimes', 'occurred_on', 'note'],
    onClose,
    submit: async (input) => {
      await record.mutateAsync(input);
      return t('money.movement_recorded');
    },
  });
  const { register } = form;
  return (
    <MoneyFormDialog
      dialogProps={dialogProps}
      testId="movement-dialog"
      title={t('money.adjustment')}
      submitLabel={t('common.save')}
      serverError={serverError}
    >
      <FormSelect form={form} name="box_id" label={t('money.box')} error={fieldError('box_id')}>
        {boxOptions(boxes)}
      </FormSelect>
      <FormSelect form={form} name="direction" label={t('money.direction')}>
        <MenuItem value="in">{t('money.money_in')}</MenuItem>
        <MenuItem value="out">{t('money.money_out')}</MenuItem>
      </FormSelect>
      <AmountFormField form={form} name="amount_centimes" error={fieldError('amount_centimes')} required />
      <DateField form={form} name="occurred_on" error={fieldError('occurred_on')} />
      <TextField {...register('note')} label={t('money.note')} sx={full} />
    </MoneyFormDialog>
  );
}

export function CloseDayDialog({ closedThrough, onClose }: { closedThrough: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const close = useCloseDay();
  const { form, serverError, fieldError, dialogProps } = useDialogForm<{ day: string }, { day: string }>({
    resolver: mappedResolver(ZCloseDayInput, (v: { day: string }) => v),
    defaultValues: { day: todayIso() },
    fields: ['day'],
    onClose,
    submit: async ({ day }) => {
      const answer = await close.mutateAsync(day);
      return translateServerMessage(t, answer) ?? '';
    },
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
