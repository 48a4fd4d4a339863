/**
 * The welcome mail of a shop made from a sign-up (its owner's set-password link), in the language
 * the owner signed up in (docs/decisions/0101), like the daily report's mail (REPORT_LABELS).
 */
export type TMailLocale = 'en' | 'fr' | 'ar';

interface TShopReady {
  owner: string;
  shop: string;
  cqName: string;
  link: string;
  loginUrl: string;
  hours: number;
}

const SHOP_READY: Record<TMailLocale, { subject: string; body: (v: TShopReady) => string }> = {
  en: {
    subject: 'Your shop is ready',
    body: (v) =>
      `Hello ${v.owner},\n\nYour shop "${v.shop}" has been created on the Trial plan (identifier: ${v.cqName}).\n` +
      `Open this link within ${v.hours} hours to choose your password (it works once):\n${v.link}\n` +
      `Then sign in at ${v.loginUrl} with this e-mail.`,
  },
  fr: {
    subject: 'Votre boutique est prête',
    body: (v) =>
      `Bonjour ${v.owner},\n\nVotre boutique « ${v.shop} » a été créée avec la formule d'essai (identifiant : ${v.cqName}).\n` +
      `Ouvrez ce lien dans les ${v.hours} heures pour choisir votre mot de passe (il ne sert qu'une fois) :\n${v.link}\n` +
      `Connectez-vous ensuite sur ${v.loginUrl} avec cet e-mail.`,
  },
  ar: {
    subject: 'متجرك جاهز',
    body: (v) =>
      `مرحبًا ${v.owner}،\n\nتم إنشاء متجرك «${v.shop}» على الباقة التجريبية (المعرّف: ${v.cqName}).\n` +
      `افتح هذا الرابط خلال ${v.hours} ساعة لاختيار كلمة المرور (يعمل مرة واحدة):\n${v.link}\n` +
      `ثم سجّل الدخول من ${v.loginUrl} بهذا البريد الإلكتروني.`,
  },
};

export function shopReadyMail(locale: string, values: TShopReady): { subject: string; body: string } {
  const words = SHOP_READY[locale === 'fr' || locale === 'ar' ? locale : 'en'];
  return { subject: words.subject, body: words.body(values) };
}
