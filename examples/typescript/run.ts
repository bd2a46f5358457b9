// Plays one seat of a web table with the client's greedy strategy, checks the last
// view with Ajv, then prints how the game ended. Compiled by
// `tsc -p tsconfig.client.json`: `node run.js http://127.0.0.1:8000 TOKEN`.
import { greedy, play } from "./client.js";
import { asPlayerView } from "./validate.js";

const [base, token] = process.argv.slice(2);
if (base === undefined || token === undefined) {
  console.error("usage: node run.js BASE_URL TOKEN");
  process.exit(2);
}
const last = asPlayerView(await play(base, token, greedy));
const { phase, winners, version } = last;
console.log(JSON.stringify({ phase, winners, version }));
