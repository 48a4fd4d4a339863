import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TUTORIAL_LOCALES, TUTORIAL_SECTIONS, tutorialText, type TTutorial } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/buttons/add-button';
import { FilePickButton } from '../../components/uploads/file-pick-button';
import { toast } from '../../lib/toast';
import { central, openCentralFile } from './central-api';
import { CentralListPage, EditArchiveCell } from './central-list';
import { CentralSaveDialog, useCentralSave, useEditableCollection } from './central-save-dialog';
import { fieldBinder, HalfCell, HalfSelect } from './central-form';

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
  const { query: tutorials, editing, setEditing, archive } = useEditableCollection<TTutorial>('tutorials');

  return (
    <CentralListPage
      title={t('central.nav.tutorials')}
      actions={<AddButton label={t('central.tutorials.new')} onClick={() => setEditing('new')} />}
      dialogs={
        editing && <TutorialDialog tutorial={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      }
      query={tutorials}
      emptyTitle={t('central.tutorials.empty')}
      emptyMessage={t('central.tutorials.empty_message')}
      head={[
        t('central.tutorials.title'),
        t('tutorials.section'),
        { label: t('central.tutorials.position'), align: 'right' },
        t('central.tutorials.media'),
        '',
      ]}
    >
      {(rows) =>
        rows.map((tutorial) => (
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
        ))
      }
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
  const bind = fieldBinder(form, setForm, errors);
  const text = (name: keyof TForm, label: string, options: { multiline?: boolean } = {}) => (
    <TextField
      fullWidth
      label={label}
      {...bind(name)}
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
          <FilePickButton
            file={file}
            label={t('central.tutorials.choose_file')}
            accept="video/mp4,video/webm,application/pdf,image/jpeg,image/png,image/webp"
            testId="tutorial-file"
            onPick={setFile}
          />
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
        <HalfSelect
          label={t('tutorials.section')}
          {...bind('section')}
          slotProps={{ htmlInput: { 'data-testid': 'tutorial-section' } }}
          options={TUTORIAL_SECTIONS.map((section) => ({
            value: section,
            label: t(`tutorials.sections.${section}`),
          }))}
        />
        <HalfCell>
          <TextField
            fullWidth
            label={t('central.tutorials.position')}
            inputMode="numeric"
            {...bind('position', t('central.tutorials.position_hint'))}
            slotProps={{ htmlInput: { 'data-testid': 'tutorial-position' } }}
          />
        </HalfCell>
      </Grid>
    </CentralSaveDialog>
  );
}
