import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { TCustomer } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/bidi';
import { formatDate } from '../../lib/format-date';
import { RowActionButton } from '../../components/lists/row-action-button';
import { formatPhone } from './format-phone';
import { RowLink } from '../../components/catalogue-kit/row-link';
import { ListTable } from '../../components/lists/list-table';
import { actionsColumn } from '../../components/catalogue-kit/actions-column';

export function CustomersTable({
  customers,
  onOpen,
}: {
  customers: TCustomer[];
  onOpen: (customer: TCustomer) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ListTable
      columns={[
        t('customers.phone'),
        t('customers.name'),
        t('customers.status'),
        t('customers.since_column'),
        actionsColumn(t),
      ]}
      sx={{ minWidth: 640 }}
      aria-label={t('nav.customers')}
    >
      {customers.map((customer) => (
        <TableRow key={customer.id} hover data-testid="customer-row">
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <RowLink onClick={() => onOpen(customer)}>
              <bdi>{formatPhone(customer.phone)}</bdi>
            </RowLink>
          </TableCell>
          <TableCell>
            {customer.name ?? (
              <Typography variant="body2" color="text.secondary" component="span">
                {t('customers.unnamed')}
              </Typography>
            )}
          </TableCell>
          <TableCell>
            {customer.blocked_customer ? (
              <Tooltip title={customer.blocked_customer.reason}>
                <Chip size="small" color="error" icon={<BlockIcon />} label={t('customers.blocked')} />
              </Tooltip>
            ) : (
              <Chip size="small" variant="outlined" color="success" label={t('customers.not_blocked_status')} />
            )}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(customer.created_at, i18n.language)}</TableCell>
          <TableCell sx={{ textAlign: 'end' }}>
            <RowActionButton
              title={t('customers.open')}
              label={t('customers.open_named', { phone: ltr(formatPhone(customer.phone)) })}
              icon={<VisibilityOutlinedIcon />}
              onClick={() => onOpen(customer)}
            />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
