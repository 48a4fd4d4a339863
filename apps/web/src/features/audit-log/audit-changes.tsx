import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * An entry's changes (issue 18.6): a before/after table when the entry carries both, else its
 * values. Secrets arrive already masked by the server.
 */
export function AuditChanges({ changes }: { changes: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { before, after, ...rest } = changes;
  const hasDiff = isRecord(before) || isRecord(after);
  const fields = hasDiff
    ? [...new Set([...Object.keys(isRecord(before) ? before : {}), ...Object.keys(isRecord(after) ? after : {})])]
    : [];
  const others = Object.entries(hasDiff ? rest : changes);
  if (!fields.length && !others.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('audit_log.no_details')}
      </Typography>
    );
  }
  const cell = { py: 0.5, px: 1, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' } as const;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="audit-changes">
      {fields.length > 0 && (
        <Box
          role="table"
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(90px, max-content) 1fr 1fr', fontSize: 14 }}
        >
          <Box role="row" sx={{ display: 'contents', fontWeight: 600 }}>
            <Box role="columnheader" sx={cell}>
              {t('audit_log.field')}
            </Box>
            <Box role="columnheader" sx={cell}>
              {t('audit_log.before')}
            </Box>
            <Box role="columnheader" sx={cell}>
              {t('audit_log.after')}
            </Box>
          </Box>
          {fields.map((field) => (
            <Box role="row" key={field} sx={{ display: 'contents' }}>
              <Box role="cell" sx={{ ...cell, color: 'text.secondary' }}>
                <bdi>{field}</bdi>
              </Box>
              <Box role="cell" sx={cell}>
                <bdi>{show(isRecord(before) ? before[field] : undefined)}</bdi>
              </Box>
              <Box role="cell" sx={cell}>
                <bdi>{show(isRecord(after) ? after[field] : undefined)}</bdi>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {others.map(([key, value]) => (
        <Box key={key} sx={{ display: 'flex', gap: 1, fontSize: 14, flexWrap: 'wrap' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            <bdi>{key}</bdi>
          </Box>
          <Box component="span" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            <bdi>{show(value)}</bdi>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
