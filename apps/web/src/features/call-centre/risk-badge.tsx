import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import type { TCustomerRisk } from '@cod/shared';
import { useTranslation } from 'react-i18next';

/** The reasons of a risk level, one per line, in the user's language. */
export function useRiskReasons(risk: TCustomerRisk | undefined): string[] {
  const { t } = useTranslation();
  if (!risk) return [];
  return risk.reasons.map((reason) => t(`callcentre.risk.reasons.${reason.code}`, { value: reason.value }));
}

/**
 * Issue 15.5 (decision 0085): a customer who refuses parcels. Shown beside the blocked flag on the
 * row and in the call dialog; nothing for a low risk (a new customer is no risk).
 */
export function RiskBadge({ risk, size = 'row' }: { risk: TCustomerRisk | undefined; size?: 'row' | 'dialog' }) {
  const { t } = useTranslation();
  const reasons = useRiskReasons(risk);
  if (!risk || risk.level === 'low') return null;
  const label = t(`callcentre.risk.${risk.level}`, { score: risk.score });
  return (
    <Tooltip title={[t('callcentre.risk.score', { score: risk.score }), ...reasons].join(' · ')}>
      <Chip
        size="small"
        color={risk.level === 'high' ? 'error' : 'warning'}
        variant={risk.level === 'high' ? 'filled' : 'outlined'}
        icon={<ReportProblemOutlinedIcon />}
        label={label}
        aria-label={`${label}: ${reasons.join(', ')}`}
        data-testid="flag-risk"
        data-level={risk.level}
        sx={size === 'row' ? { height: 20 } : undefined}
      />
    </Tooltip>
  );
}
