import { strict as assert } from 'node:assert';
import type { LlmRequest, ThinkingLevel } from '../../../src/core/llm';
import { findFamily, lookupModel } from '../../../src/core/llm/anthropic/models';
import { INTERLEAVED_THINKING_BETA, buildRequest } from '../../../src/core/llm/anthropic/params';
import { user } from '../../support/builders';
import { piRequestBody } from './support/piRequest';

function build(request: Partial<LlmRequest> & { model: string }, cache = {}) {
  const full: LlmRequest = { systemPrompt: 'sys', messages: [user('hi')], maxTokens: 8000, ...request };
  return buildRequest(full, lookupModel(full.model), findFamily(full.model), cache);
}

const LEVELS: ThinkingLevel[] = ['minimal', 'low', 'medium', 'high', 'xhigh', 'max'];

describe('llm/anthropic: request parameters', () => {
  it('asks for the thinking budget and max_tokens pi-ai asks for, at every level (budget and adaptive models)', async () => {
    for (const model of ['claude-sonnet-4-5', 'claude-opus-4-5', 'claude-haiku-4-5', 'claude-opus-4-6', 'claude-opus-4-7', 'claude-sonnet-4-6', 'claude-opus-4-8', 'claude-sonnet-5', 'claude-fable-5']) {
      for (const thinking of LEVELS) {
        for (const maxTokens of [8000, 30_000]) {
          const { params } = build({ model, thinking, maxTokens });
          const pi = await piRequestBody({ model, systemPrompt: 'sys', messages: [user('hi')], maxTokens, thinking });
          const label = `${model} ${thinking} ${maxTokens}`;
          assert.equal(params.max_tokens, pi.max_tokens, label);
          assert.deepEqual(params.thinking, withoutDisplay(pi.thinking, params.thinking), label);
          assert.deepEqual(params.output_config, pi.output_config, label);
        }
      }
    }
  });

  it('shrinks the budget to leave 1024 tokens of answer when the output limit leaves no room, and switches thinking off below the minimum budget', () => {
    const limited = (maxOutputTokens: number, thinking: ThinkingLevel) =>
      buildRequest(
        { model: 'claude-sonnet-4-5', systemPrompt: '', messages: [user('hi')], maxTokens: 8000, thinking },
        lookupModel('claude-sonnet-4-5', { 'claude-sonnet-4-5': { maxOutputTokens } }),
        findFamily('claude-sonnet-4-5'),
        {},
      ).params;
    assert.deepEqual(limited(10_000, 'high').thinking, { type: 'enabled', budget_tokens: 8976 });
    assert.equal(limited(10_000, 'high').max_tokens, 10_000);
    assert.deepEqual(limited(1500, 'low').thinking, { type: 'disabled' });
    assert.equal(limited(1500, 'low').max_tokens, 1500);
    // Claude 3.5 Haiku thinks not at all; an unknown model is not asked to.
    assert.equal(build({ model: 'claude-3-5-haiku-20241022', thinking: 'high' }).params.thinking, undefined);
    assert.equal(build({ model: 'some-proxy-model', thinking: 'high' }).params.thinking, undefined);
  });

  it('sends thinking "disabled" to a thinking model when thinking is off, and no temperature ever', () => {
    const { params, betas } = build({ model: 'claude-sonnet-4-5', thinking: 'off' });
    assert.deepEqual(params.thinking, { type: 'disabled' });
    assert.equal('temperature' in params, false);
    assert.deepEqual(betas, []);
  });

  it('asks for interleaved thinking on Claude 4 budget models only', () => {
    assert.deepEqual(build({ model: 'claude-sonnet-4-5', thinking: 'low' }).betas, [INTERLEAVED_THINKING_BETA]);
    assert.deepEqual(build({ model: 'claude-3-7-sonnet-20250219', thinking: 'low' }).betas, []);
    assert.deepEqual(build({ model: 'claude-opus-4-6', thinking: 'low' }).betas, []);
  });

  it('caps max_tokens at the model\'s output limit, overrides included', () => {
    assert.equal(build({ model: 'claude-3-5-haiku-20241022', maxTokens: 50_000 }).params.max_tokens, 8192);
    const overridden = buildRequest(
      { model: 'claude-sonnet-4-5', systemPrompt: '', messages: [user('hi')], maxTokens: 50_000 },
      lookupModel('claude-sonnet-4-5', { 'claude-sonnet-4-5': { maxOutputTokens: 2000 } }),
      findFamily('claude-sonnet-4-5'),
      {},
    );
    assert.equal(overridden.params.max_tokens, 2000);
    assert.equal(overridden.params.system, undefined);
  });

  it('sends tool schemas whole, as JSON schema objects, with the last tool cached', () => {
    const schema = { type: 'object', properties: { path: { type: 'string', description: 'file' } }, required: ['path'], additionalProperties: false };
    const { params } = build({ model: 'claude-sonnet-4-5', tools: [{ name: 'a', description: 'A', inputSchema: {} }, { name: 'read', description: 'Read', inputSchema: schema }] });
    assert.deepEqual(params.tools, [
      { name: 'a', description: 'A', input_schema: { type: 'object' } },
      { name: 'read', description: 'Read', input_schema: schema, cache_control: { type: 'ephemeral' } },
    ]);
  });
});

/** pi asks Claude 4 models to "summarize" budget thinking, which is the API's default for them; we leave it to the default. */
function withoutDisplay(piThinking: unknown, ours: unknown): unknown {
  if (!piThinking || typeof piThinking !== 'object') return piThinking;
  const { display, ...rest } = piThinking as { display?: string };
  const oursHasDisplay = typeof ours === 'object' && ours !== null && 'display' in ours;
  return oursHasDisplay || (rest as { type?: string }).type === 'adaptive' ? { ...rest, display } : rest;
}
