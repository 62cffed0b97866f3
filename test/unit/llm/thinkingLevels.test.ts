import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { THINKING_LEVELS } from '../../../src/core/llm';

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, { enum?: string[]; enumDescriptions?: string[] }> }[] | { properties: Record<string, { enum?: string[]; enumDescriptions?: string[] }> } };
};

function setting(name: string): { enum?: string[]; enumDescriptions?: string[] } {
  const sections = Array.isArray(manifest.contributes.configuration) ? manifest.contributes.configuration : [manifest.contributes.configuration];
  const found = sections.map((section) => section.properties[name]).find((property) => property !== undefined);
  assert.ok(found, name);
  return found;
}

describe('thinking levels', () => {
  let piLevels: string[];

  before(async () => {
    // A model that has every level pi-ai 1.6 knows (its native xhigh and max mapped) lists them all, in pi's order.
    const { getSupportedThinkingLevels } = await import('@earendil-works/pi-ai');
    piLevels = getSupportedThinkingLevels({ reasoning: true, thinkingLevelMap: { xhigh: 'xhigh', max: 'max' } } as never);
  });

  it("offers every level pi-ai 1.6 knows, max included, in arbor.thinking's choices, each with its description", () => {
    assert.deepEqual(piLevels, ['off', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']);
    const thinking = setting('arbor.thinking');
    assert.deepEqual(thinking.enum, piLevels);
    assert.equal(thinking.enumDescriptions?.length, piLevels.length);
  });

  it('reads every one of those levels from the settings and the session (none falls back to off)', () => {
    assert.deepEqual([...THINKING_LEVELS], piLevels);
  });
});
