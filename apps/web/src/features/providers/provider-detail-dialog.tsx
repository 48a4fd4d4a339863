import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDZD, type TProvider } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date';
import { DetailDialog, DetailSection } from '../../components/catalogue-kit/detail-dialog';
import { ProviderPurchases } from './provider-purchases';
import { useProviderQuery } from './providers-api';

function Info({ provider }: { provider: TProvider }) {
  const { t, i18n } = useTranslation();
  const rows: Array<[string, ReactNode]> = [
    [
      t('providers.phone'),
      provider.phone && (
        <Link href={`tel:${provider.phone}`}>
          <bdi>{provider.phone}</bdi>
        </Link>
      ),
    ],
    [
      t('providers.email'),
      provider.email && (
        <Link href={`mailto:${provider.email}`}>
          <bdi>{provider.email}</bdi>
        </Link>
      ),
    ],
    [t('providers.address'), provider.address],
    [t('providers.notes'), provider.notes],
    [t('providers.last_purchase'), provider.last_purchase_at && formatDate(provider.last_purchase_at, i18n.language)],
    [t('providers.purchases_total'), provider.purchases_count ? formatDZD(provider.purchases_total) : null],
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1 }}
    >
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" variant="body2">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              <bdi>{value}</bdi>
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/** `?dialog=view&id=`: the provider, the people to call, and the purchase history. */
export function ProviderDetailDialog({
  providerId,
  onClose,
  onEdit,
}: {
  providerId: number;
  onClose: () => void;
  onEdit?: () => void;
}) {
  const { t } = useTranslation();
  const provider = useProviderQuery(providerId);
  const data = provider.data;
  return (
    <DetailDialog
      testId="provider-detail"
      title={data?.name ?? t('providers.detail_loading')}
      query={provider}
      skeletons={[80, 160]}
      onClose={onClose}
      actions={onEdit && data && !data.archived_at && <Button onClick={onEdit}>{t('common.edit')}</Button>}
    >
      {(data) => (
        <>
          <Info provider={data} />
          {data.contacts.length > 0 && (
            <DetailSection title={t('providers.contacts')}>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
                }}
              >
                {data.contacts.map((contact) => (
                  <Paper key={contact.id} variant="outlined" sx={{ p: 1.5 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {contact.name}
                    </Typography>
                    {contact.role && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {contact.role}
                      </Typography>
                    )}
                    {contact.phone && (
                      <Link href={`tel:${contact.phone}`} variant="body2" sx={{ display: 'block' }}>
                        <bdi>{contact.phone}</bdi>
                      </Link>
                    )}
                    {contact.email && (
                      <Link
                        href={`mailto:${contact.email}`}
                        variant="body2"
                        sx={{ display: 'block', overflowWrap: 'anywhere' }}
                      >
                        <bdi>{contact.email}</bdi>
                      </Link>
                    )}
                  </Paper>
                ))}
              </Box>
            </DetailSection>
          )}
          <DetailSection title={t('providers.purchases')}>
            <ProviderPurchases providerId={providerId} />
          </DetailSection>
        </>
      )}
    </DetailDialog>
  );
}
