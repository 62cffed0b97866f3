// Text that VS Code draws as more than text never carries a session's, a file's, a model's or a
// server's words unneutralized. A notification (a progress notification too) turns
// `[label](command:…)` into a link that runs a command with arguments; so do an input box's prompt
// and its validation message; quick picks and input boxes draw `$(name)` as an icon in their titles,
// placeholders and items. `plainText` (src/core/util/plainText.ts) is the one neutralizer.
//
// The rule, checked on every file under src/ (but the chat webview's) with the TypeScript
// compiler's own parser and type checker:
//
// Sinks, found by the declaration in VS Code's API that receives the value (so an alias of
// `vscode.window`, or an item built by a helper and typed as a QuickPickItem, is found too):
// - the message of `window.showInformationMessage`, `showWarningMessage`, `showErrorMessage`;
// - `title`, `prompt`, `placeHolder` of an input box's or quick pick's options; a quick pick item's
//   `label`, `description`, `detail` (an object literal typed as one, or a string item); a progress
//   notification's `title` and reported `message`; the same properties set on a created quick pick
//   or input box (`title`, `placeholder`, `prompt`, `validationMessage`);
// - what an input box's `validateInput` returns (a string, or a validation message's `message`).
// A modal dialog's `detail` is not one: VS Code's dialog sets it as the element's text.
//
// A value that reaches a sink WHOLE is looked into only as far as the code shows how it was built:
// a `const` is followed to its initializer, a call of a function or method of src/ to what it
// returns, and `?:`, `??`, `||`, `await` to their branches. What is left (a parameter, a property,
// a call of a library) is its builder's concern and passes. Text BUILT on the way (a template
// literal, a `+` concatenation, a `join` of an array literal or of a `filter`/`slice`/`map` of
// one) must be made only of pieces that are:
// - constant: a literal, a value whose type allows only fixed words, numbers or booleans (`'is' |
//   'are'`, a count, a record's entry declared `as const`), or a number written out
//   (`size.toFixed(1)`). The rule trusts the types: a file's value typed with fixed words was
//   checked by its parser;
// - neutralized: a call of `plainText`;
// - followed as above, to pieces of these kinds.
// Any other piece is reported where it is written, with the sink it reaches. The fix is
// `plainText(piece)`, or the whole message built in core, neutralized there, with a unit test of
// its words. test/unit/notificationText.examples.ts shows what is reported and what passes.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import * as ts from 'typescript';
import { typeScriptFilesUnder } from '../support/sourceFiles';

const ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(ROOT, 'src');
/** The chat's browser script: it draws its own text and never reaches VS Code's API. */
const WEBVIEW = path.join(SRC, 'webview');
const NEUTRALIZER = path.join(SRC, 'core', 'util', 'plainText.ts');
/** Code written to show what the rule reports and what it lets pass: a line ending in `// reported` is reported. */
const EXAMPLES = path.join(__dirname, 'notificationText.examples.ts');

const MESSAGE_FUNCTIONS = new Set(['showInformationMessage', 'showWarningMessage', 'showErrorMessage']);
/** The API's properties whose text VS Code draws with links or icons, by the interface that declares them. */
const DRAWN_PROPERTIES: Record<string, readonly string[]> = {
  InputBoxOptions: ['title', 'prompt', 'placeHolder'],
  QuickPickOptions: ['title', 'placeHolder'],
  QuickPickItem: ['label', 'description', 'detail'],
  QuickInput: ['title'],
  QuickPick: ['placeholder'],
  InputBox: ['prompt', 'placeholder', 'validationMessage'],
  InputBoxValidationMessage: ['message'],
  ProgressOptions: ['title'],
};
/** Types whose values, written out, are digits, signs and words of JavaScript's own. */
const NUMBERS = ts.TypeFlags.NumberLike | ts.TypeFlags.BigIntLike | ts.TypeFlags.BooleanLike;

interface Place {
  file: string;
  line: number;
}

interface Finding {
  /** Where the piece that is neither constant nor neutralized is written (a followed const or function may be elsewhere). */
  at: Place;
  /** The piece, as written. */
  piece: string;
  /** The sink, e.g. `showWarningMessage` or `InputBoxOptions.prompt`, and where the text reaches it. */
  sink: string;
  shownAt: Place;
}

function placeOf(node: ts.Node): Place {
  const file = node.getSourceFile();
  return { file: path.relative(ROOT, file.fileName), line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 };
}

