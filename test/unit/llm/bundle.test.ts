import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import type { BuildOptions } from 'esbuild';

const ROOT = path.resolve(__dirname, '../../..');

/** The options esbuild.mjs bundles the extension with; nothing is written (write: false). */
async function bundle(entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>, minify: boolean) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({ ...entry, bundle: true, format: 'cjs', platform: 'node', target: 'node20', minify, write: false, metafile: true, outfile: path.join(ROOT, 'out.js'), logLevel: 'silent' });
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
  // Modules esbuild read but tree-shook away are listed with 0 bytes: only the ones that kept code count.
  const kept = Object.values(result.metafile.outputs).flatMap((out) => Object.entries(out.inputs).filter(([, use]) => use.bytesInOutput > 0).map(([input]) => input));
  return { bytes: output.contents.byteLength, inputs: kept, text: output.text };
}

const adapter = { entryPoints: [path.join(ROOT, 'src/core/llm/index.ts')] };
const wholeSdk = { stdin: { contents: "export { default } from '@anthropic-ai/sdk';", resolveDir: ROOT, loader: 'ts' as const } };

/** SDK parts the adapter never uses: the beta API, batches, the MessageStream helper, the other resources. */
const UNUSED = [/resources\/beta\/messages\//, /resources\/messages\/batches/, /lib\/(Beta)?MessageStream/, /resources\/beta\/sessions\//, /resources\/skills\/versions/, /resources\/models\.m?js$/];

describe('llm: what the Anthropic adapter adds to a bundle', function () {
  this.timeout(60_000);

  it('takes the SDK\'s base client only, not the API resources it never calls, and stays under a third of the whole SDK', async () => {
    const ours = await bundle(adapter, true);
    const whole = await bundle(wholeSdk, true);
    const sdkInputs = ours.inputs.filter((input) => input.includes('@anthropic-ai/sdk/'));
    assert.ok(sdkInputs.some((input) => input.endsWith('client.mjs')), 'the base client is in');
    assert.deepEqual(sdkInputs.filter((input) => UNUSED.some((pattern) => pattern.test(input))), []);
    assert.ok(ours.bytes * 3 < whole.bytes, `adapter ${ours.bytes} B vs whole SDK ${whole.bytes} B (minified)`);
    console.log(`      minified: adapter with the SDK it uses ${(ours.bytes / 1024).toFixed(0)} KiB; the whole SDK alone ${(whole.bytes / 1024).toFixed(0)} KiB`);
  });

  it('loads the SDK on the first request, not when the adapter module is loaded', async () => {
    const ours = await bundle(adapter, false);
    // esbuild turns a dynamic import into a lazily run module initialiser: the client module's code
    // sits inside `init_client` and runs only when `import('./sdk')` is reached.
    assert.match(ours.text, /var init_client = __esm\(/);
    assert.match(ours.text, /Promise\.resolve\(\)\.then\(\(\) => \(init_sdk\(\), sdk_exports\)\)/);
  });
});
