import TextField from '@mui/material/TextField';
import { NoteField } from '../../components/catalogue-kit/note-field';
import { useTranslation } from 'react-i18next';
import type { TFieldProps } from '../../components/forms/use-form-fields';

/** A customer's name and the shop's note about them, as the create and edit forms both ask them. */
export function CustomerNameAndNoteFields({
  field,
  autoFocus,
}: {
  field: (name: 'name' | 'note') => TFieldProps;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField {...field('name')} label={t('customers.name')} autoFocus={autoFocus} />
      <NoteField {...field('note')} label={t('customers.note')} placeholder={t('customers.note_hint')} />
    </>
  );
}