/** The expression inside parentheses, `as`, `satisfies` and `!`, which change nothing at run time. */
function unwrapped(node: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node) || ts.isTypeAssertionExpression(node)) node = node.expression;
  return node;
}

function isVscodeApi(declaration: ts.Declaration): boolean {
  return /[\\/]@types[\\/]vscode[\\/]/.test(declaration.getSourceFile().fileName);
}

class NotificationTextRule {
  private readonly checker: ts.TypeChecker;

  constructor(program: ts.Program) {
    this.checker = program.getTypeChecker();
  }

  findings(file: ts.SourceFile): Finding[] {
    const found: Finding[] = [];
    const report = (sink: string, value: ts.Expression): void => {
      for (const piece of new Set(this.unsafePieces(value, 'whole', new Set()))) found.push({ at: placeOf(piece), piece: piece.getText(), sink, shownAt: placeOf(value) });
    };
    const visit = (node: ts.Node): void => {
      for (const [sink, value] of this.sinksAt(node)) report(sink, value);
      ts.forEachChild(node, visit);
    };
    visit(file);
    return found;
  }

  /** The values `node` hands to VS Code to draw, with the sink's name. */
  private sinksAt(node: ts.Node): [string, ts.Expression][] {
    if (ts.isCallExpression(node)) {
      const name = this.apiFunction(node.expression);
      if (name !== undefined && MESSAGE_FUNCTIONS.has(name) && node.arguments[0]) return [[name, node.arguments[0]]];
      const items = node.arguments[0];
      if (name === 'showQuickPick' && items && ts.isArrayLiteralExpression(items)) {
        // String items are labels; object items are found as QuickPickItem literals.
        return items.elements.filter((element) => !ts.isObjectLiteralExpression(element) && !ts.isSpreadElement(element)).map((element) => ['showQuickPick item', element]);
      }
    }
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      const property = this.contextualProperty(node);
      const owner = this.drawnProperty(property);
      const value = ts.isPropertyAssignment(node) ? node.initializer : node.name;
      if (owner !== undefined) return [[owner, value]];
      if (this.isValidateInput(property)) return this.returnedValues(value).map((returned) => ['InputBoxOptions.validateInput', returned]);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left)) {
      const owner = this.drawnProperty(this.checker.getSymbolAtLocation(node.left.name));
      if (owner !== undefined) return [[owner, node.right]];
    }
    return [];
  }

  /** The name of the `vscode.window` function `callee` is, if it is one. */
  private apiFunction(callee: ts.Expression): string | undefined {
    const declaration = this.resolved(this.checker.getSymbolAtLocation(ts.isPropertyAccessExpression(callee) ? callee.name : callee))?.declarations?.[0];
    if (!declaration || !ts.isFunctionDeclaration(declaration) || !isVscodeApi(declaration)) return undefined;
    const namespace = declaration.parent.parent;
    return ts.isModuleDeclaration(namespace) && namespace.name.getText() === 'window' ? declaration.name?.text : undefined;
  }

  /** The API's property that `node` fills in its literal's contextual type (e.g. QuickPickItem's `label`). */
  private contextualProperty(node: ts.PropertyAssignment | ts.ShorthandPropertyAssignment): ts.Symbol | undefined {
    const type = this.checker.getContextualType(node.parent);
    if (!type || !ts.isIdentifier(node.name)) return undefined;
    for (const candidate of type.isUnion() ? type.types : [type]) {
      const property = this.checker.getPropertyOfType(this.checker.getApparentType(candidate), node.name.text);
      if (property?.declarations?.some(isVscodeApi)) return property;
    }
    return undefined;
  }

  /** `Interface.property` when `symbol` is one of the API's drawn properties. */
  private drawnProperty(symbol: ts.Symbol | undefined): string | undefined {
    for (const declaration of symbol?.declarations ?? []) {
      if (!isVscodeApi(declaration)) continue;
      const owner = declaration.parent;
      if (ts.isInterfaceDeclaration(owner) && DRAWN_PROPERTIES[owner.name.text]?.includes(symbol!.name)) return `${owner.name.text}.${symbol!.name}`;
      // What a progress notification is told (`progress.report({ message })`): its type has no name of its own.
      if (symbol!.name === 'message' && ts.isTypeLiteralNode(owner) && ts.findAncestor(owner, (node) => ts.isFunctionDeclaration(node) && node.name?.text === 'withProgress')) return 'withProgress report.message';
    }
    return undefined;
  }

  private isValidateInput(property: ts.Symbol | undefined): boolean {
    if (property?.name !== 'validateInput') return false;
    return (property.declarations ?? []).some((declaration) => isVscodeApi(declaration) && ts.isInterfaceDeclaration(declaration.parent) && declaration.parent.name.text === 'InputBoxOptions');
  }

  /** What a function (written in place, or a const, function or method of src/) returns. */
  private returnedValues(value: ts.Node): ts.Expression[] {
    const target = ts.isIdentifier(value) ? this.declarationOf(value) : value;
    const fn = target && ts.isVariableDeclaration(target) ? target.initializer : target;
    if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) || !fn.body) return [];
    if (!ts.isBlock(fn.body)) return [fn.body];
    const returned: ts.Expression[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node)) return;
      if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(fn.body, visit);
    return returned;
  }

  /**
   * The pieces of `value` that may carry outside text unneutralized. `whole`: the value reaches the
   * sink as it is; `piece`: it is part of built text. `following`: the consts and functions being
   * followed (a cycle ends there).
   */
  private unsafePieces(value: ts.Expression, as: 'whole' | 'piece', following: ReadonlySet<ts.Node>): ts.Expression[] {
    const node = unwrapped(value);
    if (ts.isStringLiteralLike(node) || ts.isNumericLiteral(node) || this.isNeutralized(node)) return [];
    if (ts.isTemplateExpression(node)) return node.templateSpans.flatMap((span) => this.unsafePieces(span.expression, 'piece', following));
    if (ts.isConditionalExpression(node)) return [...this.unsafePieces(node.whenTrue, as, following), ...this.unsafePieces(node.whenFalse, as, following)];
    if (ts.isAwaitExpression(node)) return this.unsafePieces(node.expression, as, following);
    if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind;
      if (operator === ts.SyntaxKind.PlusToken) return [...this.unsafePieces(node.left, 'piece', following), ...this.unsafePieces(node.right, 'piece', following)];
      if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) return [...this.unsafePieces(node.left, as, following), ...this.unsafePieces(node.right, as, following)];
    }
    if (ts.isObjectLiteralExpression(node)) return []; // A validation message object: its `message` is a sink of its own.
    if (this.isFixed(node)) return [];
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'join') {
      return [...this.unsafeElements(node.expression.expression, following), ...node.arguments.flatMap((separator) => this.unsafePieces(separator, 'piece', following))];
    }
    return this.followed(node, as, following) ?? (as === 'whole' ? [] : [node]);
  }

  /** A const's initializer, or what a function of src/ returns, looked into; undefined when `node` is neither (or is being followed). */
  private followed(node: ts.Expression, as: 'whole' | 'piece', following: ReadonlySet<ts.Node>): ts.Expression[] | undefined {
    const source = ts.isIdentifier(node) ? this.constInitializer(node) : ts.isCallExpression(node) ? this.calledFunction(node) : undefined;
    if (!source || following.has(source)) return undefined;
    const inner = new Set([...following, source]);
    const values = ts.isExpression(source) ? [source] : this.returnedValues(source);
    return values.flatMap((returned) => this.unsafePieces(returned, as, inner));
  }

  /** The pieces of an array's elements that may carry outside text (for a `join`). */
  private unsafeElements(array: ts.Expression, following: ReadonlySet<ts.Node>): ts.Expression[] {
    const node = unwrapped(array);
    if (ts.isArrayLiteralExpression(node)) {
      return node.elements.flatMap((element) => (ts.isSpreadElement(element) ? this.unsafeElements(element.expression, following) : this.unsafePieces(element, 'piece', following)));
    }
    const initializer = ts.isIdentifier(node) ? this.constInitializer(node) : undefined;
    if (initializer && !following.has(initializer)) return this.unsafeElements(initializer, new Set([...following, initializer]));
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [callback] = node.arguments;
      // Methods that keep some of the elements as they are.
      if (['filter', 'slice', 'reverse', 'sort', 'toSorted', 'toReversed'].includes(method)) return this.unsafeElements(node.expression.expression, following);
      if (method === 'map' && callback) return this.returnedValues(callback).flatMap((returned) => this.unsafePieces(returned, 'piece', following));
    }
    return [node];
  }

  /** A call of `plainText`, the one neutralizer. */
  private isNeutralized(node: ts.Expression): boolean {
    if (!ts.isCallExpression(node)) return false;
    const declaration = this.resolved(this.checker.getSymbolAtLocation(node.expression))?.declarations?.[0];
    return declaration !== undefined && ts.isFunctionDeclaration(declaration) && declaration.name?.text === 'plainText' && path.resolve(declaration.getSourceFile().fileName) === NEUTRALIZER;
  }

  /** A value whose type allows only fixed words, numbers, booleans (or nothing), or a number written out. */
  private isFixed(node: ts.Expression): boolean {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && this.hasType(node.expression.expression, NUMBERS)) return true;
    return this.hasType(node, NUMBERS | ts.TypeFlags.StringLiteral | ts.TypeFlags.EnumLiteral | ts.TypeFlags.Undefined | ts.TypeFlags.Null);
  }

  /** Every type `node` may have is one of `flags`. */
  private hasType(node: ts.Expression, flags: ts.TypeFlags): boolean {
    const type = this.checker.getTypeAtLocation(node);
    return (type.isUnion() ? type.types : [type]).every((part) => (part.flags & flags) !== 0);
  }

  /** The initializer of the `const` an identifier names, when it is declared in src/ (or the examples). */
  private constInitializer(identifier: ts.Identifier): ts.Expression | undefined {
    const declaration = this.declarationOf(identifier);
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
    return ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const ? declaration.initializer : undefined;
  }

  /** The function or method of src/ (or the examples) that `call` runs, when the checker knows it. */
  private calledFunction(call: ts.CallExpression): ts.SignatureDeclaration | undefined {
    const declaration = this.checker.getResolvedSignature(call)?.declaration;
    if (!declaration || ts.isJSDocSignature(declaration) || !this.inScope(declaration)) return undefined;
    return ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration) || ts.isArrowFunction(declaration) || ts.isFunctionExpression(declaration) ? declaration : undefined;
  }

  private declarationOf(identifier: ts.Identifier): ts.Declaration | undefined {
    const declaration = this.resolved(this.checker.getSymbolAtLocation(identifier))?.valueDeclaration;
    return declaration && this.inScope(declaration) ? declaration : undefined;
  }

  private inScope(declaration: ts.Node): boolean {
    const file = path.resolve(declaration.getSourceFile().fileName);
    return file.startsWith(SRC + path.sep) || file === EXAMPLES;
  }

  private resolved(symbol: ts.Symbol | undefined): ts.Symbol | undefined {
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
  }
}

