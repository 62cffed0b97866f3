import { strict as assert } from 'node:assert';
import { McpEntryWriteError, withEntryField } from '../../../../src/core/mcp/config';

describe('writing a server field into mcp.json', () => {
  it("sets the one entry's field and keeps every other key, its order, the file's indentation and final newline", () => {
    const text = '{\n    "other": 1,\n    "mcpServers": {\n        "a": { "command": "x", "env": { "K": "${K}" } },\n        "b": { "url": "http://h/mcp", "enabled": true }\n    }\n}\n';
    const written = withEntryField(text, 'b', 'enabled', false);
    assert.equal(written, '{\n    "other": 1,\n    "mcpServers": {\n        "a": {\n            "command": "x",\n            "env": {\n                "K": "${K}"\n            }\n        },\n        "b": {\n            "url": "http://h/mcp",\n            "enabled": false\n        }\n    }\n}\n');
    assert.deepEqual(JSON.parse(withEntryField(written, 'a', 'exposure', 'deferred')).mcpServers.a, { command: 'x', env: { K: '${K}' }, exposure: 'deferred' });
  });

  it('keeps a byte order mark and tab indentation', () => {
    assert.equal(withEntryField('\ufeff{\n\t"mcpServers": { "a": {} }\n}', 'a', 'enabled', true), '\ufeff{\n\t"mcpServers": {\n\t\t"a": {\n\t\t\t"enabled": true\n\t\t}\n\t}\n}');
  });

  it('refuses a file that is not JSON and a server the file does not define (a prototype key included)', () => {
    assert.throws(() => withEntryField('{ // comment\n}', 'a', 'enabled', false), (error: unknown) => error instanceof McpEntryWriteError && error.message === 'the file is not valid JSON');
    assert.throws(() => withEntryField('{"mcpServers":{}}', 'a', 'enabled', false), /no entry for server "a"/);
    assert.throws(() => withEntryField('{"mcpServers":{}}', 'constructor', 'enabled', false), /no entry for server "constructor"/);
  });
});
