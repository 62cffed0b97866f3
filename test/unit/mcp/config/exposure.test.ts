import { strict as assert } from 'node:assert';
import { toolExposureOf, wildcardMatches } from '../../../../src/core/mcp/config';
import type { McpExposure } from '../../../../src/core/mcp/types';

function server(exposure: McpExposure, toolExposure: [string, McpExposure][]) {
  return { exposure, toolExposure };
}

describe('the exposure of one MCP tool', () => {
  const github = server('deferred', [
    ['get_*', 'codemode'],
    ['search_code', 'direct'],
    ['*_issue', 'hidden'],
    ['get_issue*', 'direct'],
  ]);

  it('takes the entry named exactly as the tool before any pattern listed earlier', () => {
    assert.equal(toolExposureOf(github, 'search_code'), 'direct');
  });

  it('takes the first pattern that matches, in the file\'s order', () => {
    assert.equal(toolExposureOf(github, 'get_issue'), 'codemode');
    assert.equal(toolExposureOf(github, 'close_issue'), 'hidden');
  });

  it('falls back to the server\'s exposure when nothing matches', () => {
    assert.equal(toolExposureOf(github, 'search_repos'), 'deferred');
    assert.equal(toolExposureOf(server('codemode', []), 'anything'), 'codemode');
  });

  it('reads a tool named like an Object method as any other name', () => {
    assert.equal(toolExposureOf(server('direct', [['toString', 'hidden']]), 'constructor'), 'direct');
    assert.equal(toolExposureOf(server('direct', [['toString', 'hidden']]), 'toString'), 'hidden');
  });
});

describe('matching a tool name against a pattern with *', () => {
  const cases: [pattern: string, name: string, matches: boolean][] = [
    ['get_*', 'get_', true],
    ['get_*', 'get_issue', true],
    ['get_*', 'forget_issue', false],
    ['*_issue', 'close_issue', true],
    ['*_issue', 'close_issues', false],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'abcb', false],
    ['*', '', true],
    ['**', 'x', true],
    ['a.c', 'abc', false],
    ['a+(b)', 'a+(b)', true],
    ['[ab]', 'a', false],
    ['x?', 'xy', false],
  ];
  for (const [pattern, name, matches] of cases) {
    it(`${matches ? 'matches' : 'does not match'} ${JSON.stringify(name)} with ${JSON.stringify(pattern)}`, () => {
      assert.equal(wildcardMatches(pattern, name), matches);
    });
  }

  it('answers a pattern of many stars against a long name that almost matches', () => {
    assert.equal(wildcardMatches('*a'.repeat(30) + 'b', 'a'.repeat(5000)), false);
  });
});
