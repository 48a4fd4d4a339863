import { z } from 'zod';
import { m } from '../messages/message.js';
import { fieldRequired } from '../catalogue/messages.js';

/**
 * Tutorials (issue 19.9, docs/decisions/0100): written by central administrators in en/fr/ar,
 * read by every shop in its user's language (another language when that one is empty).
 */

/** The parts of the app a tutorial is about; the top bar's video icon opens the current one's. */
export const TUTORIAL_SECTIONS = [
  'general',
  'orders',
  'products',
  'stock',
  'customers',
  'shipping',
  'money',
  'analytics',
  'team',
  'settings',
] as const;
export type TTutorialSection = (typeof TUTORIAL_SECTIONS)[number];

export const TUTORIAL_LOCALES = ['en', 'fr', 'ar'] as const;
export type TTutorialLocale = (typeof TUTORIAL_LOCALES)[number];

/** The first path segment after /dashboard that belongs to each section (the rest is general). */
const SECTION_PATHS: Record<string, TTutorialSection> = {
  orders: 'orders',
  cases: 'orders',
  'call-queue': 'orders',
  products: 'products',
  providers: 'products',
  stock: 'stock',
  customers: 'customers',
  'shipping-companies': 'shipping',
  'sales-channels': 'settings',
  expenses: 'money',
  incomes: 'money',
  'cash-boxes': 'money',
  remittances: 'money',
  analytics: 'analytics',
  users: 'team',
  'roles-permissions': 'team',
  'audit-log': 'team',
  statuses: 'settings',
  'shop-settings': 'settings',
  webhooks: 'settings',
};

/** The section of the screen at `pathname` (/dashboard/orders/... is 'orders'). */
export function tutorialSectionOf(pathname: string): TTutorialSection {
  const [, first, second] = pathname.split('/');
  const segment = first === 'dashboard' ? second : first;
  return (segment && SECTION_PATHS[segment]) || 'general';
}

export const MAX_TUTORIAL_TITLE = 160;
export const MAX_TUTORIAL_DESCRIPTION = 2000;
export const MAX_TUTORIAL_POSITION = 10_000;

const text = (max: number, field: 'title' | 'description') =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: m('validation.invalid') })
      .trim()
      .max(max, m('validation.too_long', { field, max })),
  );

/** https://, a host name with a dot (no user:password@, no bare host), then an optional path. */
const HTTPS_LINK = /^https:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** An https address only: the web embeds or opens it, so no http:, javascript: or data: link. */
const zVideoUrl = z.preprocess(
  (v) => (v === '' || v == null ? null : v),
  z
    .string({ error: m('tutorial.video_https') })
    .trim()
    .max(500, m('validation.too_long', { field: 'video link', max: 500 }))
    .refine((v) => HTTPS_LINK.test(v), m('tutorial.video_https'))
    .nullable(),
);

/** A tutorial as the central form sends it (JSON, or the text fields of a multipart upload). */
export const ZTutorialInput = z
  .object({
    title_en: text(MAX_TUTORIAL_TITLE, 'title'),
    title_fr: text(MAX_TUTORIAL_TITLE, 'title'),
    title_ar: text(MAX_TUTORIAL_TITLE, 'title'),
    description_en: text(MAX_TUTORIAL_DESCRIPTION, 'description'),
    description_fr: text(MAX_TUTORIAL_DESCRIPTION, 'description'),
    description_ar: text(MAX_TUTORIAL_DESCRIPTION, 'description'),
    video_url: zVideoUrl,
    section: z.enum(TUTORIAL_SECTIONS, { error: m('validation.selected_invalid', { field: 'section' }) }),
    position: z.preprocess(
      (v) => (v === '' || v == null ? 0 : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: fieldRequired('position') })
        .int(m('validation.whole_number', { field: 'position' }))
        .min(0, m('validation.min', { field: 'position', min: 0 }))
        .max(MAX_TUTORIAL_POSITION, m('validation.max', { field: 'position', max: MAX_TUTORIAL_POSITION })),
    ),
    /** On an edit: drop the uploaded file (a video link must then remain). */
    remove_file: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional(),
  })
  .refine((v) => Boolean(v.title_en || v.title_fr || v.title_ar), {
    message: m('tutorial.title_required'),
    path: ['title_en'],
  });
export type TTutorialInput = z.input<typeof ZTutorialInput>;

/** A tutorial as both realms read it: every language, the web picks (tutorialText). */
export interface TTutorial {
  id: number;
  title_en: string;
  title_fr: string;
  title_ar: string;
  description_en: string;
  description_fr: string;
  description_ar: string;
  video_url: string | null;
  /** The uploaded file's original name and checked type; `file` is its download name (random). */
  file_name: string | null;
  file_type: string | null;
  file: string | null;
  section: TTutorialSection;
  position: number;
  archived: boolean;
  updated_at: string;
}

/**
 * A tutorial's title and description in `locale`, or in the first other language that has a
 * title (English, then French, then Arabic), so a tutorial written in one language still shows.
 */
export function tutorialText(
  tutorial: Pick<
    TTutorial,
    'title_en' | 'title_fr' | 'title_ar' | 'description_en' | 'description_fr' | 'description_ar'
  >,
  locale: string,
): { title: string; description: string; locale: TTutorialLocale } {
  const wanted = (TUTORIAL_LOCALES as readonly string[]).includes(locale) ? (locale as TTutorialLocale) : 'en';
  const order = [wanted, ...TUTORIAL_LOCALES.filter((l) => l !== wanted)];
  const chosen = order.find((l) => tutorial[`title_${l}`].trim() !== '') ?? wanted;
  const description =
    tutorial[`description_${chosen}`] || order.map((l) => tutorial[`description_${l}`]).find(Boolean) || '';
  return { title: tutorial[`title_${chosen}`], description, locale: chosen };
}
