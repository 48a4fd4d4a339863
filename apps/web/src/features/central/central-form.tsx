import type { ComponentProps, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SelectField } from '../../components/forms/select-field';

type TServerErrors = { fields: Record<string, string>; general: string | null };

/** A text field's message: the server's for this field, else its help line. */
export const fieldError = (errors: TServerErrors, name: string, helper?: string) => ({
  error: Boolean(errors.fields[name]),
  helperText: errors.fields[name] ?? helper,
});

/**
 * A form held as one object of strings: `bind(name)` gives a TextField its value, its change and
 * its message (the server's for that field, else `helper`).
 */
export function fieldBinder<TForm extends object>(form: TForm, setForm: (form: TForm) => void, errors: TServerErrors) {
  return (name: keyof TForm & string, helper?: string) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    ...fieldError(errors, name, helper),
  });
}

/** A central page that is one form (new tenant, record a payment): Cancel goes back, the action submits. */
export function CentralForm({
  save,
  general,
  submitLabel,
  maxWidth,
  intro,
  children,
}: {
  save: { isPending: boolean; mutate: () => void };
  general: string | null;
  submitLabel: string;
  maxWidth: number;
  /** Shown first, above the failure. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, maxWidth }}
    >
      <Stack spacing={2}>
        {intro}
        {general && <Alert severity="error">{general}</Alert>}
        {children}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void navigate(-1)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** A form grid's cell: the whole row on phones, half of it from `sm` up. */
export function HalfCell({ children }: { children: ReactNode }) {
  return <Grid size={{ xs: 12, sm: 6 }}>{children}</Grid>;
}

/** A select of a central form in half a row, as wide as its cell. */
export function HalfSelect(props: ComponentProps<typeof SelectField>) {
  return (
    <HalfCell>
      <SelectField fullWidth {...props} />
    </HalfCell>
  );
}

/** The reason a void or a refusal asks for; a failure that is not about it shows under it too. */
export function ReasonField({
  errors,
  label,
  value,
  onChange,
}: {
  errors: TServerErrors;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      fullWidth
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(errors.fields.reason || errors.general)}
      helperText={errors.fields.reason ?? errors.general}
    />
  );
}
