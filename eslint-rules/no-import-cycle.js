import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

// No import circle among the repo's own files, type-only imports included
// (docs/decisions/2026-11-28-no-import-cycles.md). eslint-plugin-import-x's no-cycle always skips `import type`,
// and most circles here ran through a type kept in the wrong file; so this rule follows every static import
// and export-from, resolved the way tsc resolves them (tsconfig paths: ~/). Dynamic import() is left out: it
// runs later, on purpose.

/** A file's own imports, read once per change (mtime), so one lint run parses each file once. */
const importsCache = new Map();
/** How long a cached file is trusted before its mtime is checked again (an editor's long-running ESLint). */
const RECHECK_MS = 1000;
const projects = new Map();
const REPO_TSCONFIG = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "tsconfig.json");

function projectFor(configPath) {
  let project = projects.get(configPath);
  if (!project) {
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath));
    const root = path.dirname(configPath);
    project = { root, options, cache: ts.createModuleResolutionCache(root, (name) => name, options) };
    projects.set(configPath, project);
  }
  return project;
}

/** Only the repo's own sources take part: not packages, not react-router's generated +types files. */
function isOwnSource(project, file) {
  const relative = path.relative(project.root, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return false;
  return !relative.split(path.sep).some((part) => part === "node_modules" || part.startsWith("."));
}

function resolve(project, specifier, fromFile) {
  const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, project.options, ts.sys, project.cache);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport || resolvedModule.extension === ".d.ts") return null;
  const file = path.normalize(resolvedModule.resolvedFileName);
  return isOwnSource(project, file) ? file : null;
}

/** The module specifiers of a file's static imports and re-exports (type-only ones too). */
function specifiersOf(sourceFile) {
  const specifiers = [];
  for (const statement of sourceFile.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      specifiers.push(statement.moduleReference.expression.text);
    }
  }
  return specifiers;
}

function importsOf(project, file) {
  const now = Date.now();
  let entry = importsCache.get(file);
  if (entry && now - entry.checkedAt < RECHECK_MS) return entry.targets;
  let mtimeMs;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  if (!entry || entry.mtimeMs !== mtimeMs) {
    const text = fs.readFileSync(file, "utf8");
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
    const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
    const targets = [...new Set(specifiersOf(sourceFile).map((specifier) => resolve(project, specifier, file)))];
    entry = { mtimeMs, targets: targets.filter(Boolean) };
  }
  entry.checkedAt = now;
  importsCache.set(file, entry);
  return entry.targets;
}

/** The shortest import path from `start` back to `goal`, or null (breadth-first over the import graph). */
function pathBack(project, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let index = 0; index < queue.length; index++) {
    const file = queue[index];
    for (const next of importsOf(project, file)) {
      if (next === goal) {
        const route = [file];
        for (let step = cameFrom.get(file); step; step = cameFrom.get(step)) route.unshift(step);
        return route;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "Forbid an import that leads back to the importing file (type-only imports included)." },
    schema: [
      {
        type: "object",
        properties: { tsconfig: { type: "string", description: "Default: the repo's tsconfig.json." } },
        additionalProperties: false,
      },
    ],
    messages: { cycle: "Import circle: {{circle}}. Move the shared name to a file both can import." },
  },
  create(context) {
    const tsconfig = context.options[0]?.tsconfig;
    const project = projectFor(tsconfig ? path.resolve(context.cwd, tsconfig) : REPO_TSCONFIG);
    const file = path.normalize(context.physicalFilename);
    if (!isOwnSource(project, file)) return {};
    const show = (f) => path.relative(project.root, f);

    function check(node, source) {
      if (!source || typeof source.value !== "string") return;
      const target = resolve(project, source.value, file);
      if (!target || target === file) return;
      const route = pathBack(project, target, file);
      if (!route) return;
      context.report({ node, messageId: "cycle", data: { circle: [file, ...route, file].map(show).join(" → ") } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === "TSExternalModuleReference" && check(node, node.moduleReference.expression),
    };
  },
};
