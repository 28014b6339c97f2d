/** What other workspaces may use of the server: building it and reading its settings. */
export { buildServer, type BuildOptions, type PopoteServer } from './app.js';
export { loadConfig, type ServerConfig } from './config.js';
