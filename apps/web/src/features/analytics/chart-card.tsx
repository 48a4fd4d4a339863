import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { exportTable } from './analytics-api';

export type TCell = string | number | null;

/** A report query's loading, error and retry, as a ChartCard takes them. */
export const stateOf = (q: { isPending: boolean; isError: boolean; refetch: () => unknown }) => ({
  loading: q.isPending,
  error: q.isError,
  onRetry: () => void q.refetch(),
});

interface TChartCardProps {
  title: string;
  /** Export and sheet name (ASCII). */
  name: string;
  columns: string[];
  /** Raw values (exported as they are). */
  rows: TCell[][];
  /** The same rows as shown (formatted); defaults to rows. */
  display?: string[][];
  loading: boolean;
  error: boolean;
  onRetry?: () => void;
  chart: ReactNode;
  subtitle?: string;
  height?: number;
}

/** A chart with its table fallback, XLSX export, and empty, loading and error states (issue 14.5). */
export function ChartCard(props: TChartCardProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'chart' | 'table'>('chart');
  const [exporting, setExporting] = useState(false);
  const height = props.height ?? 280;
  const empty = !props.loading && !props.error && props.rows.length === 0;

  const download = async () => {
    setExporting(true);
    try {
      await exportTable(props.name, props.columns, props.rows);
    } catch {
      void toast(t('analytics.export_failed'), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card variant="outlined" data-chart={props.name} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 160 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {props.title}
            </Typography>
            {props.subtitle && (
              <Typography variant="caption" color="text.secondary">
                {props.subtitle}
              </Typography>
            )}
          </Box>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_, value: 'chart' | 'table' | null) => value && setMode(value)}
          >
            <ToggleButton value="chart">{t('analytics.chart')}</ToggleButton>
            <ToggleButton value="table">{t('analytics.table')}</ToggleButton>
          </ToggleButtonGroup>
          <Button
            size="small"
            startIcon={<FileDownloadOutlinedIcon />}
            disabled={exporting || empty || props.loading}
            onClick={() => void download()}
          >
            XLSX
          </Button>
        </Stack>
        {props.error ? (
          <Alert
            severity="error"
            action={
              props.onRetry && (
                <Button color="inherit" size="small" onClick={props.onRetry}>
                  {t('analytics.retry')}
                </Button>
              )
            }
          >
            {t('analytics.load_failed')}
          </Alert>
        ) : props.loading ? (
          <Skeleton variant="rounded" height={height} data-testid="chart-loading" />
        ) : empty ? (
          <Box sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary' }} data-empty="true">
            <Typography variant="body2">{t('analytics.empty')}</Typography>
          </Box>
        ) : mode === 'chart' ? (
          // At least `height`: a legend wrapped on two lines (a phone) adds to the chart's own
          // height, and a fixed box let the card cut the day axis's labels off below it.
          <Box sx={{ minHeight: height, direction: 'ltr' }}>{props.chart}</Box>
        ) : (
          <TableContainer sx={{ maxHeight: height + 40 }}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  {props.columns.map((c) => (
                    <TableCell key={c}>{c}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {(props.display ?? props.rows.map((r) => r.map((c) => (c === null ? '—' : String(c))))).map(
                  (row, i) => (
                    <TableRow key={i}>
                      {row.map((cell, j) => (
                        <TableCell key={j}>{cell}</TableCell>
                      ))}
                    </TableRow>
                  ),
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
