// The settings reader and the key store with the real vscode API: the environment fills in what
// settings and SecretStorage leave empty (ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY), never the
// other way round, and out-of-range values fall back to what the manifest promises.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readConfig } from '../../src/vscode/config';
import { ApiKeyStore } from '../../src/vscode/secrets';
import { configure, resetSettings } from './agentSupport';

/** SecretStorage in memory, with its change event. */
function memorySecrets(): vscode.SecretStorage {
  const values = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  return {
    get: async (key) => values.get(key),
    store: async (key, value) => {
      values.set(key, value);
      changed.fire({ key });
    },
    delete: async (key) => {
      values.delete(key);
      changed.fire({ key });
    },
    onDidChange: changed.event,
  } as vscode.SecretStorage;
}

describe('Settings and key sources', () => {
  afterEach(() => resetSettings());

  it('takes ANTHROPIC_BASE_URL when arbor.baseUrl is empty, and the setting when it is set', async () => {
    const env = { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/from-env' };
    assert.equal(readConfig(env).baseUrl, 'http://127.0.0.1:9/from-env');
    assert.equal(readConfig({}).baseUrl, undefined);
    await configure({ baseUrl: 'http://127.0.0.1:9/from-settings' });
    assert.equal(readConfig(env).baseUrl, 'http://127.0.0.1:9/from-settings');
  });

  it('accepts any keepRecentTokens from 1000 up and reads the manifest defaults', async () => {
    const defaults = readConfig({});
    assert.deepEqual(defaults.compaction, { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 });
    assert.equal(defaults.tokenEstimator, 'tokenizer');
    assert.equal(defaults.branchSummary, 'ask');
    assert.deepEqual(defaults.autoApprove, []);
    for (const keep of [1000, 1001, 250_000]) {
      await configure({ 'compaction.keepRecentTokens': keep });
      assert.equal(readConfig({}).compaction.keepRecentTokens, keep);
    }
  });

  it('uses the stored key before ANTHROPIC_API_KEY, and the environment once the stored key is cleared', async () => {
    const store = new ApiKeyStore(memorySecrets(), { ANTHROPIC_API_KEY: 'sk-from-env' });
    try {
      assert.deepEqual(await store.get(), { key: 'sk-from-env', source: 'environment' });
      await store.set('sk-stored');
      assert.deepEqual(await store.get(), { key: 'sk-stored', source: 'secret-storage' });
      await store.clear();
      assert.deepEqual(await store.get(), { key: 'sk-from-env', source: 'environment' });
      assert.equal(store.hasKey, true);
    } finally {
      store.dispose();
    }
  });

  it('has no key with neither a stored key nor ANTHROPIC_API_KEY', async () => {
    const store = new ApiKeyStore(memorySecrets(), {});
    try {
      assert.equal(await store.get(), undefined);
      assert.equal(store.hasKey, false);
    } finally {
      store.dispose();
    }
  });
});
