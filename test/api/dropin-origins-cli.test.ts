import { describe, expect, it } from 'vitest';
import { useCliStore } from '../support/cli-store';

/** `npm run cli -- dropin-origins …` as a real process on the store under test (docs/dropin.md). */
const { cli } = useCliStore('dropin-origins');

describe('npm run cli -- dropin-origins', () => {
  it('adds, lists and removes the origins allowed to frame the drop-in; refuses what is not an origin', async () => {
    const org = (await cli('organisations', 'create', '--name', 'Dropin Ltd')).json;
    const added = await cli('dropin-origins', 'add', '--organisation', org.id, 'https://Shop.Example/');
    expect(added.code).toBe(0);
    expect(added.json).toMatchObject({ organisation_id: org.id, origin: 'https://shop.example' });
    // Adding it again changes nothing.
    expect((await cli('dropin-origins', 'add', '--organisation', org.id, 'https://shop.example')).code).toBe(0);
    expect((await cli('dropin-origins', 'add', '--organisation', org.id, 'http://localhost:8080')).code).toBe(0);
    const listed = await cli('dropin-origins', 'list', '--organisation', org.id);
    expect(listed.json.map((row: { origin: string }) => row.origin)).toEqual([
      'http://localhost:8080',
      'https://shop.example',
    ]);

    const removed = await cli('dropin-origins', 'remove', '--organisation', org.id, 'https://shop.example');
    expect(removed.json).toMatchObject({ removed: true });
    expect((await cli('dropin-origins', 'list', '--organisation', org.id)).json).toHaveLength(1);

    for (const bad of ['http://shop.example', 'https://shop.example/checkout', 'shop.example', '*'])
      expect((await cli('dropin-origins', 'add', '--organisation', org.id, bad)).code, bad).toBe(64);
    expect((await cli('dropin-origins', 'add', 'https://shop.example')).code).toBe(64);
    const unknown = await cli(
      'dropin-origins',
      'add',
      '--organisation',
      'OR00000000000000000000000000',
      'https://a.example',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('resource_not_found');
    // Each run is a process migrating its store: slower than the default test timeout.
  }, 180_000);
});
