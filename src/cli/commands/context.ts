/**
 * `arbor context <file> [--at ID]`: the messages pi 1.6's `buildSessionContext` gives at that entry
 * (system messages and checkpoints included, by role; edits applied), with the thinking level and
 * the model. Other tools rely on this shape.
 */
import { buildSessionContext, type ModelRef } from '../../core/session';
import { stringFlag } from '../args';
import { LEAF_FLAG, type Command } from '../command';
import { contextMessageText } from '../describe';
import { loadForCli, resolveLeaf } from '../load';

export interface ContextReport {
  leafId: string | null;
  thinkingLevel: string;
  model: ModelRef | null;
  messages: { role: string; text: string }[];
}

export const contextCommand: Command = {
  name: 'context',
  usage: '[--at ID]',
  summary: 'the context messages (role and text, system messages included) at the current position or --at ID, with the thinking level and model',
  flags: [LEAF_FLAG],
  async run({ file, args }) {
    const loaded = await loadForCli(file);
    const leafId = resolveLeaf(loaded, stringFlag(args, 'at'));
    const context = buildSessionContext(loaded.tree, leafId);
    const report: ContextReport = {
      leafId,
      thinkingLevel: context.thinkingLevel,
      model: context.model,
      messages: context.messages.map((message) => ({ role: message.role, text: contextMessageText(message) })),
    };
    return { json: () => report, text: () => renderContext(report) };
  },
};

function* renderContext(report: ContextReport): Generator<string> {
  const model = report.model ? `${report.model.provider}/${report.model.modelId}` : '(none)';
  yield `context at ${report.leafId ?? '(before the first entry)'}: ${report.messages.length} messages, model ${model}, thinking ${report.thinkingLevel}\n`;
  for (const [index, message] of report.messages.entries()) yield `\n[${index + 1}] ${message.role}\n${indent(message.text)}`;
}

function indent(text: string): string {
  return text === '' ? '    (no text)\n' : `${text.replace(/^/gm, '    ')}\n`;
}
