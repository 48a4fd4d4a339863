import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { TUTORIAL_LOCALES, TUTORIAL_SECTIONS, tutorialText, type TTutorial } from '@cod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { central, openCentralFile } from './central-api';
import { CentralListPage, CentralTable, EditArchiveCell } from './central-list';
import { CentralSaveDialog, useCentralSave } from './central-save-dialog';
import { serverErrors } from './central-ui';

const TEXT_FIELDS = TUTORIAL_LOCALES.flatMap((l) => [`title_${l}`, `description_${l}`] as const);
type TTextField = (typeof TEXT_FIELDS)[number];
type TForm = Record<TTextField | 'video_url' | 'section' | 'position', string>;

const toForm = (tutorial: TTutorial | null): TForm => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, tutorial?.[f] ?? ''])) as Record<TTextField, string>),
  video_url: tutorial?.video_url ?? '',
  section: tutorial?.section ?? 'general',
  position: String(tutorial?.position ?? 0),
});

/** /central/tutorials (issue 19.9, docs/decisions/0100): what every shop sees at /dashboard/tutorials. */
export function CentralTutorialsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const tutorials = useQuery({
    queryKey: ['central', 'tutorials'],
    queryFn: ({ signal }) => central.get<{ data: TTutorial[] }>('/central/tutorials', signal),
  });
  const [editing, setEditing] = useState<TTutorial | 'new' | null>(null);
  const archive = useMutation({
    mutationFn: (tutorial: TTutorial) =>
      central.post(`/central/tutorials/${tutorial.id}/${tutorial.archived ? 'restore' : 'archive'}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['central', 'tutorials'] }),
    onError: (error) => void toast(serverErrors(t, error).general ?? t('errors.unexpected'), { variant: 'error' }),
  });
  const list = tutorials.data?.data ?? [];

  return (
    <CentralListPage
      title={t('central.nav.tutorials')}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('central.tutorials.new')}
        </Button>
      }
      dialogs={
        editing && <TutorialDialog tutorial={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      }
      query={tutorials}
      empty={list.length === 0}
      emptyTitle={t('central.tutorials.empty')}
      emptyMessage={t('central.tutorials.empty_message')}
    >
      <CentralTable
        label={t('central.nav.tutorials')}
        head={[
          t('central.tutorials.title'),
          t('tutorials.section'),
          { label: t('central.tutorials.position'), align: 'right' },
          t('central.tutorials.media'),
          '',
        ]}
      >
        {list.map((tutorial) => (
          <TableRow key={tutorial.id} hover data-testid={`central-tutorial-${tutorial.id}`}>
            <TableCell sx={{ minWidth: 200 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{tutorialText(tutorial, i18n.language).title}</span>
                {tutorial.archived && <Chip size="small" label={t('central.tutorials.archived')} />}
              </Stack>
            </TableCell>
            <TableCell>{t(`tutorials.sections.${tutorial.section}`)}</TableCell>
            <TableCell align="right">{tutorial.position}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1}>
                {tutorial.video_url && (
                  <Link href={tutorial.video_url} target="_blank" rel="noopener noreferrer">
                    {t('central.tutorials.link')}
                  </Link>
                )}
                {tutorial.file && (
                  <Link
                    component="button"
                    type="button"
                    onClick={() =>
                      void openCentralFile(`/central/tutorials/${tutorial.id}/file`).catch(() =>
                        toast(t('tutorials.file_failed'), { variant: 'error' }),
                      )
                    }
                  >
                    {t('central.tutorials.open_file')}
                  </Link>
                )}
              </Stack>
            </TableCell>
            <EditArchiveCell
              onEdit={() => setEditing(tutorial)}
              onArchive={() => archive.mutate(tutorial)}
              archiveLabel={tutorial.archived ? t('central.tutorials.restore') : t('central.tutorials.archive')}
            />
          </TableRow>
        ))}
      </CentralTable>
    </CentralListPage>
  );
}

function TutorialDialog({ tutorial, onClose }: { tutorial: TTutorial | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TForm>(() => toForm(tutorial));
  const [file, setFile] = useState<File | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const { save, errors } = useCentralSave(() => {
    const body = new FormData();
    for (const [key, value] of Object.entries(form)) body.append(key, value);
    if (removeFile) body.append('remove_file', 'true');
    if (file) body.append('file', file);
    return tutorial
      ? central.put<{ code: string }>(`/central/tutorials/${tutorial.id}`, body)
      : central.post<{ code: string }>('/central/tutorials', body);
  }, onClose);
  const text = (name: keyof TForm, label: string, options: { multiline?: boolean; helper?: string } = {}) => (
    <TextField
      fullWidth
      label={label}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      error={Boolean(errors.fields[name])}
      helperText={errors.fields[name] ?? options.helper}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      slotProps={{ htmlInput: { dir: 'auto', 'data-testid': `tutorial-${name}` } }}
    />
  );

  return (
    <CentralSaveDialog
      title={tutorial ? t('central.tutorials.edit') : t('central.tutorials.new')}
      save={save}
      general={errors.general}
      onClose={onClose}
      maxWidth="md"
    >
      <Typography variant="body2" color="text.secondary">
        {t('central.tutorials.language_hint')}
      </Typography>
      <Grid container spacing={2}>
        {TUTORIAL_LOCALES.map((locale) => {
          const language = t(`tutorials.languages.${locale}`);
          return (
            <Grid key={locale} size={{ xs: 12, md: 4 }}>
              <Stack spacing={2}>
                {text(`title_${locale}`, t('central.tutorials.title_in', { language }))}
                {text(`description_${locale}`, t('central.tutorials.description_in', { language }), {
                  multiline: true,
                })}
              </Stack>
            </Grid>
          );
        })}
        <Grid size={{ xs: 12, md: 6 }}>{text('video_url', t('central.tutorials.video_url'))}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Button component="label" variant="outlined" fullWidth sx={{ height: 56 }}>
            {file ? file.name : t('central.tutorials.choose_file')}
            <input
              hidden
              type="file"
              accept="video/mp4,video/webm,application/pdf,image/jpeg,image/png,image/webp"
              data-testid="tutorial-file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant="caption" color={errors.fields.file ? 'error' : 'text.secondary'}>
            {errors.fields.file ?? t('central.tutorials.file_hint')}
          </Typography>
          {tutorial?.file && !file && (
            <FormControlLabel
              control={<Checkbox checked={removeFile} onChange={(e) => setRemoveFile(e.target.checked)} />}
              label={`${t('central.tutorials.current_file', { name: tutorial.file_name })} · ${t('central.tutorials.remove_file')}`}
            />
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            fullWidth
            label={t('tutorials.section')}
            value={form.section}
            onChange={(e) => setForm({ ...form, section: e.target.value })}
            error={Boolean(errors.fields.section)}
            helperText={errors.fields.section}
            slotProps={{ htmlInput: { 'data-testid': 'tutorial-section' } }}
          >
            {TUTORIAL_SECTIONS.map((section) => (
              <MenuItem key={section} value={section}>
                {t(`tutorials.sections.${section}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            label={t('central.tutorials.position')}
            value={form.position}
            inputMode="numeric"
            onChange={(e) => setForm({ ...form, position: e.target.value })}
            error={Boolean(errors.fields.position)}
            helperText={errors.fields.position ?? t('central.tutorials.position_hint')}
            slotProps={{ htmlInput: { 'data-testid': 'tutorial-position' } }}
          />
        </Grid>
      </Grid>
    </CentralSaveDialog>
  );
}
