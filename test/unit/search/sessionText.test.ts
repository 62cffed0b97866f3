import { strict as assert } from 'node:assert';
import { compileQuery, searchSessionText, SearchQueryError, snippetAround } from '../../../src/core/search';
import { serializeLine, type SessionEntry } from '../../../src/core/session';
import { assistant, user } from '../../support/builders';

const HEADER = serializeLine({ type: 'session', version: 3, id: 's1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/p' });

function fileOf(texts: string[]): { text: string; ids: string[] } {
  const entries: SessionEntry[] = texts.map((text, i) => ({ type: 'message', id: `e${i}`, parentId: i === 0 ? null : `e${i - 1}`, timestamp: '2026-01-01T00:00:01.000Z', message: user(text) }));
  return { text: HEADER + entries.map((entry) => serializeLine(entry)).join(''), ids: entries.map((entry) => entry.id) };
}

const TEXTS = [
  'He said "stop" and left',
  'Path C:\\temp\\año\\data.json',
  'Línea uno\nlínea dos\ttab',
  '你好，世界 — 中文测试',
  'Árbol 🌳 emoji y acentos: ¿Qué pasó?',
  'a/b/c slashes and \\"both\\"',
  'İstanbul dotted capital',
  'nothing relevant',
];

/** Which texts hold the query, by the plain definition: lower-cased containment. */
function expectedIds(query: string): string[] {
  return TEXTS.flatMap((text, i) => (text.toLowerCase().includes(query.toLowerCase()) ? [`e${i}`] : []));
}

describe('searching the text of one session', () => {
  const { text } = fileOf(TEXTS);
  const QUERIES = ['"stop"', 'said "', 'C:\\temp\\año', '\\', 'AÑO', 'uno\nlínea', '\t', '你好', '世界 — 中', '🌳', 'árbol 🌳', '¿qué', 'a/b/c', '\\"both\\"', 'istanbul', 'İstanbul', 'nothing', 'missing'];

  for (const query of QUERIES) {
    it(`finds ${JSON.stringify(query)} exactly where the decoded text holds it`, () => {
      const hits = searchSessionText('f', text, compileQuery({ text: query })).hits;
      assert.deepEqual(hits.map((hit) => hit.entryId), expectedIds(query));
      for (const hit of hits) {
        // The snippet is one line: a match across a newline is shown up to the line's end.
        const shown = hit.snippet.slice(hit.matchStart, hit.matchEnd).toLowerCase();
        assert.ok(shown !== '' && query.toLowerCase().replace(/\s/g, ' ').startsWith(shown), `${JSON.stringify(shown)} in ${JSON.stringify(hit.snippet)}`);
      }
    });
  }

  it('matches a regular expression case-insensitively on the decoded text', () => {
    const hits = searchSessionText('f', text, compileQuery({ text: 'l[ií]nea \\w+', regex: true })).hits;
    assert.deepEqual(hits.map((hit) => [hit.entryId, hit.matchCount, hit.snippet.slice(hit.matchStart, hit.matchEnd)]), [['e2', 2, 'Línea uno']]);
  });

  it('runs a regular expression in linear time over hostile text: (a+)+$ against lines of 40 a\'s', () => {
    const hostile = fileOf([`${'a'.repeat(40)}!`, `x ${'a'.repeat(40)}`]).text;
    const hits = searchSessionText('f', hostile, compileQuery({ text: '(a+)+$', regex: true })).hits;
    assert.deepEqual(hits.map((hit) => [hit.entryId, hit.matchCount]), [['e1', 1]]);
  });

  it('refuses an empty query and a broken regular expression in plain words', () => {
    assert.throws(() => compileQuery({ text: '' }), (error: unknown) => error instanceof SearchQueryError && error.reason === 'empty');
    assert.throws(() => compileQuery({ text: '(', regex: true }), (error: unknown) => error instanceof SearchQueryError && error.reason === 'bad-regex');
  });

  it('names the session from its last name entry and counts matches', () => {
    const named = `${text}${serializeLine({ type: 'session_info', id: 'n1', parentId: 'e7', timestamp: '2026-01-01T00:00:02.000Z', name: 'Primera' })}${serializeLine({ type: 'session_info', id: 'n2', parentId: 'n1', timestamp: '2026-01-01T00:00:03.000Z', name: 'Segunda' })}`;
    const hits = searchSessionText('f', named, compileQuery({ text: 'a' })).hits;
    assert.ok(hits.length > 0);
    assert.ok(hits.every((hit) => hit.sessionName === 'Segunda' && hit.sessionId === 's1'));
    const said = hits.find((hit) => hit.entryId === 'e0')!;
    assert.equal(said.matchCount, 2);
  });

  it('reads entries whose fields are not in pi’s order', () => {
    const line = `{"message":${JSON.stringify(assistant('reordered needle'))},"parentId":"e7","timestamp":"2026-01-01T00:00:02.000Z","id":"r1","type":"message"}\n`;
    const hits = searchSessionText('f', text + line, compileQuery({ text: 'needle' })).hits;
    assert.deepEqual(hits.map((hit) => [hit.entryId, hit.onCurrentBranch]), [['r1', true]]);
  });
});

describe('result snippets', () => {
  it('keeps the match’s line, some context either side, and the match’s place', () => {
    const text = `first line\n${'x'.repeat(100)} the needle is here ${'y'.repeat(100)}\nlast line`;
    const start = text.indexOf('needle');
    const snippet = snippetAround(text, { start, end: start + 6 });
    assert.deepEqual(snippet, { text: `…${'x'.repeat(35)} the needle is here ${'y'.repeat(31)}…`, start: 41, end: 47 });
  });

  it('shows tabs as spaces and stays on one line', () => {
    const snippet = snippetAround('a\tb needle\tc\nnext', { start: 4, end: 10 });
    assert.deepEqual(snippet, { text: 'a b needle c', start: 4, end: 10 });
  });
});
