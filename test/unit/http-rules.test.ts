import { describe, expect, it } from 'vitest';
import { acceptsJson, isJsonContentType } from '../../server/api/body';
import { parseQuery } from '../../server/api/query';
import { createRouter } from '../../server/api/router';
import { negotiateLanguage } from '../../i18n/languages';
import type { RouteDef } from '../../server/api/route';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['de-DE,de;q=0.9', 'de'],
    ['ja, sv;q=0.5', 'sv'],
    ['en;q=0.1, da;q=0.8', 'da'],
    ['no', 'nb'],
    ['pt-BR', 'pt'],
    ['*', 'en'],
    ['fr;q=0', 'en'],
  ])('%j → %s', (header, lang) => {
    expect(negotiateLanguage(header)).toBe(lang);
  });
});

describe('media types', () => {
  it.each([
    ['application/json', true],
    ['application/vnd.api+json', true],
    ['*/*', true],
    ['application/*;q=0.2', true],
    ['text/html', false],
    ['application/json;q=0', false],
    [null, false],
  ])('Accept %j admits JSON: %s', (accept, expected) => {
    expect(acceptsJson(accept)).toBe(expected);
  });

  it('reads Content-Type without its parameters', () => {
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('Application/JSON')).toBe(true);
    expect(isJsonContentType('text/json')).toBe(false);
  });
});

describe('parseQuery', () => {
  it('nests bracketed keys as the client libraries send them', () => {
    const q = parseQuery(
      new URLSearchParams('created_at%5Bgt%5D=2024-01-01T00%3A00%3A00.000Z&status=active%2Ccancelled&limit=5'),
    );
    expect(q).toEqual({ created_at: { gt: '2024-01-01T00:00:00.000Z' }, status: 'active,cancelled', limit: '5' });
  });
});

describe('router', () => {
  const route = (method: 'GET' | 'POST', path: string) => ({ method, path }) as unknown as RouteDef;
  const router = createRouter([
    route('GET', '/blocks/:id'),
    route('POST', '/blocks/block_by_ref'),
    route('GET', '/blocks'),
  ]);

  it('prefers static segments over parameters', () => {
    const m = router.match('POST', '/blocks/block_by_ref');
    expect(m.kind === 'found' && m.route.path).toBe('/blocks/block_by_ref');
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('DELETE', '/blocks').kind).toBe('method_not_allowed');
    expect(router.match('GET', '/nope').kind).toBe('not_found');
    expect(router.match('GET', '/blocks/a/b').kind).toBe('not_found');
  });

  it('decodes parameters and refuses malformed encoding', () => {
    const m = router.match('GET', '/blocks/BLC%31');
    expect(m.kind === 'found' && m.params.id).toBe('BLC1');
    expect(router.match('GET', '/blocks/%E0%A4%A').kind).toBe('not_found');
  });
});
