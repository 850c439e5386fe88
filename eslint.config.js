// Lint rules for the whole tree (npm run lint): TypeScript's recommended rules over the server, the tests,
// the benchmarks and the scripts, and the client's own rules (client/eslint.config.js: Relay and hooks).
// Type checking itself is tsc's job; formatting is Prettier's (npm run format).
import tseslint from 'typescript-eslint';
import client from './client/eslint.config.js';

export default tseslint.config(
  { ignores: ['**/generated/**', 'client/__generated__/**', 'dist/**', 'data/**', 'test-results/**', 'node_modules/**'] },
  {
    files: [
      'server/**/*.ts',
      'tests/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      'training/**/*.ts',
      'common/**/*.ts',
      'prisma/**/*.ts',
      '*.ts',
    ],
    extends: [...tseslint.configs.recommended],
    rules: {
      // A leading underscore names what is there on purpose and unused (a destructured field left out).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A timer declared before the callback that clears it, and assigned after, is not a constant.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  ...client,
);
