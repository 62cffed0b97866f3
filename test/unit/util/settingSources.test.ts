import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { COSTLY_SETTINGS, explicitValue, onUnlessTurnedOff, USER_ONLY_SETTINGS, userValue, workspaceMaySet } from '../../../src/core/util/settingSources';

interface SettingSchema {
  scope?: string;
}

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
  contributes: { configuration: { properties: Record<string, SettingSchema> } };
};
const properties = manifest.contributes.configuration.properties;

describe('where settings may come from', () => {
  it('never takes the endpoint, the sessions folder, the tool approvals (everywhere and per folder), the standing compaction instructions, the folders context files may lead into or whether a move restores files unasked from a workspace, trusted or not', () => {
    for (const trusted of [true, false]) assert.deepEqual(USER_ONLY_SETTINGS.map((key) => workspaceMaySet(key, trusted)), [false, false, false, false, false, false, false]);
    assert.deepEqual([...USER_ONLY_SETTINGS], ['baseUrl', 'sessionsDirectory', 'tools.autoApprove', 'tools.autoApproveByFolder', 'compaction.instructions', 'context.allowedFolders', 'checkpoints.restore']);
    assert.equal(workspaceMaySet('checkpoints.restore', true), false);
  });

  it('takes the settings that spend money from a trusted workspace only, and the others from any', () => {
    assert.deepEqual(COSTLY_SETTINGS.filter((key) => !workspaceMaySet(key, true)), []);
    assert.deepEqual(COSTLY_SETTINGS.filter((key) => workspaceMaySet(key, false)), []);
    assert.deepEqual(['tokenEstimator'].map((key) => [workspaceMaySet(key, true), workspaceMaySet(key, false)]), [[true, true]]);
  });

  it("reads the user's value, else the default, passing over the workspace's", () => {
    assert.equal(userValue({ defaultValue: 'd', globalValue: 'user', workspaceValue: 'ws', workspaceFolderValue: 'folder' }), 'user');
    assert.equal(userValue({ defaultValue: 'd', workspaceValue: 'ws', workspaceFolderValue: 'folder' }), 'd');
    assert.equal(userValue(undefined), undefined);
  });

  it("takes as set explicitly only a layer Arbor may read: the workspace's from a trusted one, the user's always, never the default", () => {
    const layers = { defaultValue: 20000, globalValue: 30000, workspaceValue: 40000, workspaceFolderValue: 50000 };
    assert.equal(explicitValue('compaction.keepRecentTokens', layers, true), 50000);
    assert.equal(explicitValue('compaction.keepRecentTokens', { ...layers, workspaceFolderValue: undefined }, true), 40000);
    assert.equal(explicitValue('compaction.keepRecentTokens', layers, false), 30000);
    assert.equal(explicitValue('compaction.keepRecentTokens', { defaultValue: 20000, workspaceValue: 40000 }, false), undefined);
    assert.equal(explicitValue('compaction.model', { defaultValue: '', workspaceValue: 'claude-opus-4-5' }, false), undefined);
    assert.equal(explicitValue('sessionsDirectory', { workspaceValue: '/tmp/x' }, true), undefined);
    assert.equal(explicitValue('compaction.enabled', { defaultValue: true }, true), undefined);
  });

  it('is what the manifest tells VS Code: user-only settings are application-scoped, and every guarded setting is restricted', () => {
    const notApplication = USER_ONLY_SETTINGS.filter((key) => properties[`arbor.${key}`]?.scope !== 'application');
    assert.deepEqual(notApplication, []);
    const restricted = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.deepEqual([...USER_ONLY_SETTINGS, ...COSTLY_SETTINGS].filter((key) => !restricted.includes(`arbor.${key}`)), []);
    assert.deepEqual(restricted.filter((name) => properties[name] === undefined), [], 'a restricted setting the manifest does not declare');
  });

  it('keeps a switch on unless the user or a workspace turned it off; a workspace cannot turn on what the user turned off', () => {
    assert.equal(onUnlessTurnedOff({ defaultValue: true }), true);
    assert.equal(onUnlessTurnedOff({ defaultValue: true, globalValue: false }), false);
    assert.equal(onUnlessTurnedOff({ defaultValue: true, globalValue: false, workspaceValue: true }), false);
    assert.equal(onUnlessTurnedOff({ defaultValue: true, globalValue: false, workspaceFolderValue: true }), false);
    assert.equal(onUnlessTurnedOff({ defaultValue: true, workspaceValue: false }), false);
    assert.equal(onUnlessTurnedOff({ defaultValue: true, globalValue: true, workspaceFolderValue: false }), false);
    assert.equal(onUnlessTurnedOff(undefined), true);
  });
});
