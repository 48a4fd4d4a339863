import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface TStockFiguresProps {
  onHand: number;
  reserved: number;
  available: number;
  /** The on-hand figure after the change being typed, when there is one. */
  after?: number | null;
}

/** On hand, reserved by confirmed orders, available to sell (docs/decisions/0008). */
export function StockFigures({ onHand, reserved, available, after }: TStockFiguresProps) {
  const { t } = useTranslation();
  const figures: Array<[string, number, string?]> = [
    [t('stock.on_hand'), onHand],
    [t('stock.reserved'), reserved],
    [t('stock.available'), available],
  ];
  if (after !== undefined && after !== null)
    figures.push([t('stock.after'), after, after < reserved ? 'error.main' : 'primary.main']);
  return (
    <Box
      data-testid="stock-figures"
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(${figures.length}, 1fr)`,
        gap: 1,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      {figures.map(([label, value, color]) => (
        <Box key={label} sx={{ textAlign: 'center', minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            {label}
          </Typography>
          <Typography variant="h6" component="div" sx={{ color }}>
            <bdi>{value}</bdi>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
