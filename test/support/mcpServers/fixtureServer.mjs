// A real MCP server for the tests, written with the official SDK's low-level `Server` (plain JSON
// schemas, so tool names and schemas are exactly what a test asks for). One factory serves the
// stdio script and the streamable-HTTP server: each connection gets its own `Server`.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** A 1×1 transparent PNG. */
export const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const object = (properties = {}, required = []) => ({ type: 'object', properties, required });

/** The tools every fixture server offers, by name. */
function baseTools() {
  return [
    { name: 'echo', description: 'Echoes the text back.', inputSchema: object({ text: { type: 'string', description: 'What to echo' } }, ['text']) },
    { name: 'image', description: 'Returns a one-pixel image.', inputSchema: object() },
    {
      name: 'structured',
      description: 'Returns the weather as structured content, mirrored as text.',
      inputSchema: object({ city: { type: 'string' } }),
      outputSchema: object({ city: { type: 'string' }, celsius: { type: 'number' } }),
    },
    { name: 'structured_only', description: 'Returns structured content without content blocks.', inputSchema: object() },
    { name: 'slow', description: 'Waits, sending progress, and honours cancellation.', inputSchema: object({ steps: { type: 'number' }, stepMs: { type: 'number' } }) },
    { name: 'fail', description: 'Always fails with isError.', inputSchema: object() },
    { name: 'fail_silently', description: 'Fails with isError and no text.', inputSchema: object() },
    { name: 'crash', description: 'Ends the server process (stdio) or forgets every session (HTTP).', inputSchema: object() },
    { name: 'change_tools', description: 'Withdraws `withdrawn` and adds `added`, then announces the change.', inputSchema: object() },
    { name: 'withdrawn', description: 'Offered until change_tools runs.', inputSchema: object() },
    { name: 'long', description: 'Returns a long text of numbered lines.', inputSchema: object({ lines: { type: 'number' } }, ['lines']) },
    { name: 'noisy', description: 'Writes a line to stderr, then answers.', inputSchema: object({ line: { type: 'string' } }, ['line']) },
    { name: 'pid', description: 'The server process id.', inputSchema: object() },
    { name: 'env', description: 'The value of an environment variable of the server.', inputSchema: object({ name: { type: 'string' } }, ['name']) },
    { name: 'mixed', description: 'Returns a resource link, an embedded text resource and audio.', inputSchema: object() },
  ];
}

const COLLIDING_TOOLS = [
  { name: 'a-b', description: 'Dashed.', inputSchema: object() },
  { name: 'a_b', description: 'Underscored.', inputSchema: object() },
  { name: 'a.c', description: 'Dotted, alone after sanitizing.', inputSchema: { properties: { x: { type: 'string' } } } },
  { name: `very_long_${'x'.repeat(70)}`, description: 'Too long for a plain name.', inputSchema: object() },
];

/** Words for the generated tools: a realistic catalogue (an issue tracker's API, as many servers offer). */
const SUBJECTS = ['issue', 'pull_request', 'comment', 'label', 'milestone', 'branch', 'release', 'workflow'];
const VERBS = ['list', 'get', 'create', 'update', 'delete'];

/**
 * `count` tools shaped like a real server's: a sentence or two of description and a schema with a
 * few typed, described properties (the size a GitHub or database server's tools have).
 */
function generatedTools(count) {
  return Array.from({ length: count }, (_, index) => {
    const subject = SUBJECTS[index % SUBJECTS.length];
    const verb = VERBS[Math.floor(index / SUBJECTS.length) % VERBS.length];
    return {
      name: `${verb}_${subject}_${index}`,
      description: `${verb[0].toUpperCase()}${verb.slice(1)} a ${subject.replace('_', ' ')} in a repository. Use this when the user asks about a ${subject.replace('_', ' ')} by number or wants to change one; results are paginated, newest first, and include the author, state and timestamps.`,
      inputSchema: object(
        {
          owner: { type: 'string', description: 'Repository owner (user or organization)' },
          repo: { type: 'string', description: 'Repository name' },
          number: { type: 'integer', description: `The ${subject.replace('_', ' ')} number` },
          state: { type: 'string', enum: ['open', 'closed', 'all'], description: 'Filter by state' },
          per_page: { type: 'integer', minimum: 1, maximum: 100, description: 'Results per page (max 100)' },
          page: { type: 'integer', minimum: 1, description: 'Page number of the results to fetch' },
        },
        ['owner', 'repo'],
      ),
    };
  });
}

const ADDED_TOOL = { name: 'added', description: 'Offered once change_tools ran: finds the treasure.', inputSchema: object({ where: { type: 'string' } }) };

const text = (value) => ({ content: [{ type: 'text', text: value }] });

const sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('cancelled'));
    }, { once: true });
  });

/**
 * State shared by the connections of one server process (the tool list changes for all of them).
 * Options: `colliding` adds tools whose names collide once sanitized; `resources` offers resources;
 * `instructions`; `generatedTools: N` adds N tools shaped like a real server's; `onCrash` is what `crash` does; `onCancel` hears a cancelled `slow` call.
 */
export function createFixtureState(options = {}) {
  const state = { changed: false, servers: new Set(), cancelled: 0 };
  state.tools = () => [
    ...baseTools().filter((tool) => !(state.changed && tool.name === 'withdrawn')),
    ...(state.changed ? [ADDED_TOOL] : []),
    ...(options.colliding ? COLLIDING_TOOLS : []),
    ...generatedTools(options.generatedTools ?? 0),
  ];
  state.createServer = () => createFixtureServer(state, options);
  return state;
}

function createFixtureServer(state, options) {
  const capabilities = { tools: { listChanged: true }, logging: {}, ...(options.resources ? { resources: {} } : {}) };
  const server = new Server({ name: 'arbor-fixture', version: '1.0.0' }, { capabilities, ...(options.instructions ? { instructions: options.instructions } : {}) });
  state.servers.add(server);
  server.onclose = () => state.servers.delete(server);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: state.tools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    const name = request.params.name;
    if (!state.tools().some((tool) => tool.name === name)) return { ...text(`Unknown tool ${name}`), isError: true };
    if (/_\d+$/.test(name)) return text(`${name} ran`);
    switch (name) {
      case 'echo':
        return text(`echo: ${args.text}`);
      case 'image':
        return { content: [{ type: 'text', text: 'a pixel:' }, { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' }] };
      case 'structured': {
        const weather = { city: args.city ?? 'Oslo', celsius: 21 };
        return { content: [{ type: 'text', text: JSON.stringify(weather) }], structuredContent: weather };
      }
      case 'structured_only':
        return { content: [], structuredContent: { answer: 42 } };
      case 'slow': {
        const steps = args.steps ?? 3;
        const token = request.params._meta?.progressToken;
        try {
          for (let step = 1; step <= steps; step++) {
            await sleep(args.stepMs ?? 100, extra.signal);
            if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: steps, message: `step ${step}` } });
          }
        } catch (error) {
          state.cancelled++;
          options.onCancel?.();
          throw error;
        }
        return text(`done after ${steps} steps`);
      }
      case 'fail':
        return { ...text('it failed: the widget is broken'), isError: true };
      case 'fail_silently':
        return { content: [], isError: true };
      case 'crash':
        options.onCrash?.();
        return text('crashing');
      case 'change_tools':
        state.changed = true;
        for (const each of state.servers) void each.sendToolListChanged().catch(() => undefined);
        return text('changed');
      case 'withdrawn':
        return text('still here');
      case 'added':
        return text(`treasure at ${args.where ?? 'nowhere'}`);
      case 'long':
        return text(Array.from({ length: args.lines }, (_, index) => `line ${index + 1} ${'.'.repeat(40)}`).join('\n'));
      case 'noisy':
        process.stderr.write(`${args.line}\n`);
        return text('answered');
      case 'pid':
        return text(String(process.pid));
      case 'env':
        return text(process.env[args.name] ?? '(unset)');
      case 'mixed':
        return {
          content: [
            { type: 'resource_link', uri: 'fixture://readme', name: 'readme', mimeType: 'text/plain' },
            { type: 'resource', resource: { uri: 'fixture://inline', mimeType: 'text/plain', text: 'inline text' } },
            { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          ],
        };
      default:
        return { ...text(`Unknown tool ${name}`), isError: true };
    }
  });
  if (options.resources) addResources(server);
  return server;
}

function addResources(server) {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [
      { uri: 'fixture://readme', name: 'readme', mimeType: 'text/plain', description: 'The fixture readme' },
      { uri: 'fixture://pixel.png', name: 'pixel', mimeType: 'image/png' },
      { uri: 'ui://app', name: 'an MCP app', mimeType: 'text/html' },
    ],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [{ uriTemplate: 'fixture://items/{id}', name: 'item', description: 'One item by id' }],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    if (uri === 'fixture://readme') return { contents: [{ uri, mimeType: 'text/plain', text: 'Read me first.' }] };
    if (uri === 'fixture://pixel.png') return { contents: [{ uri, mimeType: 'image/png', blob: PIXEL_PNG }] };
    const item = /^fixture:\/\/items\/(.+)$/.exec(uri);
    if (item) return { contents: [{ uri, mimeType: 'text/plain', text: `item ${item[1]}` }] };
    throw new Error(`No resource ${uri}`);
  });
}
