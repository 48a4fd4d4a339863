import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import type { TCashBox } from '@cod/shared';
import type { ComponentProps, ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../components/dialogs/form-dialog-actions';
import { SelectField, type TSelectOption } from '../../components/forms/select-field';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { mappedResolver } from '../../lib/mapped-resolver';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { AmountField } from './amount-field';

/**
 * The pieces every money dialog is made of (boxes, transfers, adjustments, closing a day, expenses
 * and income, remittances): one grid, one error alert, the box select and the date field.
 */

export const todayIso = () => new Date().toISOString().slice(0, 10);

/** Two columns from a tablet up, one on a phone; `full` spans the row. */
export const moneyGrid = { display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
export const full = { gridColumn: '1 / -1' } as const;

/** The failed save's message that no field shows, across the whole row. */
export function FormErrorAlert({ children }: { children: ReactNode }) {
  return children ? (
    <Alert severity="error" sx={full}>
      {children}
    </Alert>
  ) : null;
}

/**
 * A money dialog's form (useDialogForm): the form's text values become the shared schema's request
 * through `toInput`, `save` sends it, and `saved` says what the success toast reads. Every field of
 * `defaultValues` shows its own server message.
 */
export function useMoneyForm<TForm extends FieldValues, S extends z.ZodType, TAnswer>({
  schema,
  toInput,
  defaultValues,
  save,
  saved,
  onClose,
}: {
  schema: S;
  toInput: (values: TForm) => unknown;
  defaultValues: DefaultValues<TForm>;
  save: (input: z.output<S>) => Promise<TAnswer>;
  saved: (answer: TAnswer) => string;
  onClose: () => void;
}) {
  return useDialogForm<TForm, z.output<S>>({
    resolver: mappedResolver(schema, toInput),
    defaultValues,
    fields: Object.keys(defaultValues),
    onClose,
    submit: async (input) => saved(await save(input)),
  });
}

/** A select's value sent as an id: a number, or nothing when none is chosen. */
export const idOf = (value: string) => (value ? Number(value) : undefined);

/** The options of a select of the shop's live boxes. */
export function boxOptions(boxes: TCashBox[]) {
  return boxes
    .filter((b) => !b.archived_at)
    .map((b) => (
      <MenuItem key={b.id} value={String(b.id)}>
        {b.name}
      </MenuItem>
    ));
}

/** A form dialog of the money screens: title, the two-column grid with the error alert, cancel and submit. */
export function MoneyFormDialog({
  dialogProps,
  testId,
  title,
  submitLabel,
  serverError,
  maxWidth,
  grid = moneyGrid,
  children,
}: {
  dialogProps: Omit<ComponentProps<typeof ResponsiveDialog>, 'title' | 'children'>;
  testId: string;
  title: string;
  submitLabel: string;
  serverError: ReactNode;
  maxWidth?: ComponentProps<typeof ResponsiveDialog>['maxWidth'];
  grid?: object;
  children: ReactNode;
}) {
  return (
    <ResponsiveDialog
      {...dialogProps}
      testId={testId}
      maxWidth={maxWidth}
      title={title}
      actions={
        <FormDialogActions onCancel={dialogProps.onClose} busy={dialogProps.busy ?? false} submitLabel={submitLabel} />
      }
    >
      <Box sx={grid}>
        <FormErrorAlert>{serverError}</FormErrorAlert>
        {children}
      </Box>
    </ResponsiveDialog>
  );
}

interface TFieldProps<TForm extends FieldValues> {
  form: UseFormReturn<TForm, unknown, unknown>;
  name: Path<TForm>;
  label: string;
  /** The field's message in the user's language (useDialogForm's fieldError). */
  error?: string;
  testId?: string;
}

/**
 * A select bound to a form field (a box, a category, a kind...): its choices as data (`options`),
 * after any items given as children (a "none" choice).
 */
export function FormSelect<TForm extends FieldValues>({
  form,
  name,
  label,
  error,
  testId,
  options = [],
  children,
}: TFieldProps<TForm> & { options?: readonly TSelectOption[]; children?: ReactNode }) {
  return (
    <SelectField
      label={label}
      value={form.watch(name)}
      onChange={(e) => form.setValue(name, e.target.value as PathValue<TForm, Path<TForm>>)}
      error={Boolean(error)}
      helperText={error}
      slotProps={testId ? { htmlInput: { 'data-testid': testId } } : undefined}
      options={options}
    >
      {children}
    </SelectField>
  );
}

/** A select of the shop's live boxes bound to a form field, labelled "Box" unless told. */
export function BoxSelect<TForm extends FieldValues>({
  boxes,
  label,
  ...props
}: Omit<TFieldProps<TForm>, 'label'> & { boxes: TCashBox[]; label?: string }) {
  const { t } = useTranslation();
  return (
    <FormSelect {...props} label={label ?? t('money.box')}>
      {boxOptions(boxes)}
    </FormSelect>
  );
}

/** A day picked with the browser's date input, labelled "Date" unless told. */
export function DateField<TForm extends FieldValues>({
  form,
  name,
  label,
  error,
  required,
}: Omit<TFieldProps<TForm>, 'label' | 'testId'> & { label?: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextField
      {...form.register(name)}
      type="date"
      label={label ?? t('money.date')}
      required={required}
      slotProps={{ inputLabel: { shrink: true } }}
      error={Boolean(error)}
      helperText={error}
    />
  );
}

/** The amount of a money form, typed as text and sent as centimes (AmountField), "Amount" unless told. */
export function AmountFormField<TForm extends FieldValues>({
  form,
  name,
  label,
  error,
  help,
  required,
  autoFocus,
}: Omit<TFieldProps<TForm>, 'label' | 'testId'> & {
  label?: string;
  /** What the field says while it has no error. */
  help?: string;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <AmountField
      {...form.register(name)}
      label={label ?? t('money.amount')}
      required={required}
      autoFocus={autoFocus}
      error={Boolean(error)}
      helperText={error ?? help}
    />
  );
}

/** The amount, the day and the note that end a money move (a transfer, an adjustment, a payout). */
export function AmountDayNoteFields<TForm extends FieldValues>({
  form,
  fieldError,
  day = 'occurred_on',
  autoFocus,
}: {
  form: UseFormReturn<TForm, unknown, unknown>;
  fieldError: (name: Path<TForm>) => string | undefined;
  /** The day field's name. */
  day?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const name = (key: string) => key as Path<TForm>;
  return (
    <>
      <AmountFormField
        form={form}
        name={name('amount_centimes')}
        error={fieldError(name('amount_centimes'))}
        required
        autoFocus={autoFocus}
      />
      <DateField form={form} name={name(day)} error={fieldError(name(day))} />
      <TextField {...form.register(name('note'))} label={t('money.note')} sx={full} />
    </>
  );
}

/** A spreadsheet to upload (a carrier's statement, an ad-spend export): the button, then its name or a hint. */
export function SheetFileChooser({
  label,
  help,
  file,
  testId,
  onChange,
}: {
  label: string;
  help: string;
  file: File | null;
  testId: string;
  onChange: (file: File | null) => void;
}) {
  return (
    <Box sx={{ ...full, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />}>
        {label}
        <input
          hidden
          type="file"
          accept=".csv,.xlsx"
          data-testid={testId}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography variant="body2" color="text.secondary" dir={file ? 'ltr' : undefined}>
        {file?.name ?? help}
      </Typography>
    </Box>
  );
}
