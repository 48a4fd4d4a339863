import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

/** SPEC 2.1: the placeholder in the content area while a route chunk loads. */
export function ContentLoader() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')} aria-busy sx={{ display: 'grid', gap: 2 }}>
      <Skeleton variant="text" width="40%" height={40} />
      <Skeleton variant="text" width="25%" />
      <Skeleton variant="rounded" height={220} />
    </Box>
  );
}
