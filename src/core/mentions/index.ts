export { BLOCK_TAGS, escapeName, formatBlock, unescapeName, type BlockTag, type MentionBlock } from './blocks';
export { diskFiles, FOLDER_LIMIT, SCAN_BYTES, type MentionFiles } from './diskFiles';
export { MentionError, mentionGoneText, type MentionErrorReason } from './errors';
export { expandMentions, MAX_PROBLEMS, problemsText, type EditorSelection, type Expansion, type MentionSources, type Problem, type ProblemSeverity, type TerminalText } from './expand';
export { parseMentions, rangeName, SPECIAL_MENTIONS, type LineRange, type Mention, type SpecialMention } from './parse';
export { buildFileIndex, fileIndex, filesExcludeRules, fuzzyScore, MAX_INDEXED, MAX_SUGGESTIONS, type FileIndex, type IndexedPath, type MentionSuggestion } from './fileIndex';
