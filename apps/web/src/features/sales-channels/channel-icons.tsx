import type { SvgIconProps } from '@mui/material/SvgIcon';
import { createSvgIcon } from '@mui/material/utils';
import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import InstagramIcon from '@mui/icons-material/Instagram';
import LanguageIcon from '@mui/icons-material/Language';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { TSalesSourceType } from '@cod/shared';

// MUI has no TikTok logo; this is its note glyph, drawn on the same 24 px grid.
const TikTokIcon = createSvgIcon(
  <path d="M16.6 5.82A4.28 4.28 0 0 1 15.54 3h-3.09v12.4a2.59 2.59 0 0 1-2.59 2.5 2.59 2.59 0 0 1-2.59-2.59 2.59 2.59 0 0 1 3.37-2.47V9.7a5.73 5.73 0 0 0-.78-.05A5.66 5.66 0 0 0 4.2 15.3 5.66 5.66 0 0 0 9.86 21a5.66 5.66 0 0 0 5.68-5.65V9.01a7.35 7.35 0 0 0 4.3 1.38V7.3s-1.88.09-3.24-1.48z" />,
  'TikTok',
);

type TIcon = typeof FacebookIcon;

/** The icon names a channel can use (stored in `icon`); the server accepts any such name. */
export const CHANNEL_ICONS: Record<string, TIcon> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  tiktok: TikTokIcon,
  google: GoogleIcon,
  meta: AllInclusiveIcon,
  website: LanguageIcon,
  whatsapp: WhatsAppIcon,
  telegram: TelegramIcon,
  youtube: YouTubeIcon,
  store: StorefrontOutlinedIcon,
  phone: PhoneInTalkOutlinedIcon,
  campaign: CampaignOutlinedIcon,
  shop: ShoppingBagOutlinedIcon,
};

/** SPEC 3: facebook, tiktok, instagram, google and meta get their icons; the rest a generic one. */
export const SOURCE_ICON: Record<TSalesSourceType, string> = {
  facebook: 'facebook',
  tiktok: 'tiktok',
  instagram: 'instagram',
  google: 'google',
  meta: 'meta',
  website: 'website',
  other: 'store',
};

const BRAND_COLORS: Record<string, string> = {
  facebook: '#1877F2',
  instagram: '#E4405F',
  tiktok: '#000000',
  google: '#4285F4',
  meta: '#0866FF',
  whatsapp: '#25D366',
  telegram: '#26A5E4',
  youtube: '#FF0000',
};

/** The channel's own icon, else its source type's. */
export function ChannelIcon({
  icon,
  sourceType,
  ...props
}: { icon: string | null; sourceType: TSalesSourceType } & SvgIconProps) {
  const name = icon && CHANNEL_ICONS[icon] ? icon : SOURCE_ICON[sourceType];
  const Icon = CHANNEL_ICONS[name] ?? StorefrontOutlinedIcon;
  return <Icon {...props} sx={{ color: BRAND_COLORS[name], ...props.sx }} />;
}
