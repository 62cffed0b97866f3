import { strict as assert } from 'node:assert';
import { MAX_SLASH_ARGUMENT, parseSlashCommand, SLASH_COMMANDS, slashCompletions } from '../../../src/core/chat/slashCommands';
import { isWebviewToHostMessage } from '../../../src/shared/messageGuard';

describe('Slash commands typed in the input', () => {
  it('offers pi’s commands by name', () => {
    assert.deepEqual(
      SLASH_COMMANDS.map((command) => command.name),
      ['compact', 'tree', 'fork', 'new', 'label', 'export', 'model', 'name', 'undo-compaction', 'context'],
    );
  });

  it('reads a known command and the text after it as its argument, lines and all', () => {
    assert.deepEqual(parseSlashCommand('/compact focus on the parser'), { name: 'compact', argument: 'focus on the parser' });
    assert.deepEqual(parseSlashCommand('  /compact  '), { name: 'compact', argument: '' });
    assert.deepEqual(parseSlashCommand('/label\tfirst try\nwith notes'), { name: 'label', argument: 'first try\nwith notes' });
    assert.deepEqual(parseSlashCommand('/undo-compaction'), { name: 'undo-compaction', argument: '' });
    assert.deepEqual(parseSlashCommand('/export md'), { name: 'export', argument: 'md' });
  });

  it('leaves everything else a message: an unknown /word, a longer name, a / later in the text, another case', () => {
    const messages = ['/compactx', '/unknown do this', '/ compact', '/Compact', 'please /compact', '/', '//compact', '/compact-now', `/label ${'x'.repeat(MAX_SLASH_ARGUMENT + 1)}`];
    assert.deepEqual(messages.map(parseSlashCommand), messages.map(() => undefined));
  });

  it('lists the commands starting with what follows the /, and none once a blank follows or the text is not a name', () => {
    const names = (text: string) => slashCompletions(text).map((command) => command.name);
    assert.equal(names('/').length, SLASH_COMMANDS.length);
    assert.deepEqual(names('/n'), ['new', 'name']);
    assert.deepEqual(names('/compact'), ['compact']);
    assert.deepEqual([names('/compact '), names('/x'), names('a/'), names(''), names('/co\n')], [[], [], [], [], []]);
  });

  it('takes the intent from the webview only with a known name and a string argument of bounded length', () => {
    assert.equal(isWebviewToHostMessage({ type: 'slashCommand', name: 'compact', argument: 'focus' }), true);
    assert.equal(isWebviewToHostMessage({ type: 'slashCommand', name: 'rm', argument: '' }), false);
    assert.equal(isWebviewToHostMessage({ type: 'slashCommand', name: 'label' }), false);
    assert.equal(isWebviewToHostMessage({ type: 'slashCommand', name: 'label', argument: 'x'.repeat(MAX_SLASH_ARGUMENT + 1) }), false);
  });
});
