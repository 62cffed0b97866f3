// The API VS Code gives a webview's scripts (only `acquireVsCodeApi`, callable once), typed with
// the webview → host messages of src/shared/protocol.ts.
interface VsCodeWebviewApi {
  postMessage(message: import('../shared/protocol').WebviewToHostMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeWebviewApi;
