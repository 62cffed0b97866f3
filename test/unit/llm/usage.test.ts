import { strict as assert } from 'node:assert';
import { applyWireUsage, emptyUsage } from '../../../src/core/llm/anthropic/usage';
import { withCost } from '../../../src/core/llm/cost';
import { lookupModel } from '../../../src/core/llm/anthropic/models';
import { loadPiAi } from '../../support/pi';

describe('llm/anthropic: usage and cost', () => {
  it('maps the four counters, totals them and prices them per million tokens (Sonnet 4.5: $3 / $15 / $0.30 / $3.75)', () => {
    const usage = applyWireUsage(emptyUsage(), { input_tokens: 1000, output_tokens: 500, cache_read_input_tokens: 20_000, cache_creation_input_tokens: 4000 }, lookupModel('claude-sonnet-4-5').pricing);
    assert.deepEqual(usage, {
      input: 1000,
      output: 500,
      cacheRead: 20_000,
      cacheWrite: 4000,
      totalTokens: 25_500,
      cost: { input: 0.003, output: 0.0075, cacheRead: 0.006, cacheWrite: 0.015, total: 0.0315, totalFromProvider: false },
    });
  });

  it('keeps the counters a later report leaves out or sends as null (message_delta often carries output only)', () => {
    const pricing = lookupModel('claude-haiku-4-5').pricing;
    const start = applyWireUsage(emptyUsage(), { input_tokens: 200, output_tokens: 1, cache_read_input_tokens: 50, cache_creation_input_tokens: 0 }, pricing);
    const end = applyWireUsage(start, { output_tokens: 40, input_tokens: null }, pricing);
    assert.deepEqual([end.input, end.output, end.cacheRead, end.cacheWrite, end.totalTokens], [200, 40, 50, 0, 290]);
  });

  it('costs nothing for a model without prices', () => {
    const usage = withCost({ input: 10, output: 10, cacheRead: 0, cacheWrite: 0 }, lookupModel('unknown-model').pricing);
    assert.deepEqual(usage.cost, { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0, totalFromProvider: false });
    assert.equal(usage.totalTokens, 20);
  });

  it('computes the same cost as pi-ai for every priced model, below and above a price tier (to a billionth of a cent: pi divides first)', async () => {
    const ai = await loadPiAi();
    // Inputs (input + cache reads + cache writes) of 93 702 and of 100 001 tokens: claude-haiku-5-5 costs more above 100 000.
    const inputs = [
      { input: 1234, output: 567, cacheRead: 89_012, cacheWrite: 3456 },
      { input: 7533, output: 567, cacheRead: 89_012, cacheWrite: 3456 },
    ];
    for (const piModel of ai.getModels('anthropic').filter((m) => lookupModel(m.id).known)) {
      for (const tokens of inputs) {
        const piUsage = { ...tokens, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
        ai.calculateCost(piModel, piUsage);
        assert.deepEqual(roundCost(withCost(tokens, lookupModel(piModel.id).pricing).cost), roundCost(piUsage.cost), piModel.id);
      }
    }
  });

  it('prices claude-haiku-5-5 by its tier once the input is over 100 000 tokens, cache reads and writes included', () => {
    const pricing = lookupModel('claude-haiku-5-5').pricing;
    const at = withCost({ input: 50_000, output: 1_000_000, cacheRead: 50_000, cacheWrite: 0 }, pricing);
    const over = withCost({ input: 50_000, output: 1_000_000, cacheRead: 49_999, cacheWrite: 2 }, pricing);
    assert.deepEqual([at.cost!.input, at.cost!.output], [0.005, 0.5]);
    assert.deepEqual([over.cost!.input, over.cost!.output], [0.025, 2.5]);
  });
});

/** The dollar amounts rounded, other fields (`totalFromProvider`) as they are. */
function roundCost(cost: object | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(cost ?? {}).map(([key, value]) => [key, typeof value === 'number' ? Math.round(value * 1e11) / 1e11 : value]));
}
