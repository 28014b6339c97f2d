/**
 * Starts the server: `node dist/main.js` (settings from the environment, see config.ts).
 */
import { loadConfig } from './config.js';
import { buildServer } from './app.js';
import { isDomainError } from '@popote/domain';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildServer(config);
  let address: string;
  try {
    address = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`Le port ${config.port} est déjà utilisé sur ${config.host}.`);
    }
    throw error;
  }
  // Without PUBLIC_URL, mailed links use the address actually bound (PORT=0 picks one).
  if (!process.env.PUBLIC_URL?.trim()) app.popote.config.publicUrl = address;
  console.log(`Popote est prêt sur ${address}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C does not wait for open connections.
      process.exit(1);
    }
    stopping = true;
    console.log(`Arrêt de Popote (${signal})…`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const message = isDomainError(error) || error instanceof Error ? error.message : String(error);
  console.error(`Popote n'a pas pu démarrer : ${message}`);
  process.exit(1);
});
