export * from './format.js';
export * from './zip.js';
export * from './collect.js';
export * from './plan.js';
