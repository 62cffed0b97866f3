// What a context-edit plan refused with, as "reason: message" ("no error" when it planned): the
// session tests compare refusals as one exact string.
import { strict as assert } from 'node:assert';
import { ContextEditError } from '../../../src/core/session';

export function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    assert.ok(error instanceof ContextEditError);
    return `${error.reason}: ${error.message}`;
  }
  return 'no error';
}
