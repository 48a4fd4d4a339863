import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { TLayoutSettings } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useLayoutSettings } from '../../app/layout-settings';
import { CardHeading } from '../../components/cards/card-heading';

type TChoiceKey = 'theme' | 'skin' | 'navbarType' | 'contentWidth' | 'navDirection' | 'transition';

const CHOICES: { [K in TChoiceKey]: readonly TLayoutSettings[K][] } = {
  theme: ['system', 'light', 'dark'],
  skin: ['default', 'bordered'],
  navbarType: ['sticky', 'hidden', 'static'],
  contentWidth: ['boxed', 'fluid'],
  navDirection: ['vertical', 'horizontal'],
  transition: ['fade', 'none'],
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Typography variant="overline" color="text.secondary" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

interface TCustomizerProps {
  open: boolean;
  onClose: () => void;
}

/** SPEC 3 / 4: layout preferences, each stored under an app-title-prefixed key. */
export function Customizer({ open, onClose }: TCustomizerProps) {
  const { t } = useTranslation();
  const { settings, layout, update, setNavDirection, reset } = useLayoutSettings();

  const choice = <K extends TChoiceKey>(key: K, onChange?: (value: TLayoutSettings[K]) => void) => (
    <ToggleButtonGroup
      exclusive
      fullWidth
      size="small"
      color="primary"
      value={settings[key]}
      aria-label={t(`customizer.${key}`)}
      onChange={(_, value: TLayoutSettings[K] | null) => {
        if (value === null) return;
        if (onChange) onChange(value);
        else update({ [key]: value } as Partial<TLayoutSettings>);
      }}
    >
      {CHOICES[key].map((value) => (
        <ToggleButton key={value} value={value}>
          {t(`customizer.values.${value}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );

  const toggle = (key: 'semiDarkNav' | 'navbarBlur' | 'navCollapsed' | 'isRtl', disabled = false) => (
    <FormControlLabel
      disabled={disabled}
      control={<Switch checked={settings[key]} onChange={(_, checked) => update({ [key]: checked })} />}
      label={t(`customizer.${key}`)}
    />
  );

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 360, maxWidth: '100vw' } } }}
    >
      <CardHeading
        title={t('customizer.title')}
        help={t('customizer.subtitle')}
        sx={{ px: 2.5, py: 2, flexWrap: 'nowrap' }}
        action={
          <IconButton aria-label={t('common.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        }
      />
      <Divider />
      <Stack spacing={3} sx={{ p: 2.5, overflowY: 'auto' }}>
        <Section title={t('customizer.theming')}>
          {choice('theme')}
          {choice('skin')}
          {toggle('semiDarkNav')}
        </Section>
        <Section title={t('customizer.layout')}>
          {choice('navDirection', setNavDirection)}
          {layout.overlayNav && (
            <Typography variant="caption" color="text.secondary">
              {t('customizer.narrow_note')}
            </Typography>
          )}
          {toggle('navCollapsed', settings.navDirection === 'horizontal')}
          {choice('contentWidth')}
        </Section>
        <Section title={t('customizer.navbarType')}>
          {choice('navbarType')}
          {toggle('navbarBlur', settings.navbarType === 'static')}
        </Section>
        <Section title={t('customizer.other')}>
          {toggle('isRtl')}
          {choice('transition')}
        </Section>
        <Button variant="outlined" color="secondary" onClick={reset}>
          {t('customizer.reset')}
        </Button>
      </Stack>
    </Drawer>
  );
}
