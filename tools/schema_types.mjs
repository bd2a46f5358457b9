// Writes TypeScript declarations for the shipped JSON Schemas (src/millions_rules/schemas/)
// (and Torraku's) into build/web-types/, for `tsc --checkJs` of the web table's page. Run by `nox -s web`.
//
// json-schema-to-typescript reads draft-07 style `definitions`, so each schema's `$defs`
// are renamed and the root `$ref` is replaced by the definition it points to; nothing
// else changes.
import { compile } from "json-schema-to-typescript";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// Millions' schemas go to build/web-types/, Torraku's to build/web-types/torraku/.
const sources = [
  ["src/millions_rules/schemas", "build/web-types"],
  ["src/millions_rules/torraku/schemas", "build/web-types/torraku"],
];

function asDefinitions(schema) {
  const text = JSON.stringify(schema.$defs).replaceAll('"#/$defs/', '"#/definitions/');
  const definitions = JSON.parse(text);
  const rootName = schema.$ref.replace("#/$defs/", "");
  return { ...definitions[rootName], title: schema.title, definitions };
}

for (const [schemas, out] of sources) {
mkdirSync(out, { recursive: true });
for (const file of readdirSync(schemas).filter((name) => name.endsWith(".json")).sort()) {
  const schema = JSON.parse(readFileSync(join(schemas, file), "utf8"));
  const ts = await compile(asDefinitions(schema), schema.title, {
    bannerComment: `/* Generated from ${file} by tools/schema_types.mjs: do not edit. */`,
    additionalProperties: false,
    unreachableDefinitions: true,
    format: false,
  });
  writeFileSync(join(out, file.replace(/\.json$/, ".d.ts")), ts);
}
}
