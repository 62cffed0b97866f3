// The environment for the npm installs that provisioning runs inside the cache.
// When provisioning itself runs under an npm script (`npm test`, `npm start`, ...), the outer npm
// has added variables that describe *its* Node and npm and *this* package: a nested install would
// inherit them. code-server's install script reads the Node version from npm_config_user_agent
// ("npm/11 node/v20 ...") and refuses to install under what it takes for Node 20, even with Node 24
// first on PATH. So they go, and the nested npm works them out afresh, exactly as when provisioning
// is started from a shell. What a user configured (registry, proxy, cache, cafile, ...) stays.
import * as path from 'node:path';

/** Set by npm for a script about the npm and Node running it, or about the package it runs in. */
const OUTER_NPM_VARIABLE =
  /^(npm_config_(user_agent|node_gyp|npm_version|global_prefix|local_prefix|prefix|loglevel|argv)|npm_(package|lifecycle)_.*|npm_execpath|npm_node_execpath|npm_command|NODE|INIT_CWD)$/;

/** PATH entries npm prepends for a script: every node_modules/.bin up from the package, and node-gyp-bin. */
function addedByNpm(entry: string): boolean {
  const normalized = entry.split(path.sep).join('/');
  return normalized.endsWith('/node_modules/.bin') || normalized.endsWith('/run-script/lib/node-gyp-bin');
}

/** `env` without what an outer npm script added, with `extra` on top. */
export function nestedNpmEnv(env: NodeJS.ProcessEnv, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (!OUTER_NPM_VARIABLE.test(name)) clean[name] = value;
  }
  if (clean.PATH !== undefined) {
    clean.PATH = clean.PATH.split(path.delimiter)
      .filter((entry) => !addedByNpm(entry))
      .join(path.delimiter);
  }
  const quiet = { npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  return { ...clean, ...quiet, ...extra };
}
