// relay-compiler reads this file; in an ESM package it must use named exports.
export const src = './client';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './client/__generated__';
export const excludes = ['**/node_modules/**', '**/__generated__/**'];
export const eagerEsModules = true;
