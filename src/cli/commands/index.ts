/** Every subcommand, in the order the help text lists them. */
import type { Command } from '../command';
import { checkCommand } from './check';
import { contextCommand } from './context';
import { exportCommand } from './export';
import { repairCommand } from './repair';
import { tokensCommand } from './tokens';
import { treeCommand } from './tree';

export const COMMANDS: readonly Command[] = [treeCommand, contextCommand, tokensCommand, checkCommand, repairCommand, exportCommand];
