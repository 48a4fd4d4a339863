import { describe, expect, it } from 'vitest';
import { tutorialSectionOf, tutorialText, ZTutorialInput } from './tutorials.js';

const base = {
  title_en: '',
  title_fr: 'Confirmer',
  title_ar: 'تأكيد',
  description_en: '',
  description_fr: 'Appelez.',
  description_ar: '',
};

describe('tutorials (issue 19.9)', () => {
  it('shows the user’s language, or the first other language with a title', () => {
    expect(tutorialText(base, 'fr')).toEqual({ title: 'Confirmer', description: 'Appelez.', locale: 'fr' });
    // Arabic title, no Arabic description: the description falls back too.
    expect(tutorialText(base, 'ar')).toEqual({ title: 'تأكيد', description: 'Appelez.', locale: 'ar' });
    // No English: French comes next.
    expect(tutorialText(base, 'en')).toMatchObject({ title: 'Confirmer', locale: 'fr' });
    expect(tutorialText({ ...base, title_fr: '' }, 'en')).toMatchObject({ title: 'تأكيد', locale: 'ar' });
  });

  it('maps a screen to its section', () => {
    const screensOf = {
      orders: ['/dashboard/orders', '/dashboard/orders/import', '/orders'],
      shipping: ['/dashboard/shipping-companies'],
      money: ['/dashboard/expenses'],
      general: ['/dashboard', '/dashboard/tutorials'],
    };
    for (const [section, screens] of Object.entries(screensOf)) {
      for (const screen of screens) expect(tutorialSectionOf(screen), screen).toBe(section);
    }
  });

  it('accepts https links only and needs one title', () => {
    const ok = { ...base, video_url: 'https://youtu.be/abc', section: 'orders', position: '2' };
    expect(ZTutorialInput.parse(ok)).toMatchObject({ video_url: 'https://youtu.be/abc', position: 2 });
    for (const link of ['http://youtu.be/abc', 'javascript:alert(1)', 'data:text/html,x', 'https://localhost/x']) {
      expect(ZTutorialInput.safeParse({ ...ok, video_url: link }).success, link).toBe(false);
    }
    expect(ZTutorialInput.parse({ ...ok, video_url: '' }).video_url).toBeNull();
    expect(ZTutorialInput.safeParse({ ...ok, title_fr: ' ', title_ar: '' }).success).toBe(false);
  });
});
