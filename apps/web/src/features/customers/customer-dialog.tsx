import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { DetailDialog, DetailSection } from '../../components/catalogue-kit/detail-dialog';
import { errorMessage } from '../../lib/server-errors';
import { BlockCustomerDialog } from './block-customer-dialog';
import { CustomerBlockHistory } from './customer-block-history';
import { CustomerEditForm } from './customer-edit-form';
import { CustomerOrders } from './customer-orders';
import { CustomerSummary } from './customer-summary';
import { useCustomerHistoryQuery, useCustomerQuery } from './customers-api';
import { formatPhone } from './format-phone';

/** `?phone=0555123456`: the customer summary (SPEC 3), the block state and its history. */
export function CustomerDialog({
  phone,
  canManage,
  onClose,
}: {
  phone: string;
  canManage: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const customer = useCustomerQuery(phone);
  const history = useCustomerHistoryQuery(phone);
  const [editing, setEditing] = useState(false);
  const [blockMode, setBlockMode] = useState<'block' | 'unblock' | null>(null);
  const data = customer.data;
  const block = data?.blocked_customer ?? null;

  return (
    <DetailDialog
      testId="customer-dialog"
      title={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span>{data ? (data.name ?? t('customers.unnamed')) : t('customers.detail_loading')}</span>
          {data?.is_blocked && <Chip size="small" color="error" icon={<BlockIcon />} label={t('customers.blocked')} />}
        </Box>
      }
      query={customer}
      skeletons={[48, 80]}
      onClose={onClose}
      actions={
        canManage &&
        data &&
        !data.is_blocked && (
          <Button
            color="error"
            startIcon={<BlockIcon />}
            onClick={() => setBlockMode('block')}
            sx={{ marginInlineEnd: 'auto' }}
          >
            {t('customers.block')}
          </Button>
        )
      }
      dialogs={
        blockMode &&
        data && (
          <BlockCustomerDialog
            phone={data.phone}
            name={data.name}
            mode={blockMode}
            onClose={() => setBlockMode(null)}
          />
        )
      }
    >
      {(data) => (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Link href={`tel:${data.phone}`} variant="h6" underline="hover">
              <bdi>{formatPhone(data.phone)}</bdi>
            </Link>
            <Typography variant="body2" color="text.secondary">
              {t('customers.since', { date: formatDate(data.created_at, i18n.language) })}
            </Typography>
            {canManage && !editing && (
              <Button
                size="small"
                startIcon={<EditOutlinedIcon />}
                onClick={() => setEditing(true)}
                sx={{ marginInlineStart: 'auto' }}
              >
                {t('common.edit')}
              </Button>
            )}
          </Box>
          {editing ? (
            <CustomerEditForm customer={data} onDone={() => setEditing(false)} />
          ) : (
            data.note && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                {data.note}
              </Typography>
            )
          )}
          {block && (
            <Alert
              severity="error"
              data-testid="blocked-banner"
              action={
                canManage && (
                  <Button
                    color="inherit"
                    size="small"
                    startIcon={<LockOpenOutlinedIcon />}
                    onClick={() => setBlockMode('unblock')}
                  >
                    {t('customers.unblock')}
                  </Button>
                )
              }
            >
              <AlertTitle>{t('customers.blocked_title')}</AlertTitle>
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                data-testid="blocked-reason"
              >
                {block.reason}
              </Typography>
              <Typography variant="caption">
                {t('customers.blocked_by', {
                  by: block.blocked_by ?? t('stock.by_system'),
                  date: formatDateTime(block.created_at, i18n.language),
                })}
              </Typography>
            </Alert>
          )}
          <DetailSection title={t('customers.summary')}>
            {history.isError ? (
              <Alert severity="warning">{errorMessage(t, history.error)}</Alert>
            ) : (
              <CustomerSummary history={history.data} />
            )}
          </DetailSection>
          <DetailSection title={t('customers.orders')}>
            <CustomerOrders orders={history.data?.orders ?? []} />
          </DetailSection>
          {data.blocks.length > 0 && (
            <DetailSection title={t('customers.block_history')}>
              <CustomerBlockHistory blocks={data.blocks} />
            </DetailSection>
          )}
        </>
      )}
    </DetailDialog>
  );
}
