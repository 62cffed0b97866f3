/**
 * pi's MCP package (`@earendil-works/pi-mcp`) is ESM only: loaded with `import()`, once, on the first
 * server start. Nothing of it is loaded in a window without MCP servers.
 */
export type PiMcp = typeof import('@earendil-works/pi-mcp');

let loading: Promise<PiMcp> | undefined;
let loaded: PiMcp | undefined;

export function loadPiMcp(): Promise<PiMcp> {
  loading ??= import('@earendil-works/pi-mcp').then((module) => (loaded = module));
  return loading;
}

/**
 * The package, once loaded. A server's tools exist only after it connected, which loaded it first,
 * so code that handles a server's tools can read it without waiting.
 */
export function piMcpLoaded(): PiMcp {
  if (!loaded) throw new Error('The MCP client library is not loaded yet.');
  return loaded;
}
