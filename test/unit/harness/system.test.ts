import { strict as assert } from 'node:assert';
import { planSystem, type HostFacts } from '../../../scripts/lib/system';

const chromium = { debian: 'chromium', what: 'Chromium at /usr/bin/chromium' };
const krb5 = { debian: 'libkrb5-dev', what: 'the Kerberos GSS-API headers' };

const debianRoot: HostFacts = { platform: 'linux', arch: 'x64', uid: 0, aptGet: true, missing: [] };

function stopMessage(facts: HostFacts): string {
  const plan = planSystem(facts);
  assert.equal(plan.action, 'stop');
  return plan.action === 'stop' ? plan.message : '';
}

describe('what provisioning does about the machine', () => {
  it('does nothing on Linux x64 when nothing is missing, root or not', () => {
    assert.deepEqual(planSystem(debianRoot), { action: 'none' });
    assert.deepEqual(planSystem({ ...debianRoot, uid: 1000, aptGet: false }), { action: 'none' });
  });

  it('installs the missing Debian packages itself as root with apt-get', () => {
    assert.deepEqual(planSystem({ ...debianRoot, missing: [chromium, krb5] }), { action: 'apt-get', packages: ['chromium', 'libkrb5-dev'] });
  });

  it('tells a user who is not root the apt-get command to run', () => {
    const message = stopMessage({ ...debianRoot, uid: 1000, missing: [chromium, krb5] });
    assert.match(message, /^  - chromium: Chromium at \/usr\/bin\/chromium$/m);
    assert.match(message, /^  - libkrb5-dev: the Kerberos GSS-API headers$/m);
    assert.match(message, /sudo apt-get update && sudo apt-get install -y chromium libkrb5-dev$/);
  });

  it('names what to install, not an apt-get command, on a Linux without apt-get, even as root', () => {
    const message = stopMessage({ ...debianRoot, aptGet: false, missing: [krb5] });
    assert.match(message, /the Kerberos GSS-API headers/);
    assert.match(message, /no apt-get\): install them with your package manager/);
    assert.doesNotMatch(message, /apt-get install/);
  });

  it('stops on a machine that is not Linux x64 and says what to use instead', () => {
    for (const [platform, arch] of [['darwin', 'arm64'], ['win32', 'x64'], ['linux', 'arm64']] as const) {
      const message = stopMessage({ platform, arch, uid: platform === 'win32' ? undefined : 0, aptGet: platform === 'linux', missing: [] });
      assert.match(message, new RegExp(`runs on Linux x64 only; this machine is ${platform}-${arch}\\.`));
      assert.match(message, /desktop VS Code/);
      assert.match(message, /Docker/);
    }
  });
});
