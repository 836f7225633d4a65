import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const maxLinesOf = async (file: string) => (await new ESLint().calculateConfigForFile(file))?.rules?.['max-lines'];

describe('lint configuration', () => {
  it('warns on a source file past 400 lines, never fails it', async () => {
    for (const file of [
      'server/api/route.ts',
      'app/routes/dashboard.team._index.tsx',
      'server/mail/templates/notices.tsx',
    ])
      expect(await maxLinesOf(file)).toEqual([1, { max: 400, skipBlankLines: true, skipComments: true }]);
  });

  it('leaves translation catalogues and legal texts as long as they are', async () => {
    for (const file of [
      'i18n/de/flow.ts',
      'i18n/de/dashboard.ts',
      'i18n/de/api.ts',
      'i18n/de/mail.ts',
      'i18n/de/mandate.ts',
    ])
      expect(await maxLinesOf(file)).toBeUndefined();
  });
});
