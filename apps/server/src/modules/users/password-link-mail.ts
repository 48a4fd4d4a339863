import type { TMailLocale } from '../waiting-list/shop-ready-mail.js';

/**
 * The set-password mails of the team screen (an invitation, or a reset link), in the recipient's
 * language: an invited user starts with the language of the person who invited them (docs/decisions/0122).
 */
export type TLinkPurpose = 'invite' | 'reset';

interface TLinkMail {
  name: string;
  link: string;
  hours: number;
}

type TWords = Record<TLinkPurpose, { subject: string; body: (v: TLinkMail) => string }>;

const WORDS: Record<TMailLocale, TWords> = {
  en: {
    invite: {
      subject: 'You are invited to the shop',
      body: (v) =>
        `Hello ${v.name},\n\nYou have been given an account. Open this link within ${v.hours} hours to choose your password (it works once):\n${v.link}`,
    },
    reset: {
      subject: 'Choose a new password',
      body: (v) =>
        `Hello ${v.name},\n\nOpen this link within ${v.hours} hours to choose a new password (it works once):\n${v.link}`,
    },
  },
  fr: {
    invite: {
      subject: 'Vous êtes invité dans la boutique',
      body: (v) =>
        `Bonjour ${v.name},\n\nUn compte vous a été créé. Ouvrez ce lien dans les ${v.hours} heures pour choisir votre mot de passe (il ne sert qu'une fois) :\n${v.link}`,
    },
    reset: {
      subject: 'Choisissez un nouveau mot de passe',
      body: (v) =>
        `Bonjour ${v.name},\n\nOuvrez ce lien dans les ${v.hours} heures pour choisir un nouveau mot de passe (il ne sert qu'une fois) :\n${v.link}`,
    },
  },
  ar: {
    invite: {
      subject: 'تمت دعوتك إلى المتجر',
      body: (v) =>
        `مرحبًا ${v.name}،\n\nتم إنشاء حساب لك. افتح هذا الرابط خلال ${v.hours} ساعة لاختيار كلمة المرور (يعمل مرة واحدة):\n${v.link}`,
    },
    reset: {
      subject: 'اختر كلمة مرور جديدة',
      body: (v) =>
        `مرحبًا ${v.name}،\n\nافتح هذا الرابط خلال ${v.hours} ساعة لاختيار كلمة مرور جديدة (يعمل مرة واحدة):\n${v.link}`,
    },
  },
};

export function passwordLinkMail(locale: string, purpose: TLinkPurpose, values: TLinkMail) {
  const words = WORDS[locale === 'fr' || locale === 'ar' ? locale : 'en'][purpose];
  return { subject: words.subject, body: words.body(values) };
}
