import { strict as assert } from 'node:assert';
import { lookupModel, UNKNOWN_MODEL_DEFAULTS } from '../../../src/core/llm/anthropic/models';
import { loadPiAi } from '../../support/pi';

/** Retired before Arbor existed; pi-ai still lists it (with a cache-write price the API never had). */
const NOT_IN_OUR_TABLE = ['claude-3-sonnet-20240229'];

describe('llm/anthropic: model table', () => {
  it('gives pi-ai\'s context window, output limit, prices and thinking support for every Anthropic model pi-ai lists', async () => {
    const ai = await loadPiAi();
    const models = ai.getModels('anthropic').filter((m) => !NOT_IN_OUR_TABLE.includes(m.id));
    assert.ok(models.length >= 20, `pi-ai lists ${models.length} models`);
    for (const piModel of models) {
      const ours = lookupModel(piModel.id);
      assert.deepEqual(
        { contextWindow: ours.contextWindow, maxOutputTokens: ours.maxOutputTokens, pricing: ours.pricing, supportsThinking: ours.supportsThinking, known: ours.known },
        { contextWindow: piModel.contextWindow, maxOutputTokens: piModel.maxTokens, pricing: piModel.cost, supportsThinking: piModel.reasoning, known: true },
        piModel.id,
      );
    }
  });

  it('gives an unknown model conservative limits, no prices and known: false', () => {
    assert.deepEqual(lookupModel('my-local-llama'), {
      id: 'my-local-llama',
      contextWindow: UNKNOWN_MODEL_DEFAULTS.contextWindow,
      maxOutputTokens: UNKNOWN_MODEL_DEFAULTS.maxOutputTokens,
      supportsThinking: false,
      supportsImages: true,
      known: false,
    });
  });

  it('matches a family by whole parts of the id: claude-sonnet-45 is not a Sonnet 4, a dated id is its family', () => {
    assert.equal(lookupModel('claude-sonnet-45').known, false);
    assert.equal(lookupModel('claude-sonnet-4-6-20270101').contextWindow, 1_000_000);
  });

  it('applies the settings\' context window and output limit for that model only, ignoring nonsense values', () => {
    const overrides = { 'claude-sonnet-4-5': { contextWindow: 100_000, maxOutputTokens: 4096 }, 'my-proxy': { contextWindow: -5, maxOutputTokens: 1.5 } };
    assert.equal(lookupModel('claude-sonnet-4-5', overrides).contextWindow, 100_000);
    assert.equal(lookupModel('claude-sonnet-4-5', overrides).maxOutputTokens, 4096);
    assert.equal(lookupModel('claude-sonnet-4-5-20250929', overrides).contextWindow, 200_000);
    assert.equal(lookupModel('my-proxy', overrides).contextWindow, UNKNOWN_MODEL_DEFAULTS.contextWindow);
    assert.equal(lookupModel('my-proxy', overrides).maxOutputTokens, UNKNOWN_MODEL_DEFAULTS.maxOutputTokens);
  });
});
