// The inputs a prompt needs (the API key, pi's settings files) are read once and kept until the
// change event their owner already hears: these read a real file, and fire a real Emitter where
// the glue has SecretStorage's or a file watcher's event.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CachedRead } from '../../../src/core/util/cachedRead';
import { Emitter } from '../../../src/core/util/event';

describe('CachedRead', () => {
  let dir: string;
  let file: string;
  let reads: number;
  let cache: CachedRead<string>;
  let changes: Emitter<void>;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'arbor-cached-'));
    file = path.join(dir, 'settings.json');
    writeFileSync(file, '{"first":1}');
    reads = 0;
    cache = new CachedRead(async () => {
      reads++;
      return readFileSync(file, 'utf8');
    });
    changes = new Emitter<void>();
    changes.event(() => cache.changed());
  });

  afterEach(() => {
    changes.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the file once for many prompts, and not again when it changes before its change event', async () => {
    assert.equal(await cache.get(), '{"first":1}');
    assert.equal(await cache.get(), '{"first":1}');
    writeFileSync(file, '{"second":2}');
    assert.equal(await cache.get(), '{"first":1}');
    assert.equal(reads, 1);
  });

  it('reads it again after the change event, once', async () => {
    await cache.get();
    writeFileSync(file, '{"second":2}');
    changes.fire();
    assert.equal(reads, 1);
    assert.equal(await cache.get(), '{"second":2}');
    assert.equal(await cache.get(), '{"second":2}');
    assert.equal(reads, 2);
  });

  it('shares one read between callers at once', async () => {
    assert.deepEqual(await Promise.all([cache.get(), cache.get(), cache.get()]), ['{"first":1}', '{"first":1}', '{"first":1}']);
    assert.equal(reads, 1);
  });

  it('reads again after a change that came while a read was under way', async () => {
    const before = cache.get();
    writeFileSync(file, '{"second":2}');
    changes.fire();
    await before;
    assert.equal(await cache.get(), '{"second":2}');
    assert.equal(reads, 2);
  });

  it('does not keep a failed read: the next get reads again', async () => {
    rmSync(file);
    await assert.rejects(cache.get(), { code: 'ENOENT' });
    writeFileSync(file, '{"back":3}');
    assert.equal(await cache.get(), '{"back":3}');
    assert.equal(reads, 2);
  });
});
