import { strict as assert } from 'node:assert';
import { FolderRulesError, rulesForFolder, withFolderRule } from '../../../../src/core/agent/tools/folderRules';

const HERE = 'file:///home/u/project';
const ELSEWHERE = 'file:///home/u/other';

describe('approval rules kept per workspace folder (arbor.tools.autoApproveByFolder)', () => {
  it('gives a folder only its own rules, none for another folder or no folder', () => {
    const setting = { [HERE]: ['bash(npm test)', 42, 'edit(src/**)'], [ELSEWHERE]: ['bash'] };
    assert.deepEqual(rulesForFolder(setting, HERE), ['bash(npm test)', 'edit(src/**)']);
    assert.deepEqual(rulesForFolder(setting, 'file:///home/u/project/sub'), []);
    assert.deepEqual(rulesForFolder(setting, 'file:///home/u'), []);
    assert.deepEqual(rulesForFolder(setting, undefined), []);
  });

  it('takes nothing from a value of the wrong shape, or from what an object inherits', () => {
    assert.deepEqual([rulesForFolder(['bash'], HERE), rulesForFolder('bash', HERE), rulesForFolder(null, HERE), rulesForFolder({ [HERE]: 'bash' }, HERE)], [[], [], [], []]);
    assert.deepEqual(rulesForFolder(Object.create({ [HERE]: ['bash'] }), HERE), []);
  });

  it('adds a rule to its folder’s list, keeping every other entry as it was, and nothing twice', () => {
    const setting = { [ELSEWHERE]: ['bash(make test)', 7], [HERE]: ['bash(npm test)'] };
    assert.deepEqual(withFolderRule(setting, HERE, 'edit(src/**)'), { [ELSEWHERE]: ['bash(make test)', 7], [HERE]: ['bash(npm test)', 'edit(src/**)'] });
    assert.deepEqual(withFolderRule(undefined, HERE, 'bash(npm test)'), { [HERE]: ['bash(npm test)'] });
    assert.equal(withFolderRule(setting, HERE, 'bash(npm test)'), undefined);
    assert.deepEqual(setting, { [ELSEWHERE]: ['bash(make test)', 7], [HERE]: ['bash(npm test)'] }, 'the value read was changed');
  });

  it('refuses to overwrite a value that is not an object of lists, saying which', () => {
    const reasons = [['bash'], 'x', { [HERE]: 'bash' }].map((setting) => {
      try {
        withFolderRule(setting, HERE, 'bash(npm test)');
        return 'written';
      } catch (error) {
        return error instanceof FolderRulesError ? error.reason : 'other';
      }
    });
    assert.deepEqual(reasons, ['setting-not-object', 'setting-not-object', 'entry-not-list']);
  });
});
