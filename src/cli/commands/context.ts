/** `arbor context <file> [--leaf ID]`: the messages the model would receive from that entry. */
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
  usage: '[--leaf ID]',
  summary: 'the context messages (role and text) built from the current position or --leaf',
  flags: [LEAF_FLAG],
  async run({ file, args }) {
    const loaded = await loadForCli(file);
    const leafId = resolveLeaf(loaded, stringFlag(args, 'leaf'));
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
