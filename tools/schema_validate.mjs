// Ajv (JSON Schema draft 2020-12, strict mode) validates documents the library wrote against
// the shipped schemas as they are: each against its own file and against its type in the
// game's bundle. Run by `nox -s types`:
//
//   node tools/schema_validate.mjs PACKAGE_DIR SAMPLES.json
//
// SAMPLES.json is what `python tests/schema_samples.py SAMPLES.json` writes:
// {"millions": {"player_view.json": [document, ...], ...}, "torraku": {...}}.
import Ajv2020 from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const DIRS = { millions: "schemas", torraku: "torraku/schemas" };
const BUNDLES = { millions: "millions.schema.json", torraku: "torraku.schema.json" };

const [packageDir, samplesPath] = process.argv.slice(2);
if (!packageDir || !samplesPath) {
  console.error("usage: node tools/schema_validate.mjs PACKAGE_DIR SAMPLES.json");
  process.exit(2);
}
const samples = JSON.parse(readFileSync(samplesPath, "utf8"));
const read = (game, file) => JSON.parse(readFileSync(join(packageDir, DIRS[game], file), "utf8"));
let invalid = 0;

for (const [game, files] of Object.entries(samples)) {
  const ajv = new Ajv2020({ strict: true, allErrors: false });
  ajv.addSchema(read(game, BUNDLES[game]), BUNDLES[game]);
  for (const [file, documents] of Object.entries(files)) {
    const schema = read(game, file);
    const byFile = new Ajv2020({ strict: true }).compile(schema);
    const byBundle = ajv.getSchema(`${BUNDLES[game]}#/$defs/${schema.title}`);
    let bad = 0;
    for (const document of documents) {
      for (const validate of [byFile, byBundle]) {
        if (!validate(document)) {
          bad += 1;
          if (bad <= 3) console.error(game, file, JSON.stringify(validate.errors).slice(0, 500));
        }
      }
    }
    if (byFile({ type: "no_such_type" }) || byBundle({ type: "no_such_type" })) {
      console.error(`${game} ${file}: accepts a document of no type`);
      bad += 1;
    }
    invalid += bad;
    console.log(`${game} ${file}: ${documents.length} documents, ${bad} invalid`);
  }
}
process.exit(invalid === 0 ? 0 : 1);
