// Checks at run time that a document is what its type says, with Ajv and the schema
// bundle the npm package carries (validate against `#/$defs/<its type>`).
import Ajv2020 from "ajv/dist/2020.js";
import bundle from "millions-rules-types/millions.schema.json" with { type: "json" };
import type { PlayerView } from "millions-rules-types/millions";

const ajv = new Ajv2020();
ajv.addSchema(bundle, "millions.schema.json");
const isPlayerView = ajv.compile<PlayerView>({
  $ref: "millions.schema.json#/$defs/PlayerView",
});

/** `document` as a PlayerView, or an error saying where it is not one. */
export function asPlayerView(document: unknown): PlayerView {
  if (isPlayerView(document)) return document;
  throw new Error(ajv.errorsText(isPlayerView.errors));
}
