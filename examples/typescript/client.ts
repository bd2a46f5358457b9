// A typed client of the web table (`python -m millions_rules serve`): it reads its
// seat's view, picks one of the legal actions and posts it, until the game is over.
// The types come from the npm package millions-rules-types, generated from the
// library's JSON Schemas; `nox -s types` checks this file with `tsc --strict`.
import type { Action, PlayerView, Role } from "millions-rules-types/millions";

/** What `GET /api/update` returns: the seat's view and what the page shows. */
export interface Update {
  view: PlayerView;
  /** The view's new events, narrated in `lang`. */
  log: string[];
  /** A label for each of `view.legal_actions`, in the same order. */
  labels: string[];
  ending: string | null;
  lang: string;
  names: string[];
  bots: number[];
  host: boolean;
  words: Record<string, string>;
}

/** What the server answers to a refused request. */
export interface Refusal {
  error: string;
  message: string;
}

/** A strategy: one of the view's legal actions (never called with none). */
export type Strategy = (view: PlayerView) => Action;

/** The specialists in the order this client likes to send them. */
const FAVOURITES: readonly Role[] = ["mastermind", "driver", "crook", "brute"];

/**
 * Send a favourite specialist, stay in every heist, else take the first legal action:
 * each test narrows `Action` by its `type`, so `action.roles` is known to be `Role[]`.
 */
export const greedy: Strategy = (view) => {
  const actions = view.legal_actions;
  for (const role of FAVOURITES) {
    const choice = actions.find(
      (action) => action.type === "choose" && action.roles.includes(role),
    );
    if (choice !== undefined) return choice;
  }
  return actions.find((action) => action.type === "stay") ?? actions[0];
};

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function update(base: string, token: string): Promise<Update> {
  // The token goes in a header, never in the URL (a proxy's log would keep it).
  const response = await fetch(`${base}/api/update`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    const refusal = (await response.json()) as Refusal;
    throw new Error(`${refusal.error}: ${refusal.message}`);
  }
  return (await response.json()) as Update;
}

/**
 * Play `token`'s seat at the table served at `base` with `strategy` until the game is
 * over; returns the last view, whose `winners` say who won.
 */
export async function play(
  base: string,
  token: string,
  strategy: Strategy,
): Promise<PlayerView> {
  for (;;) {
    const { view } = await update(base, token);
    if (view.phase === "game_over") return view;
    if (view.legal_actions.length === 0) {
      await sleep(200); // another seat's turn
      continue;
    }
    const action = strategy(view);
    const response = await fetch(`${base}/api/act`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      // A fresh id per action: a request repeated after a lost answer is played once.
      body: JSON.stringify({
        version: view.version,
        action,
        request: crypto.randomUUID(),
      }),
    });
    if (response.ok) continue;
    const refusal = (await response.json()) as Refusal;
    // Someone acted first: the view was stale, so look at the table again.
    if (refusal.error !== "stale_version") {
      throw new Error(`${refusal.error}: ${refusal.message}`);
    }
  }
}
