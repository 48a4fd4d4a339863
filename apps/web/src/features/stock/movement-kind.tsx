import Chip from '@mui/material/Chip';
import type { TStockMovement, TStockMovementKind } from '@cod/shared';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TStockMovementKind, 'success' | 'info' | 'warning' | 'default' | 'primary' | 'secondary'> = {
  purchase: 'success',
  adjustment: 'info',
  order_reserved: 'warning',
  order_released: 'default',
  order_shipped: 'primary',
  order_returned: 'secondary',
};

export function MovementKindChip({ kind }: { kind: TStockMovementKind }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[kind]} label={t(`stock.kinds.${kind}`)} />;
}

/**
 * What a movement did to the units on hand, signed: a purchase or a return adds, shipping removes,
 * an adjustment is signed already. Reservations do not move units on hand (null: shown unsigned).
 */
export function onHandChange(movement: Pick<TStockMovement, 'kind' | 'quantity'>): number | null {
  switch (movement.kind) {
    case 'purchase':
    case 'order_returned':
      return Math.abs(movement.quantity);
    case 'order_shipped':
      return -Math.abs(movement.quantity);
    case 'adjustment':
      return movement.quantity;
    default:
      return null;
  }
}

export function signedQuantity(movement: Pick<TStockMovement, 'kind' | 'quantity'>): string {
  const change = onHandChange(movement);
  if (change === null) return String(Math.abs(movement.quantity));
  // U+2212 minus: the same width as the plus sign.
  return change > 0 ? `+${change}` : `\u2212${Math.abs(change)}`;
}
