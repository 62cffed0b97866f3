// A launcher like `npx`: runs the stdio fixture server as its child with the same stdio and exits
// when the child does. It forwards no signal, so ending only this process would leave the server
// running: the connection has to end the whole process group.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('./stdioServer.mjs', import.meta.url));
const child = spawn(process.execPath, [server, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
