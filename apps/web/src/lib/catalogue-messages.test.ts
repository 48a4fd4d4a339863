import { CATALOGUE_MESSAGES } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import catalogueAr from '../../locales/catalogue/ar.json';
import catalogueEn from '../../locales/catalogue/en.json';
import catalogueFr from '../../locales/catalogue/fr.json';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { translateCatalogueMessage } from './catalogue-messages';

function i18nFor(language: 'en' | 'fr' | 'ar') {
  const bundles = { en: [en, catalogueEn], fr: [fr, catalogueFr], ar: [ar, catalogueAr] }[language];
  const instance = createI18n(language, { [language]: { translation: bundles[0]! } });
  instance.addResourceBundle(language, 'translation', bundles[1]!, true, false);
  return instance;
}

describe('translateCatalogueMessage', () => {
  it('maps every fixed shared message to a sentence of each language (no key leaks through)', () => {
    for (const language of ['en', 'fr', 'ar'] as const) {
      const { t } = i18nFor(language);
      for (const message of Object.values(CATALOGUE_MESSAGES)) {
        if (typeof message !== 'string') continue;
        const translated = translateCatalogueMessage(t, message)!;
        expect(translated).not.toMatch(/^validation\.|^customers\.|^products\./);
        if (language !== 'en') expect(translated).not.toBe(message);
      }
    }
  });

  it('keeps the field and the numbers of the "The {field} ..." family', () => {
    const fr = i18nFor('fr').t;
    expect(translateCatalogueMessage(fr, 'The cost price field is required.')).toBe(
      'Le champ prix de revient est obligatoire.',
    );
    expect(translateCatalogueMessage(fr, 'The name may not be greater than 190 characters.')).toBe(
      'Le champ nom ne peut pas dépasser 190 caractères.',
    );
    expect(translateCatalogueMessage(fr, 'The quantity may not be less than -1000000.')).toBe(
      'Le champ quantité doit être au moins -1000000.',
    );
    const english = i18nFor('en').t;
    expect(translateCatalogueMessage(english, 'The selected provider is invalid.')).toBe(
      'The selected provider is invalid.',
    );
  });

  it("names the product in the stock message, in the user's language", () => {
    const message = 'Insufficient stock for "T-shirt - Black / XL"';
    expect(translateCatalogueMessage(i18nFor('en').t, message)).toBe(message);
    expect(translateCatalogueMessage(i18nFor('ar').t, message)).toBe('المخزون غير كافٍ لـ «T-shirt - Black / XL»');
  });

  it('shows an unknown sentence as the server wrote it', () => {
    expect(translateCatalogueMessage(i18nFor('fr').t, 'Something new.')).toBe('Something new.');
  });
});

describe('translateCatalogueMessage: 404s', () => {
  it('says "not found" the same way for every kind of row', () => {
    const fr = i18nFor('fr').t;
    expect(translateCatalogueMessage(fr, 'Product not found.')).toBe('Introuvable : il a peut-être été supprimé.');
    expect(translateCatalogueMessage(fr, 'Sales channel not found.')).toBe(
      'Introuvable : il a peut-être été supprimé.',
    );
  });
});
