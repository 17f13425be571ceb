// The play pages' Pyodide start (issue 43, point 1): copied by the build next to pyodide.mjs as
// runtime/pyodide/start.mjs and named as PyScript's interpreter (directly, or behind
// assets/snapshot.js, which imports it in the same way).
//
// Pyodide's npm package ships its standard library as source, and Pyodide never writes
// bytecode, so every start compiles each module it imports. The build compiles the modules the
// play pages import, with the pinned Pyodide's own Python (sitebuild/precompile.py), into
// python_stdlib-pyc.zip beside the shipped python_stdlib.zip; the engine zip carries its
// modules' bytecode too. This module starts Pyodide on the compiled archive; should that start
// fail (the archive missing or damaged, or bytecode this Python cannot read), Pyodide starts
// again as shipped, from python_stdlib.zip: the normal start is always the fallback. The
// worker's console says which start was used.
//
// The compiled archive holds only what the pages import (and what that imports), with a
// module, _stdlib_rest (sitebuild/stdlib_rest.py), that this start installs: the first import
// of a module left out fetches python_stdlib.zip, the whole library, and imports it from there.
import * as real from "./pyodide.mjs";

export const version = real.version;

const HERE = new URL(".", import.meta.url).href;
export const COMPILED = "python_stdlib-pyc.zip";
export const WHOLE = "python_stdlib.zip";

export async function loadPyodide(options = {}) {
  const indexURL = options.indexURL || HERE;
  const compiled = indexURL + COMPILED;
  // What Python (its stderr) and Pyodide write to the console as errors while the compiled
  // start runs (a start that fails says why there) is held back: should it fail, that is the reason, told
  // as warnings (the fallback is no error; the failed start's later lines too); should it
  // work, it is written as it was.
  const consoleError = console.error;
  let held = [];
  let failed = false;
  const hold = (...args) => {
    if (held) held.push(args);
    else (failed ? console.warn : consoleError).apply(console, args);
  };
  console.error = hold;
  // Pyodide leaves the failed download of the archive unhandled: it is handled here (the
  // listener stays: it only ever matches that archive's URL).
  const missing = (event) => {
    if (String(event.reason && event.reason.message || event.reason).includes(compiled)) {
      event.preventDefault();
    }
  };
  globalThis.addEventListener?.("unhandledrejection", missing);
  const release = () => {
    const lines = held;
    held = null;
    if (console.error === hold) console.error = consoleError;
    return lines;
  };
  try {
    const py = await real.loadPyodide({...options, indexURL, stdLibURL: compiled,
                                       stderr: (line) => hold(line)});
    // The rest of the standard library, fetched when a module of it is first imported.
    const whole = new URL(WHOLE, new URL(indexURL, HERE)).href;
    py.runPython(`import _stdlib_rest\n_stdlib_rest.install(${JSON.stringify(whole)})`);
    // Python's stderr goes where it would have gone: the caller's, or Pyodide's default.
    py.setStderr(options.stderr ? {batched: options.stderr} : undefined);
    for (const args of release()) consoleError.apply(console, args);
    console.debug("Python started from precompiled modules");
    return py;
  } catch (error) {
    failed = true;
    const lines = release().map((args) => args.join(" "));
    // A start from a memory snapshot (assets/snapshot.js passes it in a private, "_" option)
    // that fails is the snapshot's to handle: it drops the copy and starts again through here.
    if (Object.keys(options).some((name) => name.startsWith("_"))) throw error;
    console.warn("Python starts from source: the precompiled modules did not load (" +
                 String(error && error.message || error).slice(0, 200) + ")\n" +
                 lines.slice(0, 20).join("\n"));
    return real.loadPyodide({...options, indexURL});
  }
}
