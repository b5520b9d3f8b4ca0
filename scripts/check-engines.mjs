// Checks that every package of package-lock.json declares support for the oldest Node.js this
// project claims to run on (the lowest version of package.json's `engines.node`) and for the Node.js
// running the check. It reads the `engines` that the lock records for each package, so it does not
// depend on the wording of npm's EBADENGINE warning, and it also sees packages npm installs only on
// other platforms (the optional native builds of rolldown, esbuild, ...).
//
//   node scripts/check-engines.mjs [--dir DIR] [--node VERSION]...
//
// DIR (default: the current directory) holds package.json and package-lock.json; each --node adds
// a version to check. Exits 1, naming each package, its version, the range it declares and the
// packages that require it, when one of them does not accept a version checked.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

function parseArgs(argv) {
  const opts = { dir: '.', node: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dir' && argv[i + 1]) opts.dir = argv[++i];
    else if (arg === '--node' && argv[i + 1]) opts.node.push(argv[++i]);
    else throw new Error(`unknown argument: ${arg} (expected --dir DIR or --node VERSION)`);
  }
  return opts;
}

/** The package's name from its place in the lock: the part after the last `node_modules/`. */
function nameOf(lockPath) {
  return lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** The lock paths where Node's resolution from the package at `from` finds `name`. */
function resolves(packages, from, name) {
  for (let dir = from; ; ) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

/** Who requires the package at `target`: the packages whose dependency on its name resolves to it. */
function dependantsOf(packages, target) {
  const name = nameOf(target);
  const out = [];
  for (const [from, entry] of Object.entries(packages)) {
    const wanted = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies, ...entry.devDependencies };
    if (!(name in wanted) || resolves(packages, from, name) !== target) continue;
    out.push(from ? `${nameOf(from)}@${entry.version}` : 'package.json');
  }
  return out;
}

export function checkEngines(dir, extraVersions = []) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
  const range = pkg.engines?.node;
  if (typeof range !== 'string' || !semver.validRange(range)) {
    return { ok: false, lines: [`package.json: engines.node must be a version range such as ">=20.19.0" (found ${JSON.stringify(range)})`] };
  }
  const minimum = semver.minVersion(range).version;
  const versions = [...new Set([minimum, ...extraVersions.map((v) => semver.clean(v) ?? v)])];
  const lines = [];
  for (const v of versions) {
    if (!semver.valid(v)) lines.push(`--node ${v}: not a Node.js version`);
    else if (!semver.satisfies(v, range)) lines.push(`Node.js ${v} is outside this project's engines.node "${range}"`);
  }
  const packages = lock.packages ?? {};
  let checked = 0;
  for (const [where, entry] of Object.entries(packages)) {
    const wanted = entry.engines?.node;
    // npm itself ignores an `engines` that is not an object with a string `node` (old packages wrote an array).
    if (!where || entry.link || typeof wanted !== 'string') continue;
    checked++;
    const refused = versions.filter((v) => semver.valid(v) && !semver.satisfies(v, wanted, { includePrerelease: true }));
    if (!refused.length) continue;
    const by = dependantsOf(packages, where);
    lines.push(
      `${nameOf(where)}@${entry.version} requires node "${wanted}", which excludes Node.js ${refused.join(' and ')}` +
        ` (${where}${by.length ? `; required by ${by.join(', ')}` : ''})`,
    );
  }
  return { ok: lines.length === 0, minimum, versions, checked, lines };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  let result;
  try {
    const opts = parseArgs(process.argv.slice(2));
    result = checkEngines(opts.dir, [process.version, ...opts.node]);
  } catch (err) {
    console.error(`check-engines: ${err.message}`);
    process.exit(2);
  }
  if (result.ok) {
    console.log(`check-engines: the ${result.checked} packages of package-lock.json that declare engines.node all accept Node.js ${result.versions.join(' and ')}`);
  } else {
    console.error(`check-engines: package-lock.json does not fit this project's Node.js${result.versions ? ` ${result.versions.join(' and ')}` : ''}:`);
    for (const line of result.lines) console.error(`  ${line}`);
    console.error('Choose versions whose engines.node include these (a lower direct dependency, or an "overrides" entry in package.json for a transitive one), or raise engines.node and the README.');
    process.exit(1);
  }
}
