import { ZProductListQuery } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { fieldMatcher } from '../../lib/server-errors';
import { parseNumberInput } from '../../lib/number-input';
import { idParam, parseListParams } from './use-list-state';

describe('parseListParams (the URL is the list state)', () => {
  it('reads paging and filters with the shared schema', () => {
    const query = parseListParams(
      ZProductListQuery,
      new URLSearchParams('search=mug&page=3&per_page=50&low_stock=true'),
    );
    expect(query).toMatchObject({ search: 'mug', page: 3, per_page: 50, low_stock: true });
  });

  it('drops what the schema refuses instead of failing the page', () => {
    const query = parseListParams(ZProductListQuery, new URLSearchParams('page=abc&per_page=7&active=maybe&search=ok'));
    expect(query).toMatchObject({ page: 1, per_page: 25, search: 'ok' });
    expect(query.active).toBeUndefined();
  });

  it('reads a dialog id only when it is a positive integer', () => {
    expect(idParam(new URLSearchParams('id=12'))).toBe(12);
    expect(idParam(new URLSearchParams('id=-1'))).toBeNull();
    expect(idParam(new URLSearchParams('id=x'))).toBeNull();
  });
});

describe('fieldMatcher', () => {
  it('matches nested array paths by their pattern', () => {
    const isField = fieldMatcher(['sku', 'variants.*.sku', 'variants.*.attributes.*.name']);
    expect(isField('sku')).toBe(true);
    expect(isField('variants.12.sku')).toBe(true);
    expect(isField('variants.0.attributes.3.name')).toBe(true);
    expect(isField('variants.x.sku')).toBe(false);
    expect(isField('stock')).toBe(false);
  });
});

describe('parseNumberInput', () => {
  it('reads the ways sellers type amounts', () => {
    expect(parseNumberInput('2500')).toBe(2500);
    expect(parseNumberInput('2 500,50')).toBe(2500.5);
    expect(parseNumberInput('١٢٠٠')).toBe(1200);
    expect(parseNumberInput('  ')).toBeUndefined();
    expect(parseNumberInput('abc')).toBeNaN();
  });
});
