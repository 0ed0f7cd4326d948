export * from './messages.js';
export * from './common-passwords.js';
export * from './fields.js';
export * from './schemas.js';
export * from './issues.js';
export * from './places.js';
export * from './card.js';
export * from './admin.js';
