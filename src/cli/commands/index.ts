/** Every subcommand, in the order the help text lists them. */
import type { Command } from '../command';
import { branchEntriesCommand } from './branchEntries';
import { checkCommand } from './check';
import { compactCommand } from './compact';
import { contextCommand } from './context';
import { hideCommand, replaceCommand, unhideCommand } from './contextEdit';
import { cutPointCommand } from './cutPoint';
import { exportCommand } from './export';
import { filesCommand } from './files';
import { pinCommand } from './pin';
import { repairCommand } from './repair';
import { restoreCommand } from './restore';
import { runCommand } from './runPrompt';
import { tokensCommand } from './tokens';
import { treeCommand } from './tree';
import { usageCommand } from './usage';

export const COMMANDS: readonly Command[] = [treeCommand, contextCommand, tokensCommand, usageCommand, cutPointCommand, branchEntriesCommand, checkCommand, repairCommand, exportCommand, compactCommand, runCommand, filesCommand, restoreCommand, pinCommand, hideCommand, replaceCommand, unhideCommand];
