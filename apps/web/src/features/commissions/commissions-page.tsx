import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { ZCommissionQuery, type TAgentCommission, type TCommissionLine, type TCommissionsAnswer } from '@cod/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActionBar, ExportButton } from '../../components/money-kit/action-bar';
import { useBusyTask } from '../../components/money-kit/use-busy-task';
import { PageFrame } from '../../app/pages/page-frame';
import { ListEmpty, ListError, ListLoading } from '../../components/lists/list-states';
import { ListTable } from '../../components/lists/list-table';
import { useAppAbility } from '../../lib/ability';
import { queryString } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useUserData } from '../../lib/use-session';
import { figure } from '../cash-boxes/money-list';
import { MoneyText } from '../cash-boxes/money-text';
import { downloadFile } from '../imports/imports-api';
import { useCommissionsQuery } from './commissions-api';
import { PayoutDialog } from './payout-dialog';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * Issue 13.5: the agents' commissions of a month (docs/decisions/0102). An agent sees their own; a
 * user with 'view accounting' sees every agent, opens one's lines, and pays out with 'manage expenses'.
 */
export function CommissionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const parsed = ZCommissionQuery.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : {};
  const month = query.month ?? thisMonth();
  const seesAll = useUserData()?.permissions.includes('view accounting') ?? false;
  const canPay = useAppAbility().can('manage', 'expenses') && seesAll;
  const commissions = useCommissionsQuery({ ...query, month });
  const [paying, setPaying] = useState<TAgentCommission | null>(null);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  const exportXlsx = useBusyTask(() =>
    downloadFile(`/dashboard/commissions/export${queryString({ ...query, month })}`, {
      fallbackName: `commissions_${month}.xlsx`,
    }),
  );

  const actions = (
    <ActionBar>
      <TextField
        size="small"
        type="month"
        label={t('commissions.month')}
        value={month}
        onChange={(e) => update({ month: e.target.value || null })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'commissions-month' } }}
      />
      {seesAll && query.agent_id && (
        <Button variant="text" onClick={() => update({ agent_id: null })}>
          {t('commissions.all_agents')}
        </Button>
      )}
      <ExportButton label={t('money.export_xlsx')} busy={exportXlsx.busy} onClick={exportXlsx.run} />
    </ActionBar>
  );

  return (
    <PageFrame
      title={t('pages.commissions')}
      crumbs={seesAll ? [t('nav.accounting')] : []}
      subtitle={t(seesAll ? 'commissions.subtitle_all' : 'commissions.subtitle_own')}
      actions={actions}
    >
      {commissions.isLoading ? (
        <ListLoading />
      ) : commissions.isError ? (
        <ListError error={commissions.error} onRetry={() => void commissions.refetch()} />
      ) : !commissions.data?.data.length ? (
        <ListEmpty
          icon={<PaymentsOutlinedIcon fontSize="large" />}
          title={t('commissions.empty_title')}
          message={t('commissions.empty_message')}
        />
      ) : (
        <>
          <AgentsTable
            answer={commissions.data}
            canOpen={seesAll}
            canPay={canPay}
            onOpen={(agent) => update({ agent_id: String(agent.agent_id) })}
            onPay={setPaying}
          />
          {commissions.data.lines && <LinesTable lines={commissions.data.lines} />}
        </>
      )}
      {paying && <PayoutDialog agent={paying} onClose={() => setPaying(null)} />}
    </PageFrame>
  );
}

function AgentsTable({
  answer,
  canOpen,
  canPay,
  onOpen,
  onPay,
}: {
  answer: TCommissionsAnswer;
  canOpen: boolean;
  canPay: boolean;
  onOpen: (agent: TAgentCommission) => void;
  onPay: (agent: TAgentCommission) => void;
}) {
  const { t } = useTranslation();
  const money = ['earned_centimes', 'reversed_centimes', 'net_centimes', 'paid_centimes', 'due_centimes'] as const;
  return (
    <Paper sx={{ overflow: 'hidden' }}>
      <TableContainer>
        <Table size="small" sx={{ minWidth: 860 }} aria-label={t('pages.commissions')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('commissions.agent')}</TableCell>
              <TableCell>{t('commissions.rule')}</TableCell>
              <TableCell sx={figure}>{t('commissions.orders')}</TableCell>
              {money.map((key) => (
                <TableCell key={key} sx={figure}>
                  {t(`commissions.${key.replace('_centimes', '')}`)}
                </TableCell>
              ))}
              {canPay && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.data.map((agent) => (
              <TableRow key={agent.agent_id} data-testid="commission-row" data-name={agent.name}>
                <TableCell>
                  {canOpen ? (
                    <Link component="button" type="button" onClick={() => onOpen(agent)} underline="hover">
                      {agent.name}
                    </Link>
                  ) : (
                    agent.name
                  )}
                </TableCell>
                <TableCell>
                  {agent.commission_type === 'none'
                    ? t('commissions.rule_none')
                    : t(`commissions.rule_${agent.commission_type}_${agent.commission_on}`)}
                </TableCell>
                <TableCell sx={figure}>
                  {agent.orders}
                  {agent.reversed_orders > 0 && (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {' '}
                      ({t('commissions.reversed_count', { count: agent.reversed_orders })})
                    </Typography>
                  )}
                </TableCell>
                {money.map((key) => (
                  <TableCell key={key} sx={figure} data-testid={`commission-${key.replace('_centimes', '')}`}>
                    <MoneyText
                      amount={agent[key]}
                      sx={key === 'due_centimes' ? { fontWeight: 600 } : undefined}
                      color={key === 'reversed_centimes' && agent[key] > 0 ? 'error' : undefined}
                    />
                  </TableCell>
                ))}
                {canPay && (
                  <TableCell sx={{ textAlign: 'end' }}>
                    {agent.due_centimes > 0 && (
                      <Button size="small" onClick={() => onPay(agent)}>
                        {t('commissions.pay')}
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow data-testid="commission-totals">
              <TableCell colSpan={2}>{t('money.totals')}</TableCell>
              <TableCell sx={figure}>{answer.data.reduce((sum, a) => sum + a.orders, 0)}</TableCell>
              {money.map((key) => (
                <TableCell key={key} sx={figure}>
                  <MoneyText amount={answer.totals[key]} sx={{ fontWeight: 600 }} />
                </TableCell>
              ))}
              {canPay && <TableCell />}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function LinesTable({ lines }: { lines: TCommissionLine[] }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ overflow: 'hidden' }}>
      <Typography variant="h6" sx={{ px: 2, pt: 2 }}>
        {t('commissions.lines')}
      </Typography>
      {lines.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('commissions.no_lines')}
        </Typography>
      ) : (
        <ListTable
          sx={{ minWidth: 520 }}
          aria-label={t('commissions.lines')}
          columns={[
            t('commissions.when'),
            t('commissions.order'),
            t('commissions.kind'),
            { label: t('money.amount'), sx: figure },
          ]}
        >
          {lines.map((line) => (
            <TableRow key={line.id} data-testid="commission-line">
              <TableCell dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(line.occurred_at)}
              </TableCell>
              <TableCell dir="ltr">#{line.order_number}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={line.kind === 'earned' ? 'success' : 'error'}
                  label={t(`commissions.kinds.${line.kind}`)}
                />
              </TableCell>
              <TableCell sx={figure}>
                <MoneyText amount={line.amount_centimes} signed />
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </Paper>
  );
}
