import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import UndoIcon from '@mui/icons-material/Undo';
import {
  MOVEMENT_KINDS,
  ZMovementListQuery,
  type TCashBoxesAnswer,
  type TCashMovement,
  type TMovementPage,
} from '@cod/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { ListError } from '../../components/lists/list-states';
import { PagedList } from '../../components/lists/paged-list';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { useListState } from '../../components/lists/use-list-state';
import { useAppAbility } from '../../lib/ability';
import { errorMessage } from '../../lib/server-errors';
import { toast } from '../../lib/toast';
import { BoxDialog, CloseDayDialog, MovementDialog, TransferDialog } from './cases-dialogs';
import { useCasesQuery, useDeleteMovement, useMovementsQuery, useReverseMovement } from './cash-boxes-api';
import {
  AnyFilter,
  BoxFilter,
  DayCell,
  DayRangeFilter,
  figure,
  MoneyRowAction,
  NoteCell,
  TotalsRow,
} from './money-list';
import { MoneyText } from './money-text';
import { CarrierCash } from '../remittances/carrier-cash';
import { RemittanceDialog } from '../remittances/remittance-dialog';

function BoxCards({ answer }: { answer: TCashBoxesAnswer }) {
  const { t } = useTranslation();
  const cards = [
    ...answer.boxes.map((box) => ({
      key: `box-${box.id}`,
      name: box.name,
      caption: t(`money.kinds.${box.kind}`),
      amount: box.balance_centimes,
      virtual: false,
    })),
    ...answer.carriers.map((carrier) => ({
      key: `carrier-${carrier.shipping_company_id}`,
      name: carrier.name,
      caption: t('money.with_carrier', { count: carrier.parcels }),
      amount: carrier.balance_centimes,
      virtual: true,
    })),
  ];
  return (
    <Box
      sx={{ display: 'grid', gap: 2, mb: 3, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
      data-testid="box-cards"
    >
      <Card variant="outlined" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <CardContent>
          <Typography variant="overline">{t('money.total_in_boxes')}</Typography>
          <Typography variant="h5" dir="ltr" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="boxes-total">
            <MoneyText amount={answer.total_centimes} variant="h5" />
          </Typography>
        </CardContent>
      </Card>
      {cards.map((card) => (
        <Card
          key={card.key}
          variant="outlined"
          data-testid="box-card"
          data-name={card.name}
          sx={card.virtual ? { borderStyle: 'dashed', bgcolor: 'action.hover' } : undefined}
        >
          <CardContent>
            <Typography variant="subtitle2" noWrap title={card.name}>
              {card.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {card.caption}
            </Typography>
            <Box sx={{ mt: 1 }}>
              <MoneyText amount={card.amount} variant="h6" data-testid="box-balance" />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function MovementsTable({
  page,
  canManage,
  onReverse,
  onDelete,
}: {
  page: TMovementPage;
  canManage: boolean;
  onReverse: (movement: TCashMovement) => void;
  onDelete: (movement: TCashMovement) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" sx={{ minWidth: 760 }} aria-label={t('money.movements')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('money.date')}</TableCell>
            <TableCell>{t('money.box')}</TableCell>
            <TableCell>{t('money.kind')}</TableCell>
            <TableCell>{t('money.note')}</TableCell>
            <TableCell>{t('money.by')}</TableCell>
            <TableCell sx={figure}>{t('money.amount')}</TableCell>
            {canManage && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {page.data.map((movement) => (
            <TableRow key={movement.id} hover data-testid="cash-movement-row">
              <DayCell day={movement.occurred_on} closed={movement.closed} />
              <TableCell>{movement.box_name}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label={t(`money.movement_kinds.${movement.kind}`)} />
              </TableCell>
              <NoteCell note={movement.note} />
              <TableCell>{movement.created_by_name}</TableCell>
              <TableCell sx={figure}>
                <MoneyText amount={movement.amount_centimes} signed />
              </TableCell>
              {canManage && (
                <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'end' }}>
                  {movement.kind !== 'reversal' && !movement.reversed_by_id && (
                    <MoneyRowAction
                      label={t('money.reverse')}
                      icon={<UndoIcon fontSize="small" />}
                      onClick={() => onReverse(movement)}
                    />
                  )}
                  {!movement.closed &&
                    ['adjustment', 'opening'].includes(movement.kind) &&
                    !movement.reversed_by_id && (
                      <MoneyRowAction
                        label={t('money.delete')}
                        icon={<DeleteOutlineIcon fontSize="small" />}
                        onClick={() => onDelete(movement)}
                      />
                    )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TotalsRow
            testId="movements-totals"
            columns={5}
            label={
              <>
                {t('money.totals')} · {t('money.money_in')} <MoneyText amount={page.totals.in_centimes} /> ·{' '}
                {t('money.money_out')} <MoneyText amount={page.totals.out_centimes} />
              </>
            }
            amount={page.totals.net_centimes}
            signed
            canManage={canManage}
          />
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** /dashboard/cases (issue 13.1): the shop's boxes, the carriers' pending cash, and every movement. */
export function CasesPage() {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', 'cases');
  const { query, params, update, setDialog } = useListState(ZMovementListQuery);
  const cases = useCasesQuery();
  const movements = useMovementsQuery(query);
  const reverse = useReverseMovement();
  const remove = useDeleteMovement();
  const [confirming, setConfirming] = useState<{ movement: TCashMovement; action: 'reverse' | 'delete' } | null>(null);
  const dialog = params.get('dialog');
  const boxes = cases.data?.boxes ?? [];
  const filtered = Boolean(query.box_id || query.kind || query.from || query.to || query.search);

  const act = async () => {
    if (!confirming) return;
    try {
      if (confirming.action === 'reverse') await reverse.mutateAsync(confirming.movement.id);
      else await remove.mutateAsync(confirming.movement.id);
      void toast(t(confirming.action === 'reverse' ? 'money.reversed' : 'money.deleted'), { variant: 'success' });
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    }
    setConfirming(null);
  };

  const actions = canManage && (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {Boolean(cases.data?.carriers.length) && (
        <Button variant="outlined" onClick={() => setDialog({ dialog: 'remittance' })} disabled={!boxes.length}>
          {t('money.record_remittance')}
        </Button>
      )}
      <Button variant="outlined" startIcon={<LockOutlinedIcon />} onClick={() => setDialog({ dialog: 'close-day' })}>
        {t('money.close_day')}
      </Button>
      <Button variant="outlined" onClick={() => setDialog({ dialog: 'movement' })} disabled={!boxes.length}>
        {t('money.adjustment')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<SwapHorizIcon />}
        onClick={() => setDialog({ dialog: 'transfer' })}
        disabled={boxes.filter((b) => !b.archived_at).length < 2}
      >
        {t('money.transfer')}
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ dialog: 'box' })}>
        {t('money.new_box')}
      </Button>
    </Box>
  );

  return (
    <PageFrame
      title={t('nav.cases')}
      crumbs={[t('nav.accounting')]}
      subtitle={t('money.cases_subtitle')}
      actions={actions}
    >
      {cases.isLoading ? (
        <Skeleton variant="rounded" height={110} sx={{ mb: 3 }} />
      ) : cases.isError ? (
        <ListError error={cases.error} onRetry={() => void cases.refetch()} />
      ) : (
        cases.data && <BoxCards answer={cases.data} />
      )}
      <CarrierCash />
      <PagedList
        query={movements}
        state={{ query, update }}
        filtered={filtered}
        toolbar={
          <ListToolbar
            onClear={
              filtered ? () => update({ box_id: null, kind: null, from: null, to: null, search: null }) : undefined
            }
          >
            <BoxFilter boxes={boxes} value={query.box_id} onChange={update} />
            <AnyFilter
              label={t('money.kind')}
              value={query.kind}
              onChange={(kind) => update({ kind })}
              options={MOVEMENT_KINDS.map((kind) => ({ value: kind, label: t(`money.movement_kinds.${kind}`) }))}
            />
            <DayRangeFilter from={query.from} to={query.to} onChange={update} />
          </ListToolbar>
        }
        empty={{
          icon: <AccountBalanceWalletOutlinedIcon fontSize="large" />,
          title: t('money.no_movements_title'),
          message: t('money.no_movements_message'),
        }}
      >
        {(data) => (
          <MovementsTable
            page={data}
            canManage={canManage}
            onReverse={(movement) => setConfirming({ movement, action: 'reverse' })}
            onDelete={(movement) => setConfirming({ movement, action: 'delete' })}
          />
        )}
      </PagedList>
      {canManage && dialog === 'box' && <BoxDialog onClose={() => setDialog(null)} />}
      {canManage && dialog === 'transfer' && <TransferDialog boxes={boxes} onClose={() => setDialog(null)} />}
      {canManage && dialog === 'movement' && <MovementDialog boxes={boxes} onClose={() => setDialog(null)} />}
      {canManage && dialog === 'remittance' && cases.data && (
        <RemittanceDialog carriers={cases.data.carriers} boxes={boxes} onClose={() => setDialog(null)} />
      )}
      {canManage && dialog === 'close-day' && (
        <CloseDayDialog closedThrough={cases.data?.closed_through ?? null} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming?.action === 'delete' ? 'money.delete_title' : 'money.reverse_title')}
        message={t(confirming?.action === 'delete' ? 'money.delete_message' : 'money.reverse_message')}
        confirmLabel={t(confirming?.action === 'delete' ? 'money.delete' : 'money.reverse')}
        onConfirm={() => void act()}
        onClose={() => setConfirming(null)}
        busy={reverse.isPending || remove.isPending}
        danger={confirming?.action === 'delete'}
      />
    </PageFrame>
  );
}
