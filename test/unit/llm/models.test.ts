import { strict as assert } from 'node:assert';
import { lookupModel, UNKNOWN_MODEL_DEFAULTS } from '../../../src/core/llm/anthropic/models';
import { loadPiAi } from '../../support/pi';

describe('llm/anthropic: model table', () => {
  it('gives pi-ai\'s context window, output limit, prices and thinking support for every Anthropic model pi-ai lists', async () => {
    const ai = await loadPiAi();
    const models = ai.getModels('anthropic');
    assert.ok(models.length >= 18, `pi-ai lists ${models.length} models`);
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

  it('never takes a later minor version for its major one: claude-opus-4-8 is not Opus 4, an unlisted claude-opus-4-9 is unknown', () => {
    assert.deepEqual(lookupModel('claude-opus-4-8').pricing, { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 });
    assert.equal(lookupModel('claude-opus-4-8').contextWindow, 1_000_000);
    assert.equal(lookupModel('claude-opus-4-9').known, false);
    assert.equal(lookupModel('claude-opus-4-9-20270101').known, false);
    assert.deepEqual(lookupModel('claude-opus-4-20250514').pricing, { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 });
    assert.equal(lookupModel('claude-3-5-haiku-latest').maxOutputTokens, 8_192);
    assert.equal(lookupModel('claude-sonnet-5-20270101').contextWindow, 1_000_000);
    assert.equal(lookupModel('claude-fable-5-3').known, false);
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
