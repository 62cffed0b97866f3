// The words the extension shows for failures (src/vscode/errors.ts runs without VS Code: it only
// names its types). Each failure arrives typed, with its reason; these are the sentences users read.
import { strict as assert } from 'node:assert';
import { UnansweredPromptError } from '../../../src/core/agent';
import { CompactionError } from '../../../src/core/compaction';
import { LlmError } from '../../../src/core/llm/provider';
import { SessionError } from '../../../src/core/session';
import { branchSummaryFailureText, compactionOutcome, promptFailure, runFailureFix, runFailureText, SET_KEY_COMMAND, userMessage } from '../../../src/vscode/errors';

const refused = new LlmError('invalid-request', 'The API rejected the request (400 invalid_request_error): bad summary');

describe('the words for failures', () => {
  it('tells a compaction with nothing to do, or one that was stopped, as an info, once and in plain words', () => {
    assert.deepEqual(compactionOutcome(new CompactionError('nothing-to-compact', 'Nothing to compact (session too small)', { nothing: 'empty-session' })), {
      level: 'info',
      text: 'Nothing to compact (session too small).',
    });
    assert.deepEqual(compactionOutcome(new CompactionError('cancelled', 'Compaction cancelled')), { level: 'info', text: 'Compaction stopped: nothing was written.' });
  });

  it('tells a failed compaction as an error with its reason, never "Something went wrong" for a known one', () => {
    const summary = new CompactionError('summarization-failed', `Summarization failed: ${refused.message}`, { cause: refused });
    assert.deepEqual(compactionOutcome(summary), {
      level: 'error',
      text: 'Compaction failed: The model could not write the summary: The API rejected the request (400 invalid_request_error): bad summary',
    });
    const written = new CompactionError('failed', 'disk full', { cause: new SessionError('write-failed', 'The disk is full (ENOSPC)', { problem: 'disk-full' }) });
    assert.deepEqual(compactionOutcome(written), { level: 'error', text: 'Compaction failed: The disk is full (ENOSPC).' });
    assert.deepEqual(compactionOutcome(new Error('boom')), { level: 'error', text: 'Compaction failed: Something went wrong: boom' });
  });

  it('names the cause of a branch summary that failed, through the errors that wrap it', () => {
    const request = new CompactionError('summarization-failed', `Summarization failed: ${refused.message}`, { cause: refused });
    const branch = new CompactionError('summarization-failed', request.message, { cause: request });
    assert.equal(
      branchSummaryFailureText(branch),
      'The branch could not be summarized, so the position did not move. The model could not write the summary: The API rejected the request (400 invalid_request_error): bad summary',
    );
  });

  it('turns a prompt that got no reply into the chat\'s error by its reason, with the fix when there is one', () => {
    const auth = promptFailure(new UnansweredPromptError('auth', 'The API key was refused (401)'), undefined);
    assert.deepEqual([auth.reason, auth.message, auth.command], ['auth', 'The Anthropic API refused the key. Set a valid one, then send again. (The API key was refused (401))', SET_KEY_COMMAND]);
    const network = promptFailure(new UnansweredPromptError('network', 'Network error: fetch failed'), 'http://127.0.0.1:9');
    assert.deepEqual([network.reason, network.message, network.command], ['network', 'Arbor could not reach the Anthropic API at http://127.0.0.1:9. Check the connection and the arbor.baseUrl setting, then send again.', undefined]);
    assert.equal(promptFailure(new UnansweredPromptError('overloaded', 'The API is overloaded (529)'), undefined).reason, 'server');
    assert.deepEqual([promptFailure(new Error('odd'), undefined).reason, promptFailure(new Error('odd'), undefined).message], ['failed', 'The prompt could not be sent: odd']);
  });

  it('words a run that failed by its reason, and offers the key command only for a refused key', () => {
    assert.equal(runFailureText('write-failed', 'The disk is full (ENOSPC)'), 'The disk is full (ENOSPC). What was not saved stays in this window; the notification offers Retry and Save a Copy…');
    assert.equal(runFailureText('internal', 'x is undefined'), 'Something went wrong in Arbor: x is undefined');
    assert.equal(runFailureText('model-error', 'refused'), 'The request failed: refused');
    assert.equal(runFailureFix('auth'), SET_KEY_COMMAND);
    assert.equal(runFailureFix('network'), undefined);
    assert.equal(userMessage(new SessionError('entry-not-found', 'Entry x not found')), 'That entry is not in the session.');
  });
});
