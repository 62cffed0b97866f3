import { strict as assert } from 'node:assert';
import { expandValues, McpValueError, MIN_SECRET_CHARS, type ExpandOptions } from '../../../../src/core/mcp/config';
import { importPiFile } from '../../../support/pi';

interface PiConfigValues {
  resolveConfigValue(config: string, env?: Record<string, string>): string | undefined;
  getMissingConfigValueEnvVarNames(config: string, env?: Record<string, string>): string[];
}

const ENV = { ARBOR_T_TOKEN: 'tok-123456', ARBOR_T_USER: 'octocat', ARBOR_T_EMPTY: '' };

function options(outputs: Record<string, string> = {}, ran: string[] = []): ExpandOptions {
  return {
    env: ENV,
    runCommand: async (command) => {
      ran.push(command);
      if (!Object.hasOwn(outputs, command)) throw new Error(`exit code 1`);
      return outputs[command]!;
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<McpValueError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof McpValueError) return error;
    throw error;
  }
  assert.fail('expected an McpValueError');
}

describe('expanding the env and headers values of an MCP server', () => {
  it('puts variables in ${NAME} and $NAME form, and reads $$ as $ and $! as !', async () => {
    const { values } = await expandValues(
      { Authorization: 'Bearer ${ARBOR_T_TOKEN}', USER: '$ARBOR_T_USER@host', PRICE: '$$5 $!x', BRACES: '${not a name}', PLAIN: 'literal' },
      options(),
    );
    assert.deepEqual(values, { Authorization: 'Bearer tok-123456', USER: 'octocat@host', PRICE: '$5 !x', BRACES: '${not a name}', PLAIN: 'literal' });
  });

  it('expands templates exactly as pi 1.6.0 does', async () => {
    const pi = await importPiFile<PiConfigValues>('core/resolve-config-value.js');
    const templates = ['${ARBOR_T_TOKEN}', 'a$ARBOR_T_USER-b', '$$ARBOR_T_USER', '$!', 'x${', '${ARBOR_T_USER', '$5', '$ ${}', 'tail$', '${ARBOR_T_USER}${ARBOR_T_TOKEN}'];
    for (const template of templates) {
      const { values } = await expandValues({ key: template }, options());
      assert.equal(values.key, pi.resolveConfigValue(template, ENV), template);
    }
  });

  it('names the unset variables, as pi finds them, and no value', async () => {
    const pi = await importPiFile<PiConfigValues>('core/resolve-config-value.js');
    const template = '${ARBOR_T_TOKEN} $ARBOR_T_MISSING ${ARBOR_T_EMPTY} $ARBOR_T_MISSING';
    const error = await failure(expandValues({ Authorization: template }, options()));
    assert.deepEqual(error.problem, { kind: 'missing-variables', key: 'Authorization', variables: ['ARBOR_T_MISSING', 'ARBOR_T_EMPTY'] });
    assert.deepEqual(error.problem.variables, pi.getMissingConfigValueEnvVarNames(template, ENV));
    assert.equal(error.message, '"Authorization" needs the environment variables ARBOR_T_MISSING, ARBOR_T_EMPTY, which are not set');
    assert.equal(error.message.includes(ENV.ARBOR_T_TOKEN), false);
  });

  it('runs a value that starts with ! as a command (without the !) and takes its trimmed output', async () => {
    const ran: string[] = [];
    const { values } = await expandValues({ Authorization: '!echo Bearer $(gh auth token)', PLAIN: 'x' }, options({ 'echo Bearer $(gh auth token)': '  Bearer gho_abcdef\n' }, ran));
    assert.deepEqual(ran, ['echo Bearer $(gh auth token)']);
    assert.deepEqual(values, { Authorization: 'Bearer gho_abcdef', PLAIN: 'x' });
  });

  it('reports a command that fails or prints nothing, naming the key', async () => {
    const failed = await failure(expandValues({ TOKEN: '!vault read' }, options()));
    assert.deepEqual(failed.problem, { kind: 'command-failed', key: 'TOKEN', reason: 'exit code 1' });
    assert.equal(failed.message, 'the command that gives "TOKEN" failed: exit code 1');
    const silent = await failure(expandValues({ TOKEN: '!true' }, options({ true: ' \n' })));
    assert.deepEqual(silent.problem, { kind: 'command-failed', key: 'TOKEN', reason: 'it printed nothing' });
  });

  it('gives every value and every variable or command output in it as a secret, longest first, short ones left out', async () => {
    const { secrets } = await expandValues(
      { Authorization: 'Bearer ${ARBOR_T_TOKEN}', USER: '$ARBOR_T_USER', FLAG: '1', KEY: '!pass show key' },
      options({ 'pass show key': 'key-from-pass' }),
    );
    assert.deepEqual(secrets, ['Bearer tok-123456', 'key-from-pass', 'tok-123456', 'octocat']);
    assert.ok(secrets.every((secret) => secret.length >= MIN_SECRET_CHARS));
  });

  it('keeps a __proto__ key as a plain key of the values', async () => {
    const values = JSON.parse('{"__proto__": "${ARBOR_T_USER}"}') as Record<string, string>;
    const expanded = await expandValues(values, options());
    assert.deepEqual(Object.entries(expanded.values), [['__proto__', 'octocat']]);
    assert.equal(Object.getPrototypeOf(expanded.values), Object.prototype);
  });
});
