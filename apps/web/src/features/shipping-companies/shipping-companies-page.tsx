import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import WifiTetheringOutlinedIcon from '@mui/icons-material/WifiTetheringOutlined';
import type { TShippingCompany } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useAppAbility } from '../../lib/ability';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { RowActionButton } from '../../components/lists/row-action-button';
import { ListBody } from '../../components/lists/list-body';
import { errorMessage } from '../../lib/server-errors';
import { PageFrame } from '../../app/pages/page-frame';
import { CompanyDialog } from './company-dialog';
import { FeesDialog } from './fees-dialog';
import {
  useDeleteCompany,
  useRefreshStopDesks,
  useShippingCompanies,
  useTestConnection,
} from './shipping-companies-api';
import { translateServerMessage } from '../../lib/server-message';
import { ListTable } from '../../components/lists/list-table';

type TDialog = { kind: 'create' } | { kind: 'edit' | 'fees' | 'delete'; company: TShippingCompany } | null;

/** /dashboard/shipping-companies (issue 5.3): the shop's carriers, their credentials, fees and centres. */
export function ShippingCompaniesPage({ initialDialog = null }: { initialDialog?: 'create' | null }) {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', 'shipping_companies');
  const companies = useShippingCompanies();
  const test = useTestConnection();
  const refresh = useRefreshStopDesks();
  const remove = useDeleteCompany();
  const [dialog, setDialog] = useState<TDialog>(initialDialog === 'create' ? { kind: 'create' } : null);

  const onTest = async (company: TShippingCompany) => {
    try {
      const answer = await test.mutateAsync(company.id);
      void toast(translateServerMessage(t, answer), { variant: answer.success ? 'success' : 'error' });
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    }
  };
  const onCentres = async (company: TShippingCompany) => {
    try {
      const answer = await refresh.mutateAsync(company.id);
      void toast(t('shipping.companies.centres_refreshed', { n: answer.total }), { variant: 'success' });
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    }
  };
  const onDelete = async (company: TShippingCompany) => {
    try {
      await remove.mutateAsync(company.id);
      void toast(t('shipping.companies.deleted', { name: company.name }), { variant: 'success' });
      setDialog(null);
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    }
  };

  const createButton = canManage && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
      {t('shipping.companies.new')}
    </Button>
  );
  const action = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <RowActionButton size="small" title={label} label={label} icon={icon} onClick={onClick} />
  );

  return (
    <PageFrame title={t('nav.shipping_companies')} subtitle={t('shipping.companies.subtitle')} actions={createButton}>
      <Paper sx={{ overflow: 'auto' }}>
        <ListBody
          query={companies}
          filtered={false}
          empty={{
            icon: <LocalShippingOutlinedIcon fontSize="large" />,
            title: t('shipping.companies.empty_title'),
            message: t('shipping.companies.empty_message'),
            action: createButton,
          }}
        >
          {(page) => (
            <ListTable
              columns={[
                t('shipping.companies.name'),
                t('shipping.companies.carrier'),
                t('shipping.companies.served_wilayas'),
                t('shipping.companies.active'),
                { label: t('shipping.companies.actions'), align: 'right' },
              ]}
              data-testid="shipping-companies-table"
              container={false}
            >
              {page.data.map((company) => (
                <TableRow key={company.id} hover>
                  <TableCell>{company.name}</TableCell>
                  <TableCell>
                    <bdi>{company.code}</bdi>
                  </TableCell>
                  <TableCell>
                    {company.served_wilayas === null
                      ? t('shipping.companies.all')
                      : t('shipping.companies.n_wilayas', { n: company.served_wilayas.length })}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={company.active ? 'success' : 'default'}
                      label={t(company.active ? 'shipping.companies.on' : 'shipping.companies.off')}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {action(
                      t('shipping.companies.test'),
                      <WifiTetheringOutlinedIcon fontSize="small" />,
                      () => void onTest(company),
                    )}
                    {action(t('shipping.companies.fees'), <PaymentsOutlinedIcon fontSize="small" />, () =>
                      setDialog({ kind: 'fees', company }),
                    )}
                    {canManage &&
                      company.kind !== 'manual' &&
                      action(
                        t('shipping.companies.refresh_centres'),
                        <StorefrontOutlinedIcon fontSize="small" />,
                        () => void onCentres(company),
                      )}
                    {canManage &&
                      action(t('common.edit'), <EditOutlinedIcon fontSize="small" />, () =>
                        setDialog({ kind: 'edit', company }),
                      )}
                    {canManage &&
                      action(t('shipping.companies.delete'), <DeleteOutlineIcon fontSize="small" />, () =>
                        setDialog({ kind: 'delete', company }),
                      )}
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          )}
        </ListBody>
      </Paper>
      {dialog?.kind === 'create' && <CompanyDialog company={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <CompanyDialog company={dialog.company} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'fees' && <FeesDialog company={dialog.company} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          danger
          title={t('shipping.companies.delete_title')}
          message={t('shipping.companies.delete_message', { name: dialog.company.name })}
          confirmLabel={t('shipping.companies.delete')}
          busy={remove.isPending}
          onConfirm={() => void onDelete(dialog.company)}
          onClose={() => setDialog(null)}
        />
      )}
    </PageFrame>
  );
}
