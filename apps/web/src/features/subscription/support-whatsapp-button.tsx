import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { supportWhatsAppLink } from '@cod/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageProps } from '../../app/page-props/use-page-props';
import { api } from '../../lib/api-client';

/**
 * SPEC 1's floating WhatsApp button (issue 12.7, 19.9): opens a chat with the product's support
 * number, set centrally, with a first message naming the shop; hidden while no number is set.
 */
export function SupportWhatsAppButton() {
  const { t } = useTranslation();
  const { data: props } = usePageProps();
  const contact = useQuery({
    queryKey: ['support-contact'],
    queryFn: ({ signal }) => api.get<{ whatsapp: string | null }>('/dashboard/support-contact', signal),
    staleTime: 10 * 60 * 1000,
  });
  const href = supportWhatsAppLink(contact.data?.whatsapp ?? '', t('whatsapp.message', { shop: props?.cq_name ?? '' }));
  if (!href) return null;
  return (
    <Tooltip title={t('whatsapp.contact')} placement="left">
      <Fab
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('whatsapp.contact')}
        data-testid="support-whatsapp"
        sx={{
          position: 'fixed',
          insetInlineEnd: 16,
          bottom: 24,
          zIndex: (theme) => theme.zIndex.speedDial,
          bgcolor: '#25D366',
          color: '#fff',
          '&:hover': { bgcolor: '#1EBE5A' },
        }}
      >
        <WhatsAppIcon />
      </Fab>
    </Tooltip>
  );
}
