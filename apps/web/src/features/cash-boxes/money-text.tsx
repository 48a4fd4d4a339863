import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatCentimes, type TCentimes } from '@cod/shared';

/** An amount shown fr-DZ with DA (SPEC 1), left-to-right even in Arabic, red when negative. */
export function MoneyText({
  amount,
  signed = false,
  ...props
}: { amount: TCentimes; signed?: boolean } & TypographyProps) {
  return (
    <Typography
      component="span"
      dir="ltr"
      variant="body2"
      {...props}
      sx={{
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
        color: signed ? (amount < 0 ? 'error.main' : amount > 0 ? 'success.main' : undefined) : undefined,
        ...props.sx,
      }}
    >
      {signed && amount > 0 ? '+' : ''}
      {formatCentimes(amount)}
    </Typography>
  );
}
