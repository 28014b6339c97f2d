// Its own chunk (mutation-rights.ts): the registry of mutations with their declared access.
export { mayRun, mayRunAs } from '@popote/domain';
