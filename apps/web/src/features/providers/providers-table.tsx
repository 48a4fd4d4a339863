import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { formatDZD, type TProvider } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date';
import { RowActionButton } from '../../components/lists/row-action-button';
import { ListTable } from '../../components/lists/list-table';

interface TProvidersTableProps {
  providers: TProvider[];
  canManage: boolean;
  onView: (provider: TProvider) => void;
  onEdit: (provider: TProvider) => void;
  onArchive: (provider: TProvider) => void;
  onRestore: (provider: TProvider) => void;
}

export function ProvidersTable({ providers, canManage, onView, onEdit, onArchive, onRestore }: TProvidersTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <ListTable
      columns={[
        t('providers.name'),
        t('providers.contact'),
        { label: t('providers.purchases'), sx: { textAlign: 'end' } },
        t('providers.last_purchase'),
        { label: t('lists.actions'), sx: { textAlign: 'end' } },
      ]}
      sx={{ minWidth: 760 }}
      aria-label={t('nav.providers')}
    >
      {providers.map((provider) => (
        <TableRow key={provider.id} hover data-testid="provider-row">
          <TableCell>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => onView(provider)}
              sx={{ fontWeight: 600, textAlign: 'start' }}
            >
              {provider.name}
            </Link>
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
            {canManage && !provider.archived_at && (
              <>
                <RowActionButton
                  title={t('common.edit')}
                  label={t('providers.edit_named', { name: provider.name })}
                  icon={<EditOutlinedIcon />}
                  onClick={() => onEdit(provider)}
                />
                <RowActionButton
                  title={t('products.archive')}
                  label={t('providers.archive_named', { name: provider.name })}
                  icon={<ArchiveOutlinedIcon />}
                  onClick={() => onArchive(provider)}
                />
              </>
            )}
            {canManage && provider.archived_at && (
              <RowActionButton
                title={t('products.restore')}
                label={t('providers.restore_named', { name: provider.name })}
                icon={<UnarchiveOutlinedIcon />}
                onClick={() => onRestore(provider)}
              />
            )}
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
