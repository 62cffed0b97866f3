// Examples for the notification text rule (notificationText.test.ts): never run, only analysed.
// A line ending in `// reported` is one the rule must report; every other line must pass.
import * as vscode from 'vscode';
import { plainText } from '../../src/core/util/plainText';

const { window } = vscode;
const FIXED = 'Arbor';

export function messages(name: string, count: number, shown: 'is' | 'are', error: Error): void {
  void vscode.window.showWarningMessage(`${name} is no longer in the workspace.`); // reported
  void vscode.window.showErrorMessage('Failed: ' + error.message); // reported
  void window.showInformationMessage(`Opened ${name}`); // reported
  void vscode.window.showWarningMessage(`${plainText(name)} is no longer in the workspace.`);
  void vscode.window.showWarningMessage(plainText(`${name} is no longer in the workspace.`));
  void vscode.window.showInformationMessage(`${FIXED}: ${count} file${count === 1 ? '' : 's'} ${shown} left.`);
  // Passed whole, a value is its builder's concern.
  void vscode.window.showErrorMessage(error.message);
  void vscode.window.showErrorMessage(name);
}

export function followsConsts(name: string): void {
  const built = `Session ${name} was replaced.`; // reported
  void vscode.window.showWarningMessage(built);
  const safe = plainText(name);
  const alsoSafe = `Session ${safe} was replaced.`;
  void vscode.window.showWarningMessage(alsoSafe);
  const either = name.length > 3 ? `Long: ${name}` : 'Short'; // reported
  void vscode.window.showInformationMessage(either);
}

export async function inputsAndPicks(name: string, icon: 'target' | 'git-branch'): Promise<void> {
  await vscode.window.showInputBox({
    title: `Rename ${name}`, // reported
    prompt: `A new name for "${plainText(name)}"`,
    placeHolder: name,
    validateInput: (value) => (value === name ? `Still ${name}` : undefined), // reported
  });
  await vscode.window.showQuickPick(
    [1, 2].map((n): vscode.QuickPickItem => ({ label: `$(${icon}) ${plainText(name)} ${n}`, detail: `from ${name}` })), // reported
    { title: 'Pick one', placeHolder: `Current: ${name}` }, // reported
  );
  await vscode.window.showQuickPick(['fixed', `${name} item`]); // reported
  const pick = vscode.window.createQuickPick();
  pick.title = `Search ${name}`; // reported
  pick.placeholder = `Words in ${plainText(name)}`;
  pick.items = [{ label: name, description: `in ${name}` }]; // reported
  const box = vscode.window.createInputBox();
  box.validationMessage = `Not ${name}`; // reported
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Compacting ${name}` }, async () => undefined); // reported
  // A modal dialog's detail is drawn as plain text.
  await vscode.window.showWarningMessage('Delete?', { modal: true, detail: `The session ${name} goes to the trash.` });
}

const KINDS = { file: 'File', folder: 'Folder' } as const;

/** A message built by a helper: the helper is looked into, wherever it is. */
function goneText(path: string): string {
  return `${path} is gone.`; // reported
}

function sizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes}B` : `${(bytes / 1024).toFixed(1)}KB`;
}

export async function helpersAndLists(name: string, names: string[], kind: keyof typeof KINDS): Promise<void> {
  void vscode.window.showWarningMessage(goneText(name));
  void vscode.window.showInformationMessage(`${KINDS[kind]} takes ${sizeText(names.length)}.`);
  void vscode.window.showInformationMessage(`Found: ${names.map((one) => plainText(one)).join(', ')}.`);
  void vscode.window.showInformationMessage(`Found: ${names.join(', ')}.`); // reported
  void vscode.window.showInformationMessage(`Found ${'one'.concat(name)}.`); // reported
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Compacting' }, async (progress) => {
    progress.report({ message: `reading ${name}` }); // reported
    progress.report({ message: `reading ${plainText(name)}`, increment: 10 });
  });
}
