import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { answersList, defineRoute, ok, type PathParams } from '../../server/api/route';
import { apiRoutes } from '../../server/api/routes';

// The type checks below are proved by `npm run typecheck` (tsc reads test/): a route whose handler
// reads a parameter its path does not name, or a list route that also says `answersList`, fails it.
describe('route definitions', () => {
  it('types path parameters from the path string', () => {
    expectTypeOf<PathParams<'/refunds/:id'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<PathParams<'/a/:first/b/:second/c'>>().toEqualTypeOf<{ first: string; second: string }>();
    expectTypeOf<keyof PathParams<'/refunds'>>().toEqualTypeOf<never>();

    const route = defineRoute({
      method: 'GET',
      path: '/things/:id',
      operationId: 'getThing',
      summary: 'Get a thing',
      tag: 'Things',
      resourceKey: 'things',
      kind: 'read',
      status: 200,
      async handler({ params }) {
        expectTypeOf(params.id).toEqualTypeOf<string>();
        // @ts-expect-error -- `/things/:id` names no `other` parameter
        void params.other;
        return ok('things', { id: params.id });
      },
    });
    expect(route.path).toBe('/things/:id');
  });

  it('says a list answer one way only', () => {
    defineRoute({
      method: 'GET',
      path: '/things',
      operationId: 'listThings',
      summary: 'List things',
      tag: 'Things',
      resourceKey: 'things',
      kind: 'list',
      status: 200,
      // @ts-expect-error -- a list route answers a list by its kind; only an action says `answersList`
      answersList: true,
      query: z.strictObject({}),
      handler: async () => ok('things', []),
    });
    const lists = apiRoutes.filter(answersList);
    expect(lists.filter((r) => r.kind !== 'list').map((r) => r.operationId)).toEqual([
      'blockByReference',
      'runBankSubmissions',
    ]);
    expect(lists.length).toBe(apiRoutes.filter((r) => r.kind === 'list').length + 2);
  });
});
