// ESLint (flat config) for the site's own JavaScript: a small rule set that catches real bugs.
// The page scripts are also type-checked by `tsc -p jsconfig.json` (both run in scripts/test.sh).
import js from "@eslint/js";
import globals from "globals";

const bugs = {
  ...js.configs.recommended.rules,  // no-undef, no-unused-vars, no-redeclare, no-dupe-keys, ...
  eqeqeq: ["error", "always"],
  "no-unused-vars": ["error", {args: "after-used", caughtErrors: "none"}],
  "no-shadow-restricted-names": "error",
  "no-self-compare": "error",
  "no-template-curly-in-string": "error",
  "no-unmodified-loop-condition": "error",
  "no-unreachable-loop": "error",
  "no-constructor-return": "error",
  "array-callback-return": "error",
  "no-new-func": "error",
  "no-eval": "error",
  "no-implied-eval": "error",
};

// One block of files: their kind of script and the globals their environment has.
const block = (files, sourceType, environment, ignores = []) => ({
  files, ignores, rules: bugs,
  languageOptions: {ecmaVersion: 2022, sourceType, globals: environment},
});

export default [
  {ignores: ["site/**", "node_modules/**", ".venv/**", ".cache/**", "**/*.d.ts"]},
  // Page scripts loaded with <script src> (their own scope: each is one function).
  block(["docs/assets/*.js"], "script", globals.browser,
        ["docs/assets/widget-host.js", "docs/assets/snapshot.js"]),
  // ES modules: the play pages' adapter, and the snapshot module (page and worker).
  block(["docs/assets/widget-host.js", "docs/assets/snapshot.js"], "module",
        {...globals.browser, ...globals.worker}),
  // The service worker's source (sitebuild/offline.py fills in its @build lines).
  block(["sitebuild/sw.js"], "script", globals.serviceworker),
  // Build helpers run by Node, and the Pyodide start module run in the browser's worker.
  block(["sitebuild/*.mjs", "eslint.config.mjs"], "module", {...globals.node, ...globals.worker}),
];
