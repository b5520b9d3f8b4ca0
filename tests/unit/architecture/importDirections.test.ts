// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The front end's import directions (docs/architecture.md, "Import directions"): every import of
 * src/**\/*.ts(x) points to its own layer or one below, never up; and one entity's screens in
 * src/resources import another entity's screens only through that entity's public index.
 */

const ROOT = path.resolve(__dirname, '../../..');
const SRC = path.join(ROOT, 'src');

/** Bottom first. A folder (or file) directly under src belongs to exactly one layer. */
const LAYERS: readonly (readonly string[])[] = [
  ['schemas', 'config'],
  ['api', 'auth', 'ui', 'navigation'],
  ['shell'],
  ['resources', 'student', 'pages'],
  ['areas'],
  ['router', 'main.tsx'],
];

/** Folders of src/resources shared by every entity's screens: they import no entity folder. */
const RESOURCE_INFRA = new Set(['generator', 'memory']);

/**
 * The files of an entity folder another entity may import besides its index. Kept short: each
 * entry says why the index is not enough.
 */
const ALLOWED_ENTITY_IMPORTS: readonly { from: string; to: string; why: string }[] = [
  {
    from: 'quizzes',
    to: 'src/resources/questions/QuestionView.tsx',
    why: 'the question renderer carries no react-admin and is imported from its own file (the student area renders questions too)',
  },
];

export interface Edge {
  file: string;
  spec: string;
  target: string;
}

const layerOf = (rel: string): number => {
  const top = rel.split('/')[1];
  return LAYERS.findIndex((layer) => layer.includes(top));
};

/** The violations among `edges` (paths relative to the repository root, with '/'). */
export function violations(edges: readonly Edge[]): string[] {
  const found: string[] = [];
  const unplaced = new Set<string>();
  for (const { file, spec, target } of edges) {
    if (!target.startsWith('src/')) continue;
    const from = layerOf(file);
    const to = layerOf(target);
    if (from < 0 && !unplaced.has(file)) {
      unplaced.add(file);
      found.push(`${file}: not in any layer (place ${file.split('/')[1]} in LAYERS)`);
    }
    if (to < 0) found.push(`${file} imports '${spec}': ${target} is not in any layer`);
    if (from >= 0 && to > from) {
      found.push(`${file} imports '${spec}': ${target.split('/')[1]} (layer ${to}) is above ${file.split('/')[1]} (layer ${from})`);
    }
    const [, fromTop, fromEntity] = file.split('/');
    const [, toTop, toEntity] = target.split('/');
    if (fromTop !== 'resources' || toTop !== 'resources' || fromEntity === toEntity) continue;
    if (RESOURCE_INFRA.has(toEntity)) continue;
    if (RESOURCE_INFRA.has(fromEntity)) {
      found.push(`${file} imports '${spec}': the shared resources/${fromEntity} imports the entity folder resources/${toEntity}`);
      continue;
    }
    const isIndex = /^src\/resources\/[^/]+\/index\.tsx?$/.test(target);
    const allowed = ALLOWED_ENTITY_IMPORTS.some((a) => a.from === fromEntity && a.to === target);
    if (!isIndex && !allowed) {
      found.push(`${file} imports '${spec}': resources/${fromEntity} reaches into resources/${toEntity} (import its index.ts)`);
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolve(fromFile: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), spec);
  const hit = CANDIDATES.map((suffix) => base + suffix).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
  return hit;
}

/** Comment lines are left out, so an example in a comment is not read as an import. */
const codeOf = (text: string): string =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');

const IMPORT_PATTERNS = [
  /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, // import x from, import type {..} from, export {..} from, export * from
  /\bimport\s*['"]([^'"]+)['"]/g, // import './side-effect'
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, // import('./lazy')
];

const specifiersOf = (text: string): string[] => {
  const code = codeOf(text);
  return IMPORT_PATTERNS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]));
};

/** Every relative import, re-export and dynamic import() of src, type-only ones included. */
function importEdges(): { edges: Edge[]; unresolved: string[]; files: string[] } {
  const files = sourceFiles(SRC);
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  for (const file of files) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    for (const spec of specifiersOf(fs.readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(file, spec.replace(/\?.*$/, ''));
      if (!target) {
        unresolved.push(`${rel} imports '${spec}'`);
        continue;
      }
      edges.push({ file: rel, spec, target: path.relative(ROOT, target).split(path.sep).join('/') });
    }
  }
  return { edges, unresolved, files: files.map((file) => path.relative(ROOT, file).split(path.sep).join('/')) };
}

describe('import directions of src', () => {
  const { edges, unresolved, files } = importEdges();

  it('reads the imports of every source file', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(edges.length).toBeGreaterThan(500);
    expect(unresolved).toEqual([]);
    // Dynamic imports are read too: the router loads each area lazily.
    expect(edges.some((e) => e.file === 'src/router/areaEntries.ts' && e.target.startsWith('src/areas/'))).toBe(true);
  });

  it('places every file of src in a layer', () => {
    expect(files.filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it('has no import from a lower layer to a higher one, nor into another entity\'s screens', () => {
    expect(violations(edges)).toEqual([]);
  });

  it('keeps each allowed exception in use', () => {
    const unused = ALLOWED_ENTITY_IMPORTS.filter((a) => !edges.some((e) => e.target === a.to && e.file.startsWith(`src/resources/${a.from}/`)));
    expect(unused).toEqual([]);
  });

  it('names the file and the import of an upward or sideways import', () => {
    const sample: Edge[] = [
      { file: 'src/ui/Widget.tsx', spec: '../shell/areaSections', target: 'src/shell/areaSections.ts' },
      { file: 'src/resources/quizzes/list/QuizList.tsx', spec: '../../questions/list/QuestionList', target: 'src/resources/questions/list/QuestionList.tsx' },
      { file: 'src/resources/generator/EntityList.tsx', spec: '../quizzes', target: 'src/resources/quizzes/index.ts' },
      { file: 'src/stray.ts', spec: './schemas', target: 'src/schemas/index.ts' },
    ];
    expect(violations(sample)).toEqual([
      "src/ui/Widget.tsx imports '../shell/areaSections': shell (layer 2) is above ui (layer 1)",
      "src/resources/quizzes/list/QuizList.tsx imports '../../questions/list/QuestionList': resources/quizzes reaches into resources/questions (import its index.ts)",
      "src/resources/generator/EntityList.tsx imports '../quizzes': the shared resources/generator imports the entity folder resources/quizzes",
      'src/stray.ts: not in any layer (place stray.ts in LAYERS)',
    ]);
    // Down, within a layer, and through an index are fine.
    expect(
      violations([
        { file: 'src/areas/teacher/index.tsx', spec: '../../resources/quizzes', target: 'src/resources/quizzes/index.ts' },
        { file: 'src/resources/quizzes/form/QuizForm.tsx', spec: '../../questions', target: 'src/resources/questions/index.ts' },
        { file: 'src/student/accountScreens.ts', spec: '../pages/account/ProfilePage', target: 'src/pages/account/ProfilePage.tsx' },
      ]),
    ).toEqual([]);
  });
});
