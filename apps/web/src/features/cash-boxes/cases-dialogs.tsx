import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../components/dialogs/form-dialog-actions';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { mappedResolver } from '../../lib/mapped-resolver';
import { toast } from '../../lib/toast';
import { translateServerMessage } from '../../lib/server-message';
import { AmountField, centimesOf } from './amount-field';
import { useCloseDay, useCreateBox, useRecordMovement, useTransfer } from './cash-boxes-api';

export const todayIso = () => new Date().toISOString().slice(0, 10);

const grid = { display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
const full = { gridColumn: '1 / -1' } as const;

function ErrorAlert({ children }: { children: ReactNode }) {
  return children ? (
    <Alert severity="error" sx={full}>
      {children}
    </Alert>
  ) : null;
}

/** A select of the shop's live boxes. */
export function boxOptions(boxes: TCashBox[]) {
  return boxes
    .filter((b) => !b.archived_at)
    .map((b) => (
      <MenuItem key={b.id} value={String(b.id)}>
        {b.name}
      </MenuItem>
    ));
}

type TBoxForm = { name: string; kind: string; opening_centimes: string; opening_on: string };

export function BoxDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateBox();
  const { form, busy, serverError, fieldError, dialogProps } = useDialogForm<TBoxForm, TCashBoxInput>({
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
      void toast(t('money.box_created', { name: box.name }), { variant: 'success' });
      onClose();
    },
  });
  const { register } = form;
  return (
    <ResponsiveDialog
      {...dialogProps}
      testId="box-dialog"
      title={t('money.new_box')}
      actions={<FormDialogActions onCancel={onClose} busy={busy} submitLabel={t('money.create_box')} />}
    >
      <Box sx={grid}>
        <ErrorAlert>{serverError}</ErrorAlert>
        <TextField
          {...register('name')}
          label={t('money.box_name')}
          required
          autoFocus
          error={Boolean(fieldError('name'))}
          helperText={fieldError('name')}
        />
        <TextField
          select
          label={t('money.box_kind')}
          value={form.watch('kind')}
          onChange={(e) => form.setValue('kind', e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'box-kind' } }}
        >
          {CASH_BOX_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`money.kinds.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <AmountField
          {...register('opening_centimes')}
          label={t('money.opening_balance')}
          error={Boolean(fieldError('opening_centimes'))}
          helperText={fieldError('opening_centimes') ?? t('money.opening_help')}
        />
        <TextField
          {...register('opening_on')}
          type="date"
          label={t('money.date')}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(fieldError('opening_on'))}
          helperText={fieldError('opening_on')}
        />
      </Box>
    </ResponsiveDialog>
  );
}

type TTransferForm = {
  from_box_id: string;
  to_box_id: string;
  amount_centimes: string;
  occurred_on: string;
  note: string;
};

export function TransferDialog({ boxes, onClose }: { boxes: TCashBox[]; onClose: () => void }) {
  const { t } = useTranslation();
  const transfer = useTransfer();
  const live = boxes.filter((b) => !b.archived_at);
  const { form, busy, serverError, fieldError, dialogProps } = useDialogForm<TTransferForm, TTransferInput>({
    resolver: mappedResolver(ZTransferInput, (v: TTransferForm) => ({
      ...v,
      from_box_id: v.from_box_id ? Number(v.from_box_id) : undefined,
      to_box_id: v.to_box_id ? Number(v.to_box_id) : undefined,
      amount_centimes: centimesOf(v.amount_centimes),
    })),
    defaultValues: {
      from_box_id: live[0] ? String(live[0].id) : '',
      to_box_id: live[1] ? String(live[1].id) : '',
      amount_centimes: '',
      occurred_on: todayIso(),
      note: '',
    },
    fields: ['from_box_id', 'to_box_id', 'amount_centimes', 'occurred_on', 'note'],
    onClose,
    submit: async (input) => {
      await transfer.mutateAsync(input);
      void toast(t('money.transfer_done'), { variant: 'success' });
      onClose();
    },
  });
  const { register } = form;
  return (
    <ResponsiveDialog
      {...dialogProps}
      testId="transfer-dialog"
      title={t('money.transfer')}
      actions={<FormDialogActions onCancel={onClose} busy={busy} submitLabel={t('money.transfer')} />}
    >
      <Box sx={grid}>
        <ErrorAlert>{serverError}</ErrorAlert>
        <TextField
          select
          label={t('money.from_box')}
          value={form.watch('from_box_id')}
          onChange={(e) => form.setValue('from_box_id', e.target.value)}
          error={Boolean(fieldError('from_box_id'))}
          helperText={fieldError('from_box_id')}
          slotProps={{ htmlInput: { 'data-testid': 'from-box' } }}
        >
          {boxOptions(boxes)}
        </TextField>
        <TextField
          select
          label={t('money.to_box')}
          value={form.watch('to_box_id')}
          onChange={(e) => form.setValue('to_box_id', e.target.value)}
          error={Boolean(fieldError('to_box_id'))}
          helperText={fieldError('to_box_id')}
          slotProps={{ htmlInput: { 'data-testid': 'to-box' } }}
        >
          {boxOptions(boxes)}
        </TextField>
        <AmountField
          {...register('amount_centimes')}
          label={t('money.amount')}
          required
          autoFocus
          error={Boolean(fieldError('amount_centimes'))}
          helperText={fieldError('amount_centimes')}
        />
        <TextField
          {...register('occurred_on')}
          type="date"
          label={t('money.date')}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(fieldError('occurred_on'))}
          helperText={fieldError('occurred_on')}
        />
        <TextField {...register('note')} label={t('money.note')} sx={full} />
      </Box>
    </ResponsiveDialog>
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
  const live = boxes.filter((b) => !b.archived_at);
  const { form, busy, serverError, fieldError, dialogProps } = useDialogForm<TMovementForm, TMovementInput>({
    resolver: mappedResolver(ZMovementInput, (v: TMovementForm) => {
      const amount = centimesOf(v.amount_centimes);
      return {
        ...v,
        box_id: v.box_id ? Number(v.box_id) : undefined,
        amount_centimes: typeof amount === 'number' && v.direction === 'out' ? -amount : amount,
      };
    }),
    defaultValues: {
      box_id: live[0] ? String(live[0].id) : '',
      direction: 'in',
      amount_centimes: '',
      occurred_on: todayIso(),
      note: '',
    },
    fields: ['box_id', 'amount_centimes', 'occurred_on', 'note'],
    onClose,
    submit: async (input) => {
      await record.mutateAsync(input);
      void toast(t('money.movement_recorded'), { variant: 'success' });
      onClose();
    },
  });
  const { register } = form;
  return (
    <ResponsiveDialog
      {...dialogProps}
      testId="movement-dialog"
      title={t('money.adjustment')}
      actions={<FormDialogActions onCancel={onClose} busy={busy} submitLabel={t('common.save')} />}
    >
      <Box sx={grid}>
        <ErrorAlert>{serverError}</ErrorAlert>
        <TextField
          select
          label={t('money.box')}
          value={form.watch('box_id')}
          onChange={(e) => form.setValue('box_id', e.target.value)}
          error={Boolean(fieldError('box_id'))}
          helperText={fieldError('box_id')}
        >
          {boxOptions(boxes)}
        </TextField>
        <TextField
          select
          label={t('money.direction')}
          value={form.watch('direction')}
          onChange={(e) => form.setValue('direction', e.target.value as 'in' | 'out')}
        >
          <MenuItem value="in">{t('money.money_in')}</MenuItem>
          <MenuItem value="out">{t('money.money_out')}</MenuItem>
        </TextField>
        <AmountField
          {...register('amount_centimes')}
          label={t('money.amount')}
          required
          error={Boolean(fieldError('amount_centimes'))}
          helperText={fieldError('amount_centimes')}
        />
        <TextField
          {...register('occurred_on')}
          type="date"
          label={t('money.date')}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(fieldError('occurred_on'))}
          helperText={fieldError('occurred_on')}
        />
        <TextField {...register('note')} label={t('money.note')} sx={full} />
      </Box>
    </ResponsiveDialog>
  );
}

export function CloseDayDialog({ closedThrough, onClose }: { closedThrough: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const close = useCloseDay();
  const { form, busy, serverError, fieldError, dialogProps } = useDialogForm<{ day: string }, { day: string }>({
    resolver: mappedResolver(ZCloseDayInput, (v: { day: string }) => v),
    defaultValues: { day: todayIso() },
    fields: ['day'],
    onClose,
    submit: async ({ day }) => {
      const answer = await close.mutateAsync(day);
      void toast(translateServerMessage(t, answer) ?? '', { variant: 'success' });
      onClose();
    },
  });
  return (
    <ResponsiveDialog
      {...dialogProps}
      testId="close-day-dialog"
      maxWidth="xs"
      title={t('money.close_day')}
      actions={<FormDialogActions onCancel={onClose} busy={busy} submitLabel={t('money.close_day')} />}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <ErrorAlert>{serverError}</ErrorAlert>
        <Alert severity="info">
          {t('money.close_day_help')}
          {closedThrough ? ` ${t('money.closed_through', { date: closedThrough })}` : ''}
        </Alert>
        <TextField
          {...form.register('day')}
          type="date"
          label={t('money.date')}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(fieldError('day'))}
          helperText={fieldError('day')}
        />
      </Box>
    </ResponsiveDialog>
  );
}
