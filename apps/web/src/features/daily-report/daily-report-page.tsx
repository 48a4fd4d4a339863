import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dayIn, parseLocalDate, previousDay, type TDailyReport, type TDaySummary } from '@cod/shared';
import { SplitGrid } from '../../components/money-kit/split-grid';
import { useBusyTask } from '../../components/money-kit/use-busy-task';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../app/pages/page-frame';
import { failureMessage, translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useUserData } from '../../lib/use-session';
import { useNumberFormats } from './number-formats';
import { fetchDailyReport, openDailyReportPdf, reportKeys, saveReportSettings } from './reports-api';
import { StatCard, StatGrid } from './stat-card';
import { CardHeading } from '../../components/cards/card-heading';
import { ListTable } from '../../components/lists/list-table';

const nextDay = (day: string) => {
  const d = parseLocalDate(day)!;
  return new Date(Date.UTC(d.year, d.month - 1, d.day + 1)).toISOString().slice(0, 10);
};

type TLine = 'created' | 'confirmed' | 'cancelled' | 'confirmation_rate' | 'dispatched' | 'delivered' | 'returned';
const LINES: Array<TLine | 'delivery_rate' | 'revenue_delivered'> = [
  'created',
  'confirmed',
  'cancelled',
  'confirmation_rate',
  'dispatched',
  'delivered',
  'returned',
  'delivery_rate',
  'revenue_delivered',
];

/** /reports/daily?day=YYYY-MM-DD (issue 14.4): a day of the shop beside the day before. */
export function DailyReportPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('day');
  const day = asked && parseLocalDate(asked) ? asked : null;
  const report = useQuery({
    queryKey: reportKeys.daily(day),
    queryFn: ({ signal }) => fetchDailyReport(day, signal),
    placeholderData: keepPreviousData,
  });
  const shown = report.data?.data;
  const today = shown ? dayIn(new Date(), shown.summary.time_zone) : null;
  const goTo = (next: string) => setParams({ day: next });
  const rtl = i18n.dir() === 'rtl';
  const Back = rtl ? ChevronRightIcon : ChevronLeftIcon;
  const Forward = rtl ? ChevronLeftIcon : ChevronRightIcon;

  const pdf = useBusyTask(
    async () => shown && openDailyReportPdf(shown.summary.day, i18n.resolvedLanguage ?? i18n.language),
    () => t('reports.daily.pdf_failed'),
  );

  return (
    <PageFrame
      title={t('reports.daily.title')}
      subtitle={t('reports.daily.subtitle')}
      actions={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Tooltip title={t('reports.daily.previous_day')}>
            <span>
              <IconButton
                aria-label={t('reports.daily.previous_day')}
                disabled={!shown}
                onClick={() => shown && goTo(previousDay(shown.summary.day))}
              >
                <Back />
              </IconButton>
            </span>
          </Tooltip>
          <TextField
            type="date"
            size="small"
            label={t('reports.daily.day')}
            value={shown?.summary.day ?? day ?? ''}
            onChange={(event) => parseLocalDate(event.target.value) && goTo(event.target.value)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { max: today ?? undefined, 'data-testid': 'report-day' },
            }}
          />
          <Tooltip title={t('reports.daily.next_day')}>
            <span>
              <IconButton
                aria-label={t('reports.daily.next_day')}
                disabled={!shown || !today || shown.summary.day >= today}
                onClick={() => shown && goTo(nextDay(shown.summary.day))}
              >
                <Forward />
              </IconButton>
            </span>
          </Tooltip>
          <Button
            variant="contained"
            startIcon={<PictureAsPdfOutlinedIcon />}
            onClick={pdf.run}
            disabled={!shown || pdf.busy}
            data-testid="report-pdf"
          >
            {t('reports.daily.download_pdf')}
          </Button>
        </Box>
      }
    >
      {report.isPending && <Skeleton variant="rounded" height={320} />}
      {report.isError && <Alert severity="error">{t('reports.daily.load_failed')}</Alert>}
      {shown && <ReportBody report={shown} />}
      {report.data && (
        <MailSettings hour={report.data.settings.daily_report_hour} zone={shown?.summary.time_zone ?? ''} />
      )}
    </PageFrame>
  );
}

