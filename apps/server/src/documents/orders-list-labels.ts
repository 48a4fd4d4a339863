/** The printed list's own words, in the app's three languages (SPEC 9: en, fr, ar). */
export type TListLocale = 'en' | 'fr' | 'ar';

type TColumnNames = Record<
  'index' | 'order' | 'customer' | 'phone' | 'place' | 'products' | 'total' | 'status' | 'date',
  string
>;

interface TListLabels {
  title: string;
  printed: string;
  sum: string;
  page: (n: number) => string;
  count: (n: number) => string;
  columns: TColumnNames;
}

export const LIST_LABELS: Record<TListLocale, TListLabels> = {
  en: {
    title: 'Orders',
    printed: 'Printed',
    sum: 'total to collect',
    page: (n) => `Page ${n}`,
    count: (n) => `${n} order${n === 1 ? '' : 's'}`,
    columns: {
      index: '#',
      order: 'Order',
      customer: 'Customer',
      phone: 'Phone',
      place: 'Wilaya / Commune',
      products: 'Products',
      total: 'Total',
      status: 'Status',
      date: 'Date',
    },
  },
  fr: {
    title: 'Liste des commandes',
    printed: 'Imprimé le',
    sum: 'total à encaisser',
    page: (n) => `Page ${n}`,
    count: (n) => `${n} commande${n > 1 ? 's' : ''}`,
    columns: {
      index: '#',
      order: 'Commande',
      customer: 'Client',
      phone: 'Téléphone',
      place: 'Wilaya / Commune',
      products: 'Produits',
      total: 'Total',
      status: 'Statut',
      date: 'Date',
    },
  },
  ar: {
    title: 'قائمة الطلبيات',
    printed: 'طُبع في',
    sum: 'المبلغ الإجمالي للتحصيل',
    page: (n) => `صفحة ${n}`,
    count: (n) => `${n} طلبية`,
    columns: {
      index: '#',
      order: 'الطلبية',
      customer: 'الزبون',
      phone: 'الهاتف',
      place: 'الولاية / البلدية',
      products: 'المنتجات',
      total: 'المجموع',
      status: 'الحالة',
      date: 'التاريخ',
    },
  },
};
