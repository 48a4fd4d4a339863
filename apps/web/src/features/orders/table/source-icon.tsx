import { NamedGlyph } from '../../../components/ops-kit/named-glyph';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import InstagramIcon from '@mui/icons-material/Instagram';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import type { TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';

function TikTokIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} viewBox="0 0 24 24">
      <path d="M16.6 5.82A4.28 4.28 0 0 1 15.54 3h-3.09v12.4a2.59 2.59 0 0 1-2.59 2.5 2.6 2.6 0 0 1-2.6-2.6 2.6 2.6 0 0 1 3.38-2.48V9.66a5.73 5.73 0 0 0-.78-.05A5.71 5.71 0 0 0 4.15 15.3 5.7 5.7 0 0 0 9.86 21a5.7 5.7 0 0 0 5.7-5.7V9.01a7.35 7.35 0 0 0 4.3 1.38V7.3s-1.88.09-3.26-1.48Z" />
    </SvgIcon>
  );
}

function MetaIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} viewBox="0 0 24 24">
      <path d="M6.9 5C4.1 5 2 8.6 2 12.6 2 15.4 3.4 17 5.5 17c1.8 0 3.1-.9 5-4.2l1.5-2.6.2.3 1.3 2.2c1.9 3.2 3.2 4.3 5.1 4.3 2.3 0 3.4-2 3.4-4.8C22 8.3 19.9 5 17.1 5c-1.6 0-3 1-4.6 3.4L12 9.2l-.5-.8C9.9 6 8.6 5 6.9 5Zm-.2 2.3c1.1 0 2.1.8 3.5 3.1l.7 1.1-.9 1.6c-1.6 2.8-2.5 3.6-3.6 3.6-1.1 0-1.9-.9-1.9-2.8 0-3.4 1-6.6 2.2-6.6Zm10.6 0c1.5 0 2.5 2.6 2.5 5.4 0 1.8-.6 2.6-1.5 2.6-1.1 0-1.8-.8-3.4-3.5l-1.3-2.2.6-.9c1.2-1.9 2.1-1.4 3.1-1.4Z" />
    </SvgIcon>
  );
}

// SPEC 3: facebook, tiktok, instagram, google and meta get icons, in their brand colours.
const BRANDS: Record<string, { Icon: typeof FacebookIcon; color: string }> = {
  facebook: { Icon: FacebookIcon, color: '#1877F2' },
  instagram: { Icon: InstagramIcon, color: '#E1306C' },
  google: { Icon: GoogleIcon, color: '#4285F4' },
  tiktok: { Icon: TikTokIcon as typeof FacebookIcon, color: 'text.primary' },
  meta: { Icon: MetaIcon as typeof FacebookIcon, color: '#0866FF' },
};

/** The source column: the channel's icon, named in a tooltip; typed in the dashboard otherwise. */
export function SourceIcon({ order }: { order: Pick<TOrderRow, 'sales_source' | 'sales_channel'> }) {
  const { t } = useTranslation();
  const source = order.sales_source?.toLowerCase() ?? null;
  const brand = source ? BRANDS[source] : undefined;
  const label = order.sales_channel?.name ?? (source ? sourceLabel(t, source) : t('orders.sources.dashboard'));
  const Icon = brand?.Icon ?? (source ? StorefrontOutlinedIcon : SupportAgentOutlinedIcon);
  return (
    <NamedGlyph label={label} sx={{ display: 'inline-flex', color: brand?.color ?? 'text.secondary' }}>
      <Icon fontSize="small" />
    </NamedGlyph>
  );
}

/** A known source in the user's language, another as the integration wrote it. */
export function sourceLabel(t: (key: string, options?: { defaultValue: string }) => string, source: string): string {
  return t(`orders.sources.${source}`, { defaultValue: source });
}
