// The command table (src/shared/commands.ts) against the manifest, and the rule that no other
// source file spells a command id: the table is the one list, so a command added, renamed or
// removed in one place and not the other fails here before any VS Code runs.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { COMMAND, VIEW_FOCUS } from '../../../src/shared/commands';
import { typeScriptFilesUnder } from '../../support/sourceFiles';

const ROOT = path.resolve(__dirname, '../../..');
const SRC = path.join(ROOT, 'src');
const TABLE = path.join(SRC, 'shared', 'commands.ts');

interface Contributes {
  commands: { command: string }[];
  menus: Record<string, { command?: string; submenu?: string }[]>;
  keybindings: { command: string }[];
}
const contributes = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: Contributes }).contributes;
const tableIds: string[] = Object.values(COMMAND);

/** Every string literal (plain or a template without substitutions) of a source file, with its line. */
function stringLiterals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Strings that spell a command id but are not one (each with why it stays). */
const NOT_COMMANDS = [
  // The Session Tree's filter, saved in workspace state under this key since before the table: renaming it would forget the users' filters.
  { file: path.join(SRC, 'vscode', 'sessionTree', 'view.ts'), text: 'arbor.tree.filter' },
];

describe('the command table', () => {
  it('names exactly the commands the manifest contributes, each once', () => {
    const contributed = contributes.commands.map((command) => command.command);
    assert.deepEqual([...tableIds].sort(), [...contributed].sort());
    assert.equal(new Set(tableIds).size, tableIds.length);
    assert.equal(new Set(contributed).size, contributed.length);
  });

  it('has every Arbor command the menus and keybindings name', () => {
    const named = [...Object.values(contributes.menus).flatMap((items) => items.flatMap((item) => (item.command ? [item.command] : []))), ...contributes.keybindings.map((binding) => binding.command)];
    const arbor = named.filter((id) => id.startsWith('arbor.'));
    assert.ok(arbor.length > 40, `the manifest's menus name ${arbor.length} Arbor commands`);
    assert.deepEqual(arbor.filter((id) => !tableIds.includes(id)), []);
  });

  it('is the only source file that spells a command id', () => {
    const ids = new Set([...tableIds, ...Object.values(VIEW_FOCUS)]);
    const spelled = typeScriptFilesUnder(SRC)
      .filter((file) => file !== TABLE)
      .flatMap((file) => stringLiterals(file).filter((literal) => ids.has(literal.text) && !NOT_COMMANDS.some((known) => known.file === file && known.text === literal.text)).map((literal) => `${path.relative(ROOT, file)}:${literal.line} ${literal.text}`));
    assert.deepEqual(spelled, []);
  });

  it('finds a command id spelled as a plain string or a template', () => {
    const file = path.join(ROOT, 'test', 'unit', 'glue', 'fixtures', 'spelledCommands.ts');
    assert.deepEqual(
      stringLiterals(file).map((literal) => literal.text).filter((text) => tableIds.includes(text)),
      ['arbor.newSession', 'arbor.tree.pin'],
    );
  });
});
