// `npm run package`: a production build of Arbor packaged as arbor.vsix (see lib/vsix.ts), offline
// and without questions. `-- --out <file>` writes it elsewhere.
import * as path from 'node:path';
import { packageArbor, releaseVsix } from './lib/vsix';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = outIndex >= 0 && args[outIndex + 1] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args[outIndex + 1]) : releaseVsix;

try {
  packageArbor(out);
  console.log(`wrote ${path.relative(process.cwd(), out) || out}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
