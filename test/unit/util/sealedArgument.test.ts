import { strict as assert } from 'node:assert';
import { isSealed, seal, unseal } from '../../../src/core/util/sealedArgument';

describe('sealed command arguments', () => {
  it('hands back what was sealed, the same value', () => {
    const file = { format: 'md', file: '/tmp/out.md' };
    const sealed = seal(file);
    assert.equal(isSealed(sealed), true);
    assert.equal(unseal(sealed), file);
    assert.equal(unseal(seal(undefined)), undefined);
  });

  it('cannot be carried by JSON, as a command link carries its arguments', () => {
    const sealed = seal('sk-ant-key');
    const throughJson: unknown = JSON.parse(JSON.stringify(sealed));
    assert.deepEqual(throughJson, {});
    assert.equal(isSealed(throughJson), false);
    assert.equal(isSealed(structuredClone(sealed)), false);
  });

  it('is not faked by look-alike values', () => {
    const lookAlikes: unknown[] = ['sk-ant-key', { value: 'x' }, { 'Symbol(arbor.sealedArgument)': 'x' }, { [Symbol('arbor.sealedArgument')]: 'x' }, null, undefined, ['x'], Object.create(seal('x'))];
    assert.deepEqual(lookAlikes.filter((arg) => isSealed(arg)), []);
  });

  it('cannot be changed once made', () => {
    const sealed = seal('first');
    assert.throws(() => Object.assign(sealed, { other: 1 }), TypeError);
    assert.equal(unseal(sealed), 'first');
  });
});
