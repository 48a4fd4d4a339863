import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { PageFrame } from './page-frame';

/** SPEC 2.1 / 2.4: /dashboard/tutorials, opened from the top bar's video icon. */
export function TutorialsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.tutorials')} subtitle={t('tutorials.subtitle')}>
      <EmptyState
        icon={<OndemandVideoOutlinedIcon fontSize="large" />}
        title={t('tutorials.empty_title')}
        message={t('tutorials.empty_message')}
      />
    </PageFrame>
  );
}
