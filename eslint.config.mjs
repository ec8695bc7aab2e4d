// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** Import boundaries: core knows no module; a module reaches another only through its manifest file. */
const boundaries = {
  core: {
    patterns: [
      {
        regex: '^(\\.\\./)+modules/',
        message:
          'src/core must not import from src/modules: declare what core needs in core and let modules provide it.',
      },
    ],
  },
  /**
   * For a file `levels` folders below its module's folder (0: src/modules/<area>/x.ts, 1: .../<area>/print/x.ts):
   * `../<other>/<file>` (one more `../` per level) where <file> is not the other module's manifest (<other>.module).
   * @param {number} levels
   */
  modules: (levels) => ({
    patterns: [
      {
        regex: `^(\\.\\./){${levels + 1}}(?!\\.)[^/]+/(?![^/]+\\.module$).+`,
        message:
          "Deep import into another module: use what its manifest exposes (import its '<area>.module' file, or the services its build returns).",
      },
    ],
  }),
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'src/web/src/gql/**', 'docs/**', '**/*.mjs', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { id: _id, ...rest } = row` is how a key is left out of a copy: the named sibling is the point.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', boundaries.core] },
  },
  ...['src/modules/*/*.ts', 'src/modules/*/*/*.ts', 'src/modules/*/*/*/*.ts'].map((files, levels) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', boundaries.modules(levels)] },
  })),
  {
    // Tests and benchmarks read JSON answers (typed `any` by the HTTP helpers) and assert them with chai:
    // typing every body would restate the API's types in each test, and the assertion checks the shape.
    files: ['test/**/*.ts', 'scripts/bench/**/*.ts'],
    rules: {
      // chai's property assertions (`expect(x).to.be.true`) are expressions by design.
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  prettier,
);
