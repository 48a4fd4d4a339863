import { describe, expect, it } from 'vitest';
import { cityRow, readReferenceFiles, stateRow } from '../../src/db/seed/reference-data.js';
import { restoreLeadingZero } from '../../src/modules/imports/import-row.js';
import { foldPlaceName, placeMatcher } from '../../src/modules/imports/place-matcher.js';

// Issue 6: wilaya and commune by code or French/Arabic name within the wilaya, tolerant of
// accents, hyphens and the aliases of the reference data.
const { wilayas, communes } = await readReferenceFiles();
const places = placeMatcher(wilayas.map(stateRow), communes.map(cityRow));

describe('placeMatcher', () => {
  it('finds a wilaya by code, French name (any accents, case, hyphens), Arabic name or alias', () => {
    for (const text of [
      '34',
      '034',
      '34 - Bordj Bou Arréridj',
      'Bordj Bou Arréridj',
      'bordj-bou-arreridj',
      'BORDJ BOU ARRERIDJ',
      'برج بوعريريج',
    ]) {
      expect(places.state(text), text).toBe(34);
    }
    expect(places.state('Algiers')).toBe(16);
    expect(places.state('الجزائر')).toBe(16);
    expect(places.state('Atlantis')).toBeNull();
    expect(places.state('99')).toBeNull();
  });

  it('finds a commune only within its wilaya, by code, name, Arabic name or alias', () => {
    expect(places.city(16, 'Alger Centre')).toBe(1601);
    expect(places.city(16, 'alger-centre')).toBe(1601);
    expect(places.city(16, 'الجزائر الوسطى')).toBe(1601);
    expect(places.city(16, 'Sidi Mhamed')).toBe(1602);
    expect(places.city(16, "Sidi M'hamed")).toBe(1602);
    expect(places.city(16, '1602')).toBe(1602);
    expect(places.city(34, 'B. B. Arreridj')).toBe(3401);
    // Oran is a commune of wilaya 31, not of Alger.
    expect(places.city(31, 'Oran')).toBe(3101);
    expect(places.city(16, 'Oran')).toBeNull();
    expect(places.city(16, '3101')).toBeNull();
  });

  it('folds Arabic letter variants and vowel marks', () => {
    expect(foldPlaceName('أدرار')).toBe(foldPlaceName('ادرار'));
    expect(foldPlaceName('بِجَايَة')).toBe(foldPlaceName('بجاية'));
  });
});

describe('restoreLeadingZero', () => {
  it('gives back the zero Excel drops from a 9-digit mobile or an 8-digit fixed line', () => {
    expect(restoreLeadingZero('555123456')).toBe('0555123456');
    expect(restoreLeadingZero('21234567')).toBe('021234567');
    expect(restoreLeadingZero('0555123456')).toBe('0555123456');
    expect(restoreLeadingZero('+213555123456')).toBe('+213555123456');
    expect(restoreLeadingZero('12345')).toBe('12345');
  });
});