function show({ at, piece, sink, shownAt }: Finding): string {
  const shown = shownAt.file === at.file ? `line ${shownAt.line}` : `${shownAt.file}:${shownAt.line}`;
  return `${at.file}:${at.line} ${piece} (in the ${sink} at ${shown})`;
}

describe('text shown in notifications, input boxes and quick picks', function () {
  // One type-checked program over src/ is built and walked: seconds, more on a busy machine.
  this.timeout(180_000);
  let program: ts.Program;
  let rule: NotificationTextRule;

  before(() => {
    // With VS Code's and Node's types: the checker needs them all.
    const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
    const options = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
    const sources = typeScriptFilesUnder(SRC).filter((file) => !file.startsWith(WEBVIEW + path.sep));
    program = ts.createProgram({ rootNames: [...sources, EXAMPLES], options });
    rule = new NotificationTextRule(program);
  });

  it('reports the examples marked as reported, and only those', () => {
    const file = program.getSourceFile(EXAMPLES)!;
    const marked = file.text.split('\n').flatMap((line, index) => (line.trimEnd().endsWith('// reported') ? [index + 1] : []));
    assert.ok(marked.length >= 12, `only ${marked.length} examples are marked`);
    assert.deepEqual([...new Set(rule.findings(file).map((finding) => finding.at.line))].sort((a, b) => a - b), marked);
  });

  it('finds no session, file, model or server text unneutralized in what src/ shows', () => {
    const files = program.getSourceFiles().filter((file) => path.resolve(file.fileName).startsWith(SRC + path.sep));
    assert.ok(files.length > 200, `only ${files.length} files of src/ were checked`);
    assert.deepEqual(files.flatMap((file) => rule.findings(file)).map(show), []);
  });
});
