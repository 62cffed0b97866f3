// The fixture MCP server over streamable HTTP on 127.0.0.1 (a free port), in the test's process.
// `crash` forgets every session, as a restarted server would; `requireToken` refuses (403) requests
// whose Authorization header is not `Bearer <token>`, echoing what it got in the 401 body.
// `failNext(count, status)` answers the next `count` requests with that status before the server
// sees them, as a busy or restarting server's proxy would; `requests()` counts every request.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createFixtureState } from './fixtureServer.mjs';

export async function startHttpFixture(options = {}) {
  const sessions = new Map();
  const forget = () => {
    for (const transport of sessions.values()) void transport.close().catch(() => undefined);
    sessions.clear();
  };
  const state = createFixtureState({ ...options, onCrash: () => setTimeout(forget, 10) });
  let requests = 0;
  const failing = { count: options.failFirst ?? 0, status: options.failStatus ?? 503 };
  const http = createServer(async (req, res) => {
    requests += 1;
    try {
      if (failing.count > 0) {
        failing.count -= 1;
        res.writeHead(failing.status, { 'content-type': 'text/plain' }).end('busy');
        return;
      }
      if (options.requireToken && req.headers.authorization !== `Bearer ${options.requireToken}`) {
        res.writeHead(403, { 'content-type': 'text/plain' }).end(`refused authorization ${req.headers.authorization ?? '(none)'}`);
        return;
      }
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!transport) {
        if (id !== undefined || req.method !== 'POST' || !isInitializeRequest(body)) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
          return;
        }
        transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sessionId) => sessions.set(sessionId, transport) });
        await state.createServer().connect(transport);
      }
      await transport.handleRequest(req, res, body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    state,
    sessionCount: () => sessions.size,
    requests: () => requests,
    failNext(count, status = 503) {
      failing.count = count;
      failing.status = status;
    },
    async close() {
      forget();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(() => resolve()));
    },
  };
}
