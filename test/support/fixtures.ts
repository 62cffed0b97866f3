/** The fixture sessions and the reference outputs recorded for them (`test/fixtures/`). */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

export const FIXTURES_DIR = path.resolve(__dirname, '..', 'fixtures');

export function fixturePath(name: string): string {
  return path.join(FIXTURES_DIR, name);
}

export function expectedOf<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(fixturePath(`${name}.expected.json`), 'utf8')) as T;
}
