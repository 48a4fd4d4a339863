import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { formatDZD, type TProvider } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date';
import { RowActionButton } from '../../components/lists/row-action-button';
import { RowLink } from '../../components/catalogue-kit/row-link';
import { ArchiveRowActions, type TArchiveRowHandlers } from '../../components/catalogue-kit/archive-row-actions';
import { ListTable } from '../../components/lists/list-table';
import { actionsColumn } from '../../components/catalogue-kit/actions-column';

interface TProvidersTableProps extends TArchiveRowHandlers<TProvider> {
  providers: TProvider[];
  canManage: boolean;
  onView: (provider: TProvider) => void;
}

export function ProvidersTable({ providers, canManage, onView, ...handlers }: TProvidersTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <ListTable
      columns={[
        t('providers.name'),
        t('providers.contact'),
        { label: t('providers.purchases'), sx: { textAlign: 'end' } },
        t('providers.last_purchase'),
        actionsColumn(t),
      ]}
      sx={{ minWidth: 760 }}
      aria-label={t('nav.providers')}
    >
      {providers.map((provider) => (
        <TableRow key={provider.id} hover data-testid="provider-row">
          <TableCell>
            <RowLink onClick={() => onView(provider)}>{provider.name}</RowLink>
            {provider.archived_at && (
              <Chip size="small" label={t('products.status.archived')} sx={{ marginInlineStart: 1 }} />
            )}
            {provider.contacts.length > 0 && (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('providers.contacts_count', { count: provider.contacts.length })}
              </Typography>
            )}
          </TableCell>
          <TableCell>
            {provider.phone && (
              <Typography variant="body2">
                <bdi>{provider.phone}</bdi>
              </Typography>
            )}
            {provider.email && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                <bdi>{provider.email}</bdi>
              </Typography>
            )}
          </TableCell>
          <TableCell sx={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              <bdi>{formatDZD(provider.purchases_total)}</bdi>
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('providers.lines_count', { count: provider.purchases_count })}
            </Typography>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {provider.last_purchase_at ? formatDate(provider.last_purchase_at, i18n.language) : '—'}
          </TableCell>
          <TableCell sx={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
            <RowActionButton
              title={t('providers.view')}
              label={t('providers.view_named', { name: provider.name })}
              icon={<VisibilityOutlinedIcon />}
              onClick={() => onView(provider)}
            />
            {canManage && <ArchiveRowActions section="providers" row={provider} {...handlers} />}
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
