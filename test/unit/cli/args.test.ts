import { strict as assert } from 'node:assert';
import { integerFlag, parseArgs, type FlagSpec } from '../../../src/cli/args';
import { UsageError } from '../../../src/cli/io';

const SPECS: FlagSpec[] = [
  { name: 'json', kind: 'boolean' },
  { name: 'leaf', kind: 'string', value: 'ID' },
  { name: 'output', alias: 'o', kind: 'string' },
  { name: 'keep-recent', kind: 'string' },
  { name: 'at', longAliases: ['from-entry'], kind: 'string', value: 'ID' },
];

describe('the argument parser', () => {
  it('separates positionals from --flag value, --flag=value, -o value and booleans', () => {
    const args = parseArgs(['f.jsonl', '--leaf', 'abc', '--keep-recent=100', '-o', 'out.md', '--json'], SPECS);
    assert.deepEqual(args.positionals, ['f.jsonl']);
    assert.deepEqual([...args.flags], [['leaf', 'abc'], ['keep-recent', '100'], ['output', 'out.md'], ['json', true]]);
  });

  it('takes everything after -- as positionals, and a lone - or a negative number as values', () => {
    const args = parseArgs(['--leaf', '-', '--', '--json', '-5'], SPECS);
    assert.deepEqual(args.positionals, ['--json', '-5']);
    assert.equal(args.flags.get('leaf'), '-');
  });

  it('refuses unknown, repeated, valueless and single-dash long options', () => {
    assert.throws(() => parseArgs(['--nope'], SPECS), new UsageError('unknown option --nope'));
    assert.throws(() => parseArgs(['--leaf', 'a', '--leaf', 'b'], SPECS), new UsageError('option --leaf given twice'));
    assert.throws(() => parseArgs(['--leaf', '--json'], SPECS), new UsageError('option --leaf needs a value (ID)'));
    assert.throws(() => parseArgs(['--json=yes'], SPECS), new UsageError('option --json takes no value'));
    assert.throws(() => parseArgs(['-leaf', 'a'], SPECS), new UsageError('unknown option -leaf (long options take two dashes)'));
  });

  it('stores a flag given by another of its long names under its own name, and refuses it given by both', () => {
    assert.deepEqual([...parseArgs(['--from-entry', 'e1'], SPECS).flags], [['at', 'e1']]);
    assert.deepEqual([...parseArgs(['--from-entry=e2'], SPECS).flags], [['at', 'e2']]);
    assert.throws(() => parseArgs(['--at', 'a', '--from-entry', 'b'], SPECS), new UsageError('option --at given twice (--from-entry is the same option)'));
    assert.throws(() => parseArgs(['--from-entry'], SPECS), new UsageError('option --from-entry needs a value (ID)'));
  });

  it('reads whole non-negative numbers only', () => {
    assert.equal(integerFlag(parseArgs(['--keep-recent', '20000'], SPECS), 'keep-recent'), 20000);
    assert.equal(integerFlag(parseArgs([], SPECS), 'keep-recent'), undefined);
    for (const bad of ['1.5', '-3', '1e3', 'ten']) {
      assert.throws(() => integerFlag(parseArgs([`--keep-recent=${bad}`], SPECS), 'keep-recent'), UsageError);
    }
  });
});
