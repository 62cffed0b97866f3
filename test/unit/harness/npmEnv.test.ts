import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { nestedNpmEnv } from '../../../scripts/lib/npmEnv';
import { useTempDir } from '../../support/tempDir';

/** The environment a script sees when a real `npm run` starts it from `base`. */
function environmentUnderNpmRun(packageDir: string, base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const dump = `node -e "process.stdout.write(JSON.stringify(process.env))"`;
  writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify({ name: 'probe', version: '1.0.0', scripts: { dump } }));
  return JSON.parse(execFileSync('npm', ['run', '--silent', 'dump'], { cwd: packageDir, env: base, encoding: 'utf8' })) as NodeJS.ProcessEnv;
}

describe('the environment of the npm installs provisioning runs', () => {
  const tmp = useTempDir();

  it('drops what an outer npm script added about its npm, its Node and its package, and keeps what the user set', () => {
    const packageDir = path.join(tmp(), 'package');
    const home = path.join(tmp(), 'home');
    mkdirSync(packageDir);
    mkdirSync(home);
    const userPath = [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter);
    const base = { HOME: home, PATH: userPath, npm_config_registry: 'http://127.0.0.1:9/', ARBOR_PROBE: 'kept' };
    const outer = environmentUnderNpmRun(packageDir, base);
    // The probe is only meaningful if npm really added what code-server's install trips over.
    assert.match(outer.npm_config_user_agent ?? '', new RegExp(`node/${process.version}`));
    const npmRoot = path.dirname(path.dirname(outer.npm_execpath!));

    const nested = nestedNpmEnv(outer, { npm_config_nodedir: '/opt/node24' });

    assert.equal(nested.PATH, userPath);
    assert.equal(nested.npm_config_registry, 'http://127.0.0.1:9/');
    assert.equal(nested.ARBOR_PROBE, 'kept');
    assert.equal(nested.npm_config_nodedir, '/opt/node24');
    assert.equal(nested.npm_config_audit, 'false');
    // PWD is the shell's (npm runs the script through sh), the folder it was started in, as for any process.
    const leaks = Object.entries(nested).filter(([name, value]) =>
      name !== 'PWD' &&
      [process.version, packageDir, npmRoot, process.execPath].some((identity) => value?.includes(identity)),
    );
    assert.deepEqual(leaks, []);
  });
});
