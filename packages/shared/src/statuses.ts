/**
 * The types of an order still on its way (orders/status-rules): not yet delivered, returned or
 * cancelled. They count as possible duplicates of a new order.
 */
export const OPEN_STATUS_TYPES = ['new', 'pending', 'confirmed', 'reported', 'follow-up', 'inDispatch'] as const;
/** SPEC 3: the nine status types, the open ones first; SPEC 4: which tab shows which types. */
export const STATUS_TYPES = [...OPEN_STATUS_TYPES, 'delivered', 'returned', 'cancelled'] as const;
export type TStatusType = (typeof STATUS_TYPES)[number];

export const ORDER_TABS = [
  'inProcess',
  'ready',
  'inDispatch',
  'inDelivery',
  'delivered',
  'returned',
  'cancelled',
  'all',
  'deleted',
] as const;
export type TOrderTab = (typeof ORDER_TABS)[number];

/** A status name per interface language (issue 12.2, docs/decisions/0055); any may be missing. */
export type TStatusNames = Partial<Record<'en' | 'fr' | 'ar', string>>;

export interface TStatus {
  id: number;
  name: string;
  type: TStatusType;
  color: string;
  display_name: string;
  /** Translations; the list of /dashboard/statuses always carries them, order rows do not. */
  names?: TStatusNames;
  position?: number;
  active?: boolean;
  /** The first status of its type: it cannot be removed or deactivated (issue 18.3). */
  is_system?: boolean;
}

/**
 * The one rule for a status label (issue 12.2): the name in the interface language, else the
 * shop's own display name, else the technical name.
 */
export function statusLabel(
  status: { display_name?: string | null; name: string; names?: TStatusNames | null },
  language: string,
): string {
  const lang = language.slice(0, 2) as keyof TStatusNames;
  return status.names?.[lang]?.trim() || status.display_name || status.name;
}

/** A sensible default set covering all nine types (seeded per tenant). */
export const DEFAULT_STATUSES: ReadonlyArray<Omit<TStatus, 'id'> & { names: TStatusNames }> = [
  {
    name: 'new',
    type: 'new',
    color: '#7367F0',
    display_name: 'New',
    names: { en: 'New', fr: 'Nouvelle', ar: 'جديدة' },
  },
  {
    name: 'no_answer',
    type: 'pending',
    color: '#FF9F43',
    display_name: 'No answer',
    names: { en: 'No answer', fr: 'Pas de réponse', ar: 'لا يوجد رد' },
  },
  {
    name: 'call_back',
    type: 'pending',
    color: '#FFB400',
    display_name: 'Call back later',
    names: { en: 'Call back later', fr: 'Rappeler plus tard', ar: 'إعادة الاتصال لاحقاً' },
  },
  {
    name: 'confirmed',
    type: 'confirmed',
    color: '#28C76F',
    display_name: 'Confirmed',
    names: { en: 'Confirmed', fr: 'Confirmée', ar: 'مؤكدة' },
  },
  {
    name: 'reported',
    type: 'reported',
    color: '#00CFE8',
    display_name: 'Postponed',
    names: { en: 'Postponed', fr: 'Reportée', ar: 'مؤجلة' },
  },
  {
    name: 'in_dispatch',
    type: 'inDispatch',
    color: '#3F51B5',
    display_name: 'Dispatched',
    names: { en: 'Dispatched', fr: 'Expédiée', ar: 'تم الإرسال' },
  },
  {
    name: 'out_for_delivery',
    type: 'follow-up',
    color: '#9C27B0',
    display_name: 'Out for delivery',
    names: { en: 'Out for delivery', fr: 'En cours de livraison', ar: 'قيد التوصيل' },
  },
  {
    name: 'delivered',
    type: 'delivered',
    color: '#1B5E20',
    display_name: 'Delivered',
    names: { en: 'Delivered', fr: 'Livrée', ar: 'تم التوصيل' },
  },
  {
    name: 'returned',
    type: 'returned',
    color: '#EA5455',
    display_name: 'Returned',
    names: { en: 'Returned', fr: 'Retournée', ar: 'مرتجعة' },
  },
  {
    name: 'cancelled',
    type: 'cancelled',
    color: '#82868B',
    display_name: 'Cancelled',
    names: { en: 'Cancelled', fr: 'Annulée', ar: 'ملغاة' },
  },
  {
    name: 'duplicate',
    type: 'cancelled',
    color: '#A8AAAE',
    display_name: 'Duplicate',
    names: { en: 'Duplicate', fr: 'Doublon', ar: 'مكررة' },
  },
];
