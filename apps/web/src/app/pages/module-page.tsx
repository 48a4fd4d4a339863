import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useRouteHandle } from '../route-handle';
import { EmptyState } from './empty-state';
import { PageFrame } from './page-frame';

/**
 * The frame of a screen whose contents are not built yet (SPEC 2.3: contents not shown). The
 * route's meta names the title and the breadcrumb trail; the body says so honestly.
 */
export function ModulePage() {
  const { t } = useTranslation();
  const { titleKey = 'common.untitled', crumbKeys = [] } = useRouteHandle();
  const { section } = useParams();
  const title = t(titleKey);
  // SPEC 2.3 analytics sub-pages (/analytics/returns, ...) share the analytics frame.
  const sectionTitle = section ? t(`analytics.sections.${section}`, { defaultValue: section }) : null;
  const isCentral = titleKey.startsWith('central.');

  const frame = (
    <PageFrame
      title={sectionTitle ?? title}
      crumbs={[...crumbKeys.map((key) => t(key)), ...(sectionTitle ? [title] : [])]}
      homeCrumb={!isCentral}
    >
      <EmptyState
        title={t('module.building_title')}
        message={t('module.building_message', { module: sectionTitle ?? title })}
      />
    </PageFrame>
  );
  // Central screens sit in the blank or guest layout, which have no content padding of their own.
  return isCentral ? <Container sx={{ py: 4 }}>{frame}</Container> : frame;
}
