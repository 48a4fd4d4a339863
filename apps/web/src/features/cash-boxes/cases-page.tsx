import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
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
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { ActionBar } from '../../components/money-kit/action-bar';
import { toastOutcome } from '../../components/money-kit/use-busy-task';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { ListError } from '../../components/lists/list-states';
import { useListState } from '../../components/lists/use-list-state';
import { useAppAbility } from '../../lib/ability';
import { BoxDialog, CloseDayDialog, MovementDialog, TransferDialog } from './cases-dialogs';
import { useCasesQuery, useDeleteMovement, useMovementsQuery, useReverseMovement } from './cash-boxes-api';
import { AmountCell, boxSelect, DayCell, MoneyPagedList, MoneyTable, NoteCell, RowActions } from './money-list';
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

/** A movement the user asked to reverse or delete, waiting for the confirmation. */
interface TAsked {
  movement: TCashMovement;
  action: 'reverse' | 'delete';
}

function MovementsTable({
  page,
  canManage,
  onAsk,
}: {
  page: TMovementPage;
  canManage: boolean;
  onAsk: (asked: TAsked) => void;
}) {
  const { t } = useTranslation();
  return (
    <MoneyTable
      label={t('money.movements')}
      minWidth={760}
      columns={[t('money.date'), t('money.box'), t('money.kind'), t('money.note'), t('money.by')]}
      canManage={canManage}
      totals={{
        testId: 'movements-totals',
        label: (
          <>
            {t('money.totals')} · {t('money.money_in')} <MoneyText amount={page.totals.in_centimes} /> ·{' '}
            {t('money.money_out')} <MoneyText amount={page.totals.out_centimes} />
          </>
        ),
        amount: page.totals.net_centimes,
        signed: true,
      }}
    >
      {page.data.map((movement) => (
        <TableRow key={movement.id} hover data-testid="cash-movement-row">
          <DayCell day={movement.occurred_on} closed={movement.closed} />
          <TableCell>{movement.box_name}</TableCell>
          <TableCell>
            <Chip size="small" variant="outlined" label={t(`money.movement_kinds.${movement.kind}`)} />
          </TableCell>
          <NoteCell note={movement.note} />
          <TableCell>{movement.created_by_name}</TableCell>
          <AmountCell amount={movement.amount_centimes} signed />
          {canManage && (
            <RowActions
              actions={[
                movement.kind !== 'reversal' &&
                  !movement.reversed_by_id && {
                    label: t('money.reverse'),
                    icon: <UndoIcon fontSize="small" />,
                    onClick: () => onAsk({ movement, action: 'reverse' }),
                  },
                !movement.closed &&
                  ['adjustment', 'opening'].includes(movement.kind) &&
                  !movement.reversed_by_id && {
                    label: t('money.delete'),
                    icon: <DeleteOutlineIcon fontSize="small" />,
                    onClick: () => onAsk({ movement, action: 'delete' }),
                  },
              ]}
            />
          )}
        </TableRow>
      ))}
    </MoneyTable>
  );
}

/** A button of the page's actions that opens one of its dialogs. */
interface TDialogOpener {
  dialog: string;
  label: string;
  icon?: ReactNode;
  disabled?: boolean;
  /** The page's main action: a contained button. */
  main?: boolean;
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
  const [confirming, setConfirming] = useState<TAsked | null>(null);
  const dialog = params.get('dialog');
  const boxes = cases.data?.boxes ?? [];

  const act = async () => {
    if (!confirming) return;
    const { movement, action } = confirming;
    await toastOutcome(
      t,
      () => (action === 'reverse' ? reverse : remove).mutateAsync(movement.id),
      t(action === 'reverse' ? 'money.reversed' : 'money.deleted'),
    );
    setConfirming(null);
  };

  // The dialogs the page opens, in the order of their buttons (the new box's is the main one).
  const openers: Array<TDialogOpener | false> = [
    Boolean(cases.data?.carriers.length) && {
      dialog: 'remittance',
      label: t('money.record_remittance'),
      disabled: !boxes.length,
    },
    { dialog: 'close-day', label: t('money.close_day'), icon: <LockOutlinedIcon /> },
    { dialog: 'movement', label: t('money.adjustment'), disabled: !boxes.length },
    {
      dialog: 'transfer',
      label: t('money.transfer'),
      icon: <SwapHorizIcon />,
      disabled: boxes.filter((b) => !b.archived_at).length < 2,
    },
    { dialog: 'box', label: t('money.new_box'), icon: <AddIcon />, main: true },
  ];
  const actions = canManage && (
    <ActionBar>
      {openers.map(
        (opener) =>
          opener && (
            <Button
              key={opener.dialog}
              variant={opener.main ? 'contained' : 'outlined'}
              startIcon={opener.icon}
              onClick={() => setDialog({ dialog: opener.dialog })}
              disabled={opener.disabled}
            >
              {opener.label}
            </Button>
          ),
      )}
    </ActionBar>
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
      <MoneyPagedList
        list={movements}
        state={{ query, update }}
        filterKeys={['box_id', 'kind', 'from', 'to', 'search']}
        selects={[
          boxSelect(t, boxes),
          {
            key: 'kind',
            label: t('money.kind'),
            options: MOVEMENT_KINDS.map((kind) => ({ value: kind, label: t(`money.movement_kinds.${kind}`) })),
          },
        ]}
        empty={{
          icon: <AccountBalanceWalletOutlinedIcon fontSize="large" />,
          title: t('money.no_movements_title'),
          message: t('money.no_movements_message'),
        }}
      >
        {(data) => <MovementsTable page={data} canManage={canManage} onAsk={setConfirming} />}
      </MoneyPagedList>
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
