/**
 * Bundles a probe (a module of bench/probe) for the browser with the app's own bundler and
 * resolution (Vite from web/, workspace packages from source), as one script that sets
 * `window.__popoteProbe` to the module's exports. Nothing of it ships with the app.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = fileURLToPath(new URL('../../web/', import.meta.url));
const repoDir = fileURLToPath(new URL('../../', import.meta.url));

interface ViteApi {
  build(
    config: unknown,
  ): Promise<{ output: { code?: string }[] } | { output: { code?: string }[] }[]>;
  defaultClientConditions: string[];
}

export const PROBE_GLOBAL = '__popoteProbe';

const built = new Map<string, Promise<string>>();

/** The probe's script, built once per run of the benchmarks. */
export function buildProbe(name: string): Promise<string> {
  let code = built.get(name);
  if (!code) {
    code = bundle(name);
    built.set(name, code);
  }
  return code;
}

async function bundle(name: string): Promise<string> {
  const vitePath = createRequire(`${webDir}package.json`).resolve('vite');
  const vite = (await import(pathToFileURL(vitePath).href)) as ViteApi;
  const result = await vite.build({
    configFile: false,
    root: repoDir,
    logLevel: 'warn',
    mode: 'production',
    publicDir: false,
    resolve: { conditions: ['source', ...vite.defaultClientConditions] },
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      lib: {
        entry: fileURLToPath(new URL(`./${name}.ts`, import.meta.url)),
        formats: ['iife'],
        name: PROBE_GLOBAL,
        fileName: name,
      },
    },
  });
  const output = Array.isArray(result) ? result[0]!.output : result.output;
  const code = output[0]?.code;
  if (!code) throw new Error(`The probe ${name} did not build`);
  // Evaluated as a script, or wrapped in a function by the driver: set the global either way.
  return `${code}\nwindow.${PROBE_GLOBAL} = ${PROBE_GLOBAL};`;
}
