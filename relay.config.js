// relay-compiler reads this file; in an ESM package it must use named exports.
export const src = './client';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './client/__generated__';
export const excludes = ['**/node_modules/**', '**/__generated__/**'];
export const eagerEsModules = true;
// Every operation the client sends is persisted (issue 12): the compiler writes its text to this file under
// its MD5 id, the client sends only `documentId`, and in production the server accepts only these.
export const persistConfig = { file: './persisted-queries.json', algorithm: 'MD5' };
