/**
 * What the browser tests' harness offers to other workspaces (`@popote/web/e2e`, from the
 * sources only): the app served by an in-process server with Chromium, pages and logins, and
 * the seeder that fills an account through /sync. The benchmarks' browser groups use it.
 */
export * from './harness.js';
export * from './pages.js';
export * from './seed.js';
