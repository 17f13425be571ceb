// Compile Python archives with the pinned Pyodide's own Python, under Node (issue 43, point 1).
//
//   node sitebuild/precompile.mjs <pyodide folder> <jobs.json>
//
// jobs.json: {"engine": host path of the engine zip, "jobs": [{"input": host path, "output":
// host path, "mode": "sourceless" | "cached", "prefix": "stdlib" | ""}]}. Each input zip is
// rewritten by sitebuild/precompile.py running inside Pyodide (its bytecode is then exactly
// what the browser's Pyodide reads). The prefix "stdlib" stands for the path Pyodide mounts its
// standard library zip at (tracebacks show it). The engine is unpacked and imported first, so
// that a "sourceless" job compiles the standard library modules a play page imports.
// Prints one JSON line: {"python": version, "magic": hex, "outputs": [...]}.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [folder, jobsPath] = process.argv.slice(2);
const index = folder.endsWith("/") ? folder : folder + "/";
const { loadPyodide } = await import(pathToFileURL(join(index, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: index });
const helper = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "precompile.py"));
py.FS.mkdirTree("/precompile");
py.FS.writeFile("/precompile/sitebuild_precompile.py", helper);
const stdlib = py.runPython(
  "import sys; next(p for p in sys.path if p.endswith('.zip')) + '/'");
const { engine, jobs } = JSON.parse(readFileSync(jobsPath, "utf8"));
py.unpackArchive(new Uint8Array(readFileSync(engine)), "zip", { extractDir: "/precompile/engine" });
const inside = jobs.map((job, n) => {
  py.FS.writeFile(`/precompile/in-${n}.zip`, readFileSync(job.input));
  const rest = job.rest ? `/precompile/rest-${n}.py` : undefined;
  if (rest) py.FS.writeFile(rest, readFileSync(job.rest));
  return { input: `/precompile/in-${n}.zip`, output: `/precompile/out-${n}.zip`, rest,
           mode: job.mode, prefix: job.prefix === "stdlib" ? stdlib : (job.prefix || "") };
});
py.globals.set("JOBS", JSON.stringify(inside));
py.runPython(`
import json, sys
sys.path.insert(0, "/precompile")
import sitebuild_precompile
sitebuild_precompile.run_jobs(json.loads(JOBS), "/precompile/engine")
`);
jobs.forEach((job, n) => writeFileSync(job.output, py.FS.readFile(`/precompile/out-${n}.zip`)));
const info = py.runPython(
  "import sys, importlib.util; sys.version.split()[0] + ' ' + importlib.util.MAGIC_NUMBER.hex()");
const [python, magic] = info.split(" ");
console.log(JSON.stringify({ python, magic, outputs: jobs.map((job) => job.output) }));
