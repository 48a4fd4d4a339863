import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { TUTORIAL_SECTIONS, tutorialText, type TTutorial, type TTutorialSection } from '@cod/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listTutorials, openTutorialFile } from '../../features/tutorials/tutorials-api';
import { errorMessage } from '../../lib/server-errors';
import { toast } from '../../lib/toast';
import { EmptyState } from './empty-state';
import { PageFrame } from './page-frame';
import { RetryAlert } from '../../components/cards/retry-alert';

const isSection = (value: string | null): value is TTutorialSection =>
  value !== null && (TUTORIAL_SECTIONS as readonly string[]).includes(value);

/**
 * SPEC 2.1 / 2.4, issue 19.9: /dashboard/tutorials (and /tutorials), opened from the top bar's
 * video icon with the current screen's section (?section=orders). Tutorials are written centrally
 * in en/fr/ar and shown in the user's language, or another one when that one is empty.
 */
export function TutorialsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section = isSection(asked) ? asked : null;
  const tutorials = useQuery({ queryKey: ['tutorials'], queryFn: ({ signal }) => listTutorials(signal) });
  const all = tutorials.data?.data ?? [];
  const shown = section ? all.filter((tutorial) => tutorial.section === section) : all;
  const sections = TUTORIAL_SECTIONS.filter((s) => s === section || all.some((tutorial) => tutorial.section === s));
  const choose = (next: TTutorialSection | null) => setParams(next ? { section: next } : {}, { replace: true });

  let content;
  if (tutorials.isPending) {
    content = (
      <Grid container spacing={2} role="progressbar" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Skeleton variant="rounded" height={160} />
          </Grid>
        ))}
      </Grid>
    );
  } else if (tutorials.error) {
    content = (
      <RetryAlert retryLabel={t('lists.retry')} onRetry={tutorials.refetch}>
        {errorMessage(t, tutorials.error)}
      </RetryAlert>
    );
  } else if (shown.length === 0) {
    // None at all, or none in the chosen section (then a way back to all of them).
    const inSection = all.length > 0;
    content = (
      <EmptyState
        icon={<OndemandVideoOutlinedIcon fontSize="large" />}
        title={inSection ? t('tutorials.empty_section_title') : t('tutorials.empty_title')}
        message={inSection ? t('tutorials.empty_section_message') : t('tutorials.empty_message')}
        action={inSection && <Button onClick={() => choose(null)}>{t('tutorials.show_all')}</Button>}
      />
    );
  } else {
    content = (
      <Grid container spacing={2}>
        {shown.map((tutorial) => (
          <Grid key={tutorial.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <TutorialCard tutorial={tutorial} />
          </Grid>
        ))}
      </Grid>
    );
  }

  return (
    <PageFrame title={t('pages.tutorials')} subtitle={t('tutorials.subtitle')}>
      {all.length > 0 && (
        <Stack
          direction="row"
          component="nav"
          aria-label={t('tutorials.section')}
          sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
        >
          <Chip
            label={t('tutorials.all_sections')}
            color={section === null ? 'primary' : 'default'}
            variant={section === null ? 'filled' : 'outlined'}
            aria-pressed={section === null}
            onClick={() => choose(null)}
          />
          {sections.map((s) => (
            <Chip
              key={s}
              label={t(`tutorials.sections.${s}`)}
              color={section === s ? 'primary' : 'default'}
              variant={section === s ? 'filled' : 'outlined'}
              aria-pressed={section === s}
              onClick={() => choose(s)}
              data-testid={`tutorial-section-${s}`}
            />
          ))}
        </Stack>
      )}
      {content}
    </PageFrame>
  );
}

function TutorialCard({ tutorial }: { tutorial: TTutorial }) {
  const { t, i18n } = useTranslation();
  const [opening, setOpening] = useState(false);
  const text = tutorialText(tutorial, i18n.language);
  const open = () => {
    setOpening(true);
    openTutorialFile(tutorial)
      .catch(() => toast(t('tutorials.file_failed'), { variant: 'error' }))
      .finally(() => setOpening(false));
  };
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid={`tutorial-${tutorial.id}`}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', gap: 0.5 }}>
          <Chip size="small" label={t(`tutorials.sections.${tutorial.section}`)} />
          {text.locale !== i18n.language && (
            <Chip
              size="small"
              variant="outlined"
              label={t('tutorials.in_language', { language: t(`tutorials.languages.${text.locale}`) })}
            />
          )}
        </Stack>
        <Box lang={text.locale} dir={text.locale === 'ar' ? 'rtl' : 'ltr'}>
          <Typography variant="h6" component="h2" sx={{ mb: 0.5 }} data-testid="tutorial-title">
            {text.title}
          </Typography>
          {text.description && (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {text.description}
            </Typography>
          )}
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {tutorial.video_url && (
          <Button
            size="small"
            variant="contained"
            startIcon={<PlayCircleOutlineIcon />}
            href={tutorial.video_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('tutorials.watch')}
          </Button>
        )}
        {tutorial.file && (
          <Button size="small" startIcon={<AttachFileIcon />} onClick={open} disabled={opening}>
            {opening ? t('tutorials.opening') : t('tutorials.open_file')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
