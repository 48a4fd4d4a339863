import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { permissionMatrix } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { permissionLabel } from './permission-label';

const MATRIX = permissionMatrix();

/**
 * The roles screen's matrix (issue 18.2): every permission under its sidebar area. A permission the
 * viewer does not hold is disabled with the reason (decision 0139): the server would refuse it.
 */
export function PermissionGrid({
  granted,
  locked,
  isWithheld,
  onToggle: toggle,
}: {
  granted: ReadonlySet<string>;
  locked: boolean;
  isWithheld: (permission: string) => boolean;
  onToggle: (permission: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
      {MATRIX.map((area) => (
        <Box key={area.key} data-testid={`area-${area.key}`}>
          <Typography variant="subtitle2" color="primary" sx={{ fontWeight: 700 }}>
            {area.key === 'other' ? t('team.roles.area_misc') : t(`nav.${area.key}`)}
          </Typography>
          {area.permissions.map((permission) => {
            const withheld = isWithheld(permission);
            const row = (
              <FormControlLabel
                key={permission}
                sx={{ display: 'flex', m: 0 }}
                control={
                  <Checkbox
                    size="small"
                    checked={granted.has(permission)}
                    disabled={locked || withheld}
                    onChange={(e) => toggle(permission, e.target.checked)}
                    inputProps={
                      {
                        'aria-label': permission,
                        'data-permission': permission,
                        'data-not-held': withheld || undefined,
                      } as object
                    }
                  />
                }
                label={<Typography variant="body2">{permissionLabel(t, permission)}</Typography>}
              />
            );
            return withheld ? (
              <Tooltip key={permission} title={t('team.roles.not_held')} placement="top-start">
                <span>{row}</span>
              </Tooltip>
            ) : (
              row
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
