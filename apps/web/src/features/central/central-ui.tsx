import type { ComponentProps, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { formatDZD, type TPlan } from '@cod/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { ListError } from '../../components/lists/list-states';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/server-errors';
import { fieldMessages, translateServerMessage } from '../../lib/server-message';

/**
 * A page of the central console: its trail starts at the console (never the shop's Home), then the
 * `section` the page belongs to (a new tenant: the tenants), when it belongs to one.
 */
export function CentralPageFrame({
  section,
  ...frame
}: Omit<ComponentProps<typeof PageFrame>, 'crumbs' | 'homeCrumb'> & { section?: string }) {
  const { t } = useTranslation();
  return <PageFrame {...frame} crumbs={[t('central.title'), ...(section ? [section] : [])]} homeCrumb={false} />;
}

const STATUS_COLOR: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  trialing: 'info',
  past_due: 'warning',
  expired: 'error',
  suspended: 'error',
  cancelled: 'default',
};

export function StatusChip({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (!status) return <Chip size="small" label={t('central.status.none')} />;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status] ?? 'default'}
      label={t(`central.status.${status}`, { defaultValue: status })}
      data-testid="subscription-status"
    />
  );
}

export function formatDay(iso: string | null | undefined, locale: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-DZ' : locale === 'fr' ? 'fr-DZ' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'Africa/Algiers',
  }).format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));
}

/**
 * An amount in DA, isolated left-to-right (U+2066 ... U+2069): inside an Arabic sentence the
 * number and its "DA" stay in order ("2 900,00 DA", never "DA 2 900,00").
 */
export const money = (amount: number) => `\u2066${formatDZD(amount)}\u2069`;

export function limitText(t: TFunction, limit: number | null): string {
  return limit === null ? t('central.unlimited') : limit.toLocaleString();
}

/** Loading, error (with retry) and empty states of every central screen. */
export function LoadState({
  loading,
  error,
  empty,
  onRetry,
  emptyTitle,
  emptyMessage,
  emptyAction,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  onRetry: () => void;
  emptyTitle: string;
  emptyMessage?: string;
  emptyAction?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <Box role="progressbar" aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={44} />
        ))}
      </Box>
    );
  }
  if (error) {
    return <ListError error={error} onRetry={onRetry} inset={false} />;
  }
  if (empty) {
    return (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
        <InboxOutlinedIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="p">
          {emptyTitle}
        </Typography>
        {emptyMessage && <Typography color="text.secondary">{emptyMessage}</Typography>}
        {emptyAction && <Box sx={{ mt: 2 }}>{emptyAction}</Box>}
      </Paper>
    );
  }
  return <>{children}</>;
}

/** A failed save's messages by field (translated from codes), and the rest as one sentence. */
export function serverErrors(t: TFunction, error: unknown): { fields: Record<string, string>; general: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, general: error ? errorMessage(t, error) : null };
  const fields: Record<string, string> = {};
  for (const [field, list] of Object.entries(fieldMessages(error))) {
    if (list[0]) fields[field] = translateServerMessage(t, list[0]);
  }
  return { fields, general: Object.keys(fields).length ? null : errorMessage(t, error) };
}

/** The plans a shop may be put on: the current ones, and its own even when archived (`keep`, an id). */
export function planOptions(plans: readonly TPlan[] | undefined, keep: string) {
  return (plans ?? [])
    .filter((p) => !p.archived || String(p.id) === keep)
    .map((p) => ({ value: String(p.id), label: `${p.name} · ${money(p.price_month)}` }));
}

/** A screen (or a card) that shows one query's answer: its loading and error states, then `children`. */
export function QueryState({
  query,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  return (
    <LoadState
      loading={query.isPending}
      error={query.error}
      empty={false}
      onRetry={() => void query.refetch()}
      emptyTitle=""
    >
      {children}
    </LoadState>
  );
}
