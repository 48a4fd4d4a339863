import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
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
import { PagedList } from '../../components/lists/paged-list';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { useListState } from '../../components/lists/use-list-state';
import { ExportButton } from '../../components/money-kit/action-bar';
import { useBusyTask } from '../../components/money-kit/use-busy-task';
import { formatDateTime } from '../../lib/format-date';
import { downloadFile } from '../imports/imports-api';
import { AuditChanges } from './audit-changes';
import { auditExportPath, useAuditFiltersQuery, useAuditLogQuery, type TAuditQuery } from './audit-log-api';
import { ListTable } from '../../components/lists/list-table';
import { SelectField } from '../../components/forms/select-field';

/** A known action or entity in the reader's language; an unknown one as written, spaced. */
function label(t: (key: string, options: { defaultValue: string }) => string, group: string, value: string) {
  return t(`audit_log.${group}.${value}`, { defaultValue: value.replace(/_/g, ' ') });
}

/** One page of the log: a row a change, its details (the fields changed, the address) folded under it. */
function AuditTable({ page }: { page: { data: TAuditLogEntry[] } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
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
      {page.data.map((entry) => (
        <AuditRow
          key={entry.id}
          entry={entry}
          expanded={open === entry.id}
          onToggle={() => setOpen(open === entry.id ? null : entry.id)}
        />
      ))}
    </ListTable>
  );
}

function AuditRow({ entry, expanded, onToggle }: { entry: TAuditLogEntry; expanded: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <>
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
          <IconButton size="small" aria-label={t('audit_log.details')} aria-expanded={expanded} onClick={onToggle}>
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
    </>
  );
}

/** /dashboard/audit-log (issue 18.6, system group): who did what and when. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const { query: parsed, update } = useListState(ZAuditLogQuery);
  const query = parsed as TAuditQuery;
  const log = useAuditLogQuery(query);
  const filters = useAuditFiltersQuery();
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
      <PagedList
        query={log}
        state={{ query, update }}
        filtered={filtered}
        toolbar={
          <ListToolbar
            onClear={
              filtered ? () => update({ user_id: null, entity: null, date_from: null, date_to: null }) : undefined
            }
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
                <SelectField
                  key={select.key}
                  size="small"
                  label={select.label}
                  value={query[select.key] ?? ''}
                  onChange={(event) => update({ [select.key]: event.target.value || null })}
                  data-testid={select.testId}
                  options={select.options}
                />
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
        }
        empty={{
          icon: <HistoryOutlinedIcon fontSize="large" />,
          title: t('audit_log.empty_title'),
          message: t('audit_log.empty_message'),
        }}
      >
        {(page) => <AuditTable page={page} />}
      </PagedList>
    </PageFrame>
  );
}
