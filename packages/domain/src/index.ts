export * from './errors.js';
export * from './enums.js';
export * from './entities.js';
export * from './text.js';
export * from './store.js';
export * from './memory-store.js';
