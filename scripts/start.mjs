// `npm start`: build what is stale, then run the API (which serves the web app) in this process,
// so Ctrl-C reaches it directly and it stops PostgreSQL before exiting.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './ensure-built.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureBuilt();
await import(pathToFileURL(path.join(root, 'apps/api/dist/main.js')).href);
