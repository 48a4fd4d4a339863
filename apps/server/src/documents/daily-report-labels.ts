/** The daily report's own words for its PDF and its e-mail, in the app's three languages. */
export type TReportLocale = 'en' | 'fr' | 'ar';

export type TReportLine =
  | 'created'
  | 'confirmed'
  | 'cancelled'
  | 'dispatched'
  | 'delivered'
  | 'returned'
  | 'revenue_delivered'
  | 'confirmation_rate'
  | 'delivery_rate'
  | 'open_undecided';

interface TReportLabels {
  title: string;
  subject: (shop: string, day: string) => string;
  greeting: (name: string) => string;
  intro: (day: string) => string;
  printed: string;
  day: string;
  previous: string;
  none: string;
  agents: string;
  agentColumns: { name: string; decided: string; confirmed: string; delivered: string };
  lines: Record<TReportLine, string>;
  footer: string;
}

export const REPORT_LABELS: Record<TReportLocale, TReportLabels> = {
  en: {
    title: 'Daily report',
    subject: (shop, day) => `${shop}: daily report for ${day}`,
    greeting: (name) => `Hello ${name},`,
    intro: (day) => `Here is your shop's day of ${day}.`,
    printed: 'Printed',
    day: 'Day',
    previous: 'Day before',
    none: 'No agent activity this day.',
    agents: 'Agents',
    agentColumns: { name: 'Agent', decided: 'Handled', confirmed: 'Confirmed', delivered: 'Delivered' },
    lines: {
      created: 'New orders',
      confirmed: 'Confirmed',
      cancelled: 'Cancelled',
      dispatched: 'Dispatched',
      delivered: 'Delivered',
      returned: 'Returned',
      revenue_delivered: 'Revenue (delivered)',
      confirmation_rate: 'Confirmation rate',
      delivery_rate: 'Delivery rate',
      open_undecided: 'Still to confirm',
    },
    footer: 'Change the hour of this e-mail, or stop it, in Shop settings.',
  },
  fr: {
    title: 'Rapport quotidien',
    subject: (shop, day) => `${shop} : rapport quotidien du ${day}`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (day) => `Voici la journée de votre boutique du ${day}.`,
    printed: 'Imprimé le',
    day: 'Jour',
    previous: 'Veille',
    none: 'Aucune activité des agents ce jour-là.',
    agents: 'Agents',
    agentColumns: { name: 'Agent', decided: 'Traitées', confirmed: 'Confirmées', delivered: 'Livrées' },
    lines: {
      created: 'Nouvelles commandes',
      confirmed: 'Confirmées',
      cancelled: 'Annulées',
      dispatched: 'Expédiées',
      delivered: 'Livrées',
      returned: 'Retournées',
      revenue_delivered: "Chiffre d'affaires (livrées)",
      confirmation_rate: 'Taux de confirmation',
      delivery_rate: 'Taux de livraison',
      open_undecided: 'Encore à confirmer',
    },
    footer: "Changez l'heure de cet e-mail, ou arrêtez-le, dans Paramètres de la boutique.",
  },
  ar: {
    title: 'التقرير اليومي',
    subject: (shop, day) => `${shop}: التقرير اليومي ليوم ${day}`,
    greeting: (name) => `مرحبًا ${name}،`,
    intro: (day) => `إليك حصيلة متجرك ليوم ${day}.`,
    printed: 'طُبع في',
    day: 'اليوم',
    previous: 'اليوم السابق',
    none: 'لا يوجد نشاط للوكلاء في هذا اليوم.',
    agents: 'الوكلاء',
    agentColumns: { name: 'الوكيل', decided: 'المعالجة', confirmed: 'المؤكدة', delivered: 'المسلّمة' },
    lines: {
      created: 'طلبيات جديدة',
      confirmed: 'مؤكدة',
      cancelled: 'ملغاة',
      dispatched: 'مُرسلة',
      delivered: 'مسلّمة',
      returned: 'مرتجعة',
      revenue_delivered: 'رقم الأعمال (المسلّمة)',
      confirmation_rate: 'نسبة التأكيد',
      delivery_rate: 'نسبة التسليم',
      open_undecided: 'في انتظار التأكيد',
    },
    footer: 'يمكنك تغيير ساعة هذا البريد أو إيقافه من إعدادات المتجر.',
  },
};

export const isReportLocale = (value: string): value is TReportLocale =>
  value === 'en' || value === 'fr' || value === 'ar';
