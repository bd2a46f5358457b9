// The TypeScript declarations of the shipped JSON Schemas, and the check that stock code
// generators read every shipped schema as it is. Run by `nox -s types` (check) and
// `nox -s regenerate` (write).
//
//   node tools/schema_types.mjs PACKAGE_DIR           check
//   node tools/schema_types.mjs PACKAGE_DIR --write   write the committed files
//
// PACKAGE_DIR is an installed millions_rules package (nox -s types installs the built wheel)
// or src/millions_rules. Nothing is preprocessed: the generators read the files as shipped.
//
// Check: json-schema-to-typescript 15 and 16 turn each game's bundle into the same text,
// which must equal the committed declarations (in the package next to the bundle, and in
// npm/millions-rules-types/ with a copy of the bundle and the library's version); then
// json-schema-to-typescript 15 and 16 and quicktype generate every shipped schema file
// into build/types-check/, each type under its own name, once (no `PlayerView1`), for
// `tsc --strict` to compile (tsconfig.types.json).
import { compileFromFile as json2ts15 } from "json-schema-to-typescript-15";
import { compileFromFile as json2ts16 } from "json-schema-to-typescript-16";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GAMES = [
  {
    game: "millions",
    dir: "schemas",
    bundle: "millions.schema.json",
    named: [
      "Action", "Event", "Role", "Phase", "Dealer", "RepeatRole", "WinReason",
      "PlayerView", "GameConfig", "GameRecord", "GameState", "PublicRecord",
    ],
  },
  {
    game: "torraku",
    dir: "torraku/schemas",
    bundle: "torraku.schema.json",
    named: [
      "Action", "Event", "PieceKind", "Phase", "Placement",
      "TorrakuView", "TorrakuConfig", "TorrakuRecord", "TorrakuState",
    ],
  },
];
const NPM = "npm/millions-rules-types";
const OUT = "build/types-check";
const QUICKTYPE = "node_modules/quicktype/dist/index.js";

const [packageDir, ...flags] = process.argv.slice(2);
if (!packageDir || flags.some((flag) => flag !== "--write")) {
  console.error("usage: node tools/schema_types.mjs PACKAGE_DIR [--write]");
  process.exit(2);
}
const write = flags.includes("--write");
const version = /__version__ = "([^"]+)"/.exec(readFileSync(join(packageDir, "_version.py"), "utf8"))[1];
const problems = [];

/** The names a generated file declares, in order. */
function declared(ts) {
  return [...ts.matchAll(/^export (?:declare )?(?:interface|type|enum|class|const) (\w+)/gm)].map((m) => m[1]);
}

/** The problems of a generated file's names: each declared once, none renamed, all wanted. */
function nameProblems(label, ts, wanted) {
  const names = declared(ts);
  const found = [];
  const seen = new Set();
  for (const name of names) {
    if (seen.has(name)) found.push(`${label}: ${name} declared twice`);
    if (/\d$/.test(name)) found.push(`${label}: ${name} is a renamed duplicate`);
    seen.add(name);
  }
  for (const name of wanted) if (!seen.has(name)) found.push(`${label}: no type named ${name}`);
  return found;
}

function compare(path, expected) {
  const actual = existsSync(path) ? readFileSync(path, "utf8") : null;
  if (actual === expected) return;
  if (write) writeFileSync(path, expected);
  else problems.push(`${path} is not the generated file (nox -s regenerate rewrites it)`);
}

// The declarations of each game's bundle.
mkdirSync(NPM, { recursive: true });
for (const { game, dir, bundle, named } of GAMES) {
  const source = join(packageDir, dir, bundle);
  const [ts15, ts16] = [await json2ts15(source), await json2ts16(source)];
  if (ts15 !== ts16) problems.push(`${bundle}: json-schema-to-typescript 15 and 16 disagree`);
  problems.push(...nameProblems(`${bundle} (json2ts)`, ts15, named));
  compare(join("src/millions_rules", dir, `${game}.d.ts`), ts15);
  compare(join(NPM, `${game}.d.ts`), ts15);
  compare(join(NPM, bundle), readFileSync(source, "utf8"));
  if (!write && readFileSync(join(packageDir, dir, `${game}.d.ts`), "utf8") !== ts15) {
    problems.push(`${join(packageDir, dir, `${game}.d.ts`)}: the package ships other declarations`);
  }
  console.log(`${game}.d.ts: ${ts15.split("\n").length - 1} lines, ${declared(ts15).length} types`);
}
const manifestPath = join(NPM, "package.json");
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
if (manifest.version !== version) {
  if (write) writeFileSync(manifestPath, JSON.stringify({ ...manifest, version }, null, 2) + "\n");
  else problems.push(`${manifestPath}: version ${manifest.version}, the library's is ${version}`);
}

// Every shipped file through every generator, as it is.
if (!write) {
  rmSync(OUT, { recursive: true, force: true });
  const lines = { "json2ts-15": 0, "json2ts-16": 0, quicktype: 0 };
  for (const { game, dir, bundle, named } of GAMES) {
    for (const file of readdirSync(join(packageDir, dir)).filter((f) => f.endsWith(".json")).sort()) {
      const source = join(packageDir, dir, file);
      const title = JSON.parse(readFileSync(source, "utf8")).title;
      const wanted = file === bundle ? [title, ...named] : [title];
      const stem = file.replace(/\.json$/, "").replace(".", "_");
      const outputs = {
        "json2ts-15": await json2ts15(source),
        "json2ts-16": await json2ts16(source),
        quicktype: execFileSync(
          process.execPath,
          [QUICKTYPE, "--src-lang", "schema", "--lang", "ts", "--just-types", "--top-level", title, source],
          { encoding: "utf8" },
        ),
      };
      for (const [tool, ts] of Object.entries(outputs)) {
        mkdirSync(join(OUT, tool, game), { recursive: true });
        writeFileSync(join(OUT, tool, game, `${stem}.ts`), ts);
        problems.push(...nameProblems(`${game}/${file} (${tool})`, ts, wanted));
        lines[tool] += ts.split("\n").length - 1;
      }
    }
  }
  console.log(`every shipped file generated into ${OUT}/: ${JSON.stringify(lines)} lines`);
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
