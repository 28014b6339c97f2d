/**
 * Every French text the user sees, in this one folder: common texts (shell, login, settings,
 * feedback, sync) and one module per screen. Screens import from here, never embed wording.
 */
export * from './common';
export * from './agenda';
export * from './stays';
export * from './export';
export * from './library';
export * from './kitchen';
export * from './register';
export * from './undo';
export * from './shopping';
export * from './costs';
export * from './team';
export * from './journal';
export * from './data';
export * from './account-deletion';
export * from './recipe-reading';
