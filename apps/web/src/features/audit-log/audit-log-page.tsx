import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { ZAuditLogQuery, type TAuditLogEntry } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { ListBody } from '../../components/lists/list-body';
import { ListPagination } from '../../components/lists/list-pagination';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { useListState } from '../../components/lists/use-list-state';
import { ExportButton } from '../../components/money-kit/action-bar';
import { useBusyTask } from '../../components/money-kit/use-busy-task';
import { formatDateTime } from '../../lib/format-date';
import { downloadFile } from '../imports/imports-api';
import { AuditChanges } from './audit-changes';
import { auditExportPath, useAuditFiltersQuery, useAuditLogQuery, type TAuditQuery } from './audit-log-api';
import { ListTable } from '../../components/lists/list-table';

/** A known action or entity in the reader's language; an unknown one as written, spaced. */
function label(t: (key: string, options: { defaultValue: string }) => string, group: string, value: string) {
  return t(`audit_log.${group}.${value}`, { defaultValue: value.replace(/_/g, ' ') });
}

/** /dashboard/audit-log (issue 18.6, system group): who did what and when. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const { query: parsed, update } = useListState(ZAuditLogQuery);
  const query = parsed as TAuditQuery;
  const log = useAuditLogQuery(query);
  const filters = useAuditFiltersQuery();
  const [open, setOpen] = useState<number | null>(null);
  const language = i18n.resolvedLanguage ?? 'en';
  const filtered = Boolean(query.user_id || query.entity || query.date_from || query.date_to);

  const exportCsv = useBusyTask(() => downloadFile(auditExportPath(query), { fallbackName: 'audit_log.csv' }));
  const selects = [
    {
      key: 'user_id' as const,
      label: t('audit_log.user'),
      testId: 'filter-user',
      options: [
        { value: '', label: t('audit_log.anyone') },
        ...(filters.data?.users ?? []).map((user) => ({ value: user.id, label: user.name })),
      ],
    },
    {
      key: 'entity' as const,
      label: t('audit_log.entity'),
      testId: 'filter-entity',
      options: [
        { value: '', label: t('audit_log.everything') },
        ...(filters.data?.entities ?? []).map((entity) => ({ value: entity, label: label(t, 'entities', entity) })),
      ],
    },
  ];
  const days = [
    { key: 'date_from' as const, label: t('audit_log.from') },
    { key: 'date_to' as const, label: t('audit_log.to') },
  ];

  const row = (entry: TAuditLogEntry) => {
    const expanded = open === entry.id;
    return (
      <Fragment key={entry.id}>
        <TableRow hover data-testid="audit-row" sx={{ '& > td': { borderBottom: expanded ? 0 : undefined } }}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at, language)}</TableCell>
          <TableCell>{entry.user?.name ?? t('audit_log.system')}</TableCell>
          <TableCell>{label(t, 'actions', entry.action)}</TableCell>
          <TableCell>
            {label(t, 'entities', entry.entity)}
            {entry.entity_id && (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {' '}
                <bdi dir="ltr">#{entry.entity_id}</bdi>
              </Box>
            )}
          </TableCell>
          <TableCell padding="checkbox">
            <IconButton
              size="small"
              aria-label={t('audit_log.details')}
              aria-expanded={expanded}
              onClick={() => setOpen(expanded ? null : entry.id)}
            >
              {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </IconButton>
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell colSpan={5} sx={{ py: 0, ...(expanded ? {} : { borderBottom: 0 }) }}>
            <Collapse in={expanded} unmountOnExit>
              <Box sx={{ py: 1.5 }}>
                <AuditChanges changes={entry.changes} />
                {entry.ip && (
                  <Box sx={{ mt: 1, fontSize: 13, color: 'text.secondary' }}>
                    {t('audit_log.ip')} <bdi dir="ltr">{entry.ip}</bdi>
                  </Box>
                )}
              </Box>
            </Collapse>
          </TableCell>
        </TableRow>
      </Fragment>
    );
  };

  return (
    <PageFrame
      title={t('nav.audit_log')}
      crumbs={[t('nav.system')]}
      subtitle={t('audit_log.subtitle')}
      actions={
        <ExportButton
          label={t('audit_log.export_csv')}
          icon={<DownloadOutlinedIcon />}
          busy={exportCsv.busy}
          onClick={exportCsv.run}
        />
      }
    >
      <Paper sx={{ overflow: 'hidden' }}>
        <ListToolbar
          onClear={filtered ? () => update({ user_id: null, entity: null, date_from: null, date_to: null }) : undefined}
        >
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              width: '100%',
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 200px))' },
            }}
          >
            {selects.map((select) => (
              <TextField
                key={select.key}
                select
                size="small"
                label={select.label}
                value={query[select.key] ?? ''}
                onChange={(event) => update({ [select.key]: event.target.value || null })}
                data-testid={select.testId}
              >
                {select.options.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            {days.map((day) => (
              <TextField
                key={day.key}
                type="date"
                size="small"
                label={day.label}
                value={query[day.key] ?? ''}
                onChange={(event) => update({ [day.key]: event.target.value || null })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
              />
            ))}
          </Box>
        </ListToolbar>
        <ListBody
          query={log}
          filtered={filtered}
          empty={{
            icon: <HistoryOutlinedIcon fontSize="large" />,
            title: t('audit_log.empty_title'),
            message: t('audit_log.empty_message'),
          }}
        >
          {(page) => (
            <>
              <ListTable
                columns={[
                  t('audit_log.when'),
                  t('audit_log.user'),
                  t('audit_log.action'),
                  t('audit_log.entity'),
                  { padding: 'checkbox' },
                ]}
                sx={{ minWidth: 560 }}
              >
                {page.data.map(row)}
              </ListTable>
              <ListPagination total={page.total} page={query.page} perPage={query.per_page} onChange={update} />
            </>
          )}
        </ListBody>
      </Paper>
    </PageFrame>
  );
}