function ReportBody({ report }: { report: TDailyReport }) {
  const { t } = useTranslation();
  const f = useNumberFormats();
  const value = (summary: TDaySummary, line: (typeof LINES)[number]) =>
    line === 'confirmation_rate' || line === 'delivery_rate'
      ? f.percent(summary[line])
      : line === 'revenue_delivered'
        ? f.money(summary.revenue_delivered)
        : f.count(summary[line]);
  const { summary, previous } = report;
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="daily-report" data-day={summary.day}>
      <StatGrid>
        <StatCard testId="report-created" label={t('reports.metrics.created')} value={f.count(summary.created)} />
        <StatCard label={t('reports.metrics.confirmed')} value={f.count(summary.confirmed)} />
        <StatCard label={t('reports.metrics.confirmation_rate')} value={f.percent(summary.confirmation_rate)} />
        <StatCard label={t('reports.metrics.delivered')} value={f.count(summary.delivered)} />
        <StatCard label={t('reports.metrics.delivery_rate')} value={f.percent(summary.delivery_rate)} />
        <StatCard label={t('reports.metrics.revenue_delivered')} value={f.money(summary.revenue_delivered)} />
      </StatGrid>
      <SplitGrid columns={{ xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }}>
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <ListTable
            columns={[
              t('reports.daily.column_metric'),
              { label: <bdi>{summary.day}</bdi>, align: 'right' },
              { label: <bdi>{previous.day}</bdi>, align: 'right' },
            ]}
            aria-label={t('reports.daily.title')}
            container={false}
          >
            {LINES.map((line) => (
              <TableRow key={line}>
                <TableCell component="th" scope="row">
                  {t(`reports.metrics.${line}`)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                  <bdi>{value(summary, line)}</bdi>
                </TableCell>
                <TableCell align="right" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                  <bdi>{value(previous, line)}</bdi>
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row">
                {t('reports.metrics.open_undecided')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                <bdi>{f.count(report.open_undecided)}</bdi>
              </TableCell>
              <TableCell />
            </TableRow>
          </ListTable>
        </Card>
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Typography id="report-agents" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
            {t('reports.daily.agents')}
          </Typography>
          {report.agents.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
              {t('reports.daily.no_agents')}
            </Typography>
          ) : (
            <ListTable
              columns={[
                t('reports.daily.agent'),
                { label: t('reports.daily.handled'), align: 'right' },
                { label: t('reports.metrics.confirmed'), align: 'right' },
                { label: t('reports.metrics.delivered'), align: 'right' },
              ]}
              aria-labelledby="report-agents"
              container={false}
            >
              {report.agents.map((agent) => (
                <TableRow key={agent.id}>
                  <TableCell component="th" scope="row">
                    <bdi>{agent.name}</bdi>
                  </TableCell>
                  <TableCell align="right">{f.count(agent.decided)}</TableCell>
                  <TableCell align="right">{f.count(agent.confirmed)}</TableCell>
                  <TableCell align="right">{f.count(agent.delivered)}</TableCell>
                </TableRow>
              ))}
            </ListTable>
          )}
        </Card>
      </SplitGrid>
    </Box>
  );
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The hour the owners get yesterday's report by e-mail ('manage settings'). */
function MailSettings({ hour, zone }: { hour: number | null; zone: string }) {
  const { t } = useTranslation();
  const user = useUserData();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<string>(hour === null ? 'off' : String(hour));
  const save = useMutation({
    mutationFn: () => saveReportSettings({ daily_report_hour: value === 'off' ? null : Number(value) }),
    onSuccess: (answer) => {
      void toast(translateServerMessage(t, answer), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['daily-report'] });
    },
    onError: (error) => void toast(failureMessage(t, error), { variant: 'error' }),
  });
  if (!user?.permissions.includes('manage settings')) return null;
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5, maxWidth: 560 }}>
      <CardHeading title={t('reports.daily.mail_title')} help={t('reports.daily.mail_hint', { zone })} />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('reports.daily.mail_hour')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="off">{t('reports.daily.mail_off')}</MenuItem>
          {HOURS.map((h) => (
            <MenuItem key={h} value={String(h)}>
              {t('reports.daily.hour', { hour: String(h).padStart(2, '0') })}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => save.mutate()} disabled={save.isPending}>
          {t('reports.daily.save')}
        </Button>
      </Box>
    </Card>
  );
}
