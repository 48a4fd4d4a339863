import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { WHATSAPP_LOCALES, WHATSAPP_PLACEHOLDERS, type TWhatsAppLocale, type TWhatsAppTemplate } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/ops-kit/form-dialog';
import { ListCard } from '../../components/ops-kit/list-card';
import { useFieldErrors } from '../../components/forms/use-field-errors';
import { failureMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useDeleteWhatsAppTemplate, useSaveWhatsAppTemplate, useWhatsAppTemplatesQuery } from './whatsapp-api';

/** Issue 15.4: the shop settings' WhatsApp templates (en/fr/ar, placeholders). */
export function WhatsAppTemplatesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const templates = useWhatsAppTemplatesQuery();
  const remove = useDeleteWhatsAppTemplate();
  const [editing, setEditing] = useState<TWhatsAppTemplate | 'new' | null>(null);

  const onDelete = async (template: TWhatsAppTemplate) => {
    if (!window.confirm(t('assignment.whatsapp.delete_confirm', { name: template.name }))) return;
    try {
      await remove.mutateAsync(template.id);
      void toast(t('assignment.whatsapp.deleted'), { variant: 'success' });
    } catch (error) {
      void toast(failureMessage(t, error), { variant: 'error' });
    }
  };

  return (
    <ListCard
      testId="whatsapp-templates"
      title={t('assignment.whatsapp.title')}
      help={t('assignment.whatsapp.help')}
      add={canEdit && { label: t('assignment.whatsapp.add'), onClick: () => setEditing('new'), testId: 'whatsapp-add' }}
    >
      <Box sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
        {templates.isError && <Alert severity="error">{failureMessage(t, templates.error)}</Alert>}
        {templates.data?.length === 0 && (
          <Typography color="text.secondary">{t('assignment.whatsapp.empty')}</Typography>
        )}
        {templates.data?.map((template) => (
          <Box
            key={template.id}
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'flex-start',
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Chip size="small" label={t(`assignment.whatsapp.locales.${template.locale}`)} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{template.name}</Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                dir={template.locale === 'ar' ? 'rtl' : 'ltr'}
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {template.body}
              </Typography>
            </Box>
            {canEdit && (
              <Box sx={{ display: 'flex' }}>
                <Tooltip title={t('common.edit')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('common.edit')} ${template.name}`}
                    onClick={() => setEditing(template)}
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('assignment.whatsapp.delete')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('assignment.whatsapp.delete')} ${template.name}`}
                    onClick={() => void onDelete(template)}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            )}
          </Box>
        ))}
      </Box>
      {editing && <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </ListCard>
  );
}

function TemplateDialog({ template, onClose }: { template: TWhatsAppTemplate | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useSaveWhatsAppTemplate();
  const language = (i18n.resolvedLanguage ?? 'en') as TWhatsAppLocale;
  const [name, setName] = useState(template?.name ?? '');
  const [locale, setLocale] = useState<TWhatsAppLocale>(template?.locale ?? language);
  const [body, setBody] = useState(template?.body ?? '');
  const { errors, guard } = useFieldErrors();
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const insert = (placeholder: string) => {
    const field = bodyRef.current;
    const token = `{${placeholder}}`;
    const start = field?.selectionStart ?? body.length;
    const end = field?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + token + body.slice(end));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = () =>
    guard(async () => {
      await save.mutateAsync({ id: template?.id ?? null, input: { name, locale, body } });
      void toast(t('assignment.whatsapp.saved'), { variant: 'success' });
      onClose();
    });

  return (
    <FormDialog
      onClose={onClose}
      busy={save.isPending}
      title={template ? t('assignment.whatsapp.edit_title') : t('assignment.whatsapp.add')}
      testId="whatsapp-template-dialog"
      onSave={submit}
      submitLabel={t('common.save')}
      submitTestId="whatsapp-template-save"
    >
      <TextField
        label={t('assignment.whatsapp.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        error={Boolean(errors.name)}
        helperText={errors.name}
        slotProps={{ htmlInput: { 'data-testid': 'whatsapp-template-name' } }}
      />
      <TextField
        select
        label={t('assignment.whatsapp.language')}
        value={locale}
        onChange={(e) => setLocale(e.target.value as TWhatsAppLocale)}
        error={Boolean(errors.locale)}
        helperText={errors.locale}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'whatsapp-template-locale' } as object } }}
      >
        {WHATSAPP_LOCALES.map((code) => (
          <MenuItem key={code} value={code}>
            {t(`assignment.whatsapp.locales.${code}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('assignment.whatsapp.body')}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        minRows={4}
        required
        inputRef={bodyRef}
        error={Boolean(errors.body)}
        helperText={errors.body ?? t('assignment.whatsapp.body_help')}
        slotProps={{ htmlInput: { dir: locale === 'ar' ? 'rtl' : 'ltr', 'data-testid': 'whatsapp-template-body' } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-label={t('assignment.whatsapp.placeholders')}>
        {WHATSAPP_PLACEHOLDERS.map((placeholder) => (
          <Chip
            key={placeholder}
            size="small"
            variant="outlined"
            label={t(`assignment.whatsapp.placeholder.${placeholder}`)}
            onClick={() => insert(placeholder)}
          />
        ))}
      </Box>
    </FormDialog>
  );
}
