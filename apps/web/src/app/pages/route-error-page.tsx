import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CentredMessage } from './centred-message';
import { NotFoundPage } from './not-found-page';

/** SPEC 8 'Failed to load page': a chunk that did not download, or a page that crashed. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <CentredMessage
      role="alert"
      fullHeight
      title={t('errors.page_load_failed')}
      message={t('errors.page_load_hint')}
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
