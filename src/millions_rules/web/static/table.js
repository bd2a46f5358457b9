// @ts-check
// The web table's page: one seat's (or a spectator's) view of the game, kept up to date over
// server-sent events, with a button for each legal action. It is every game's page and
// names none: a game's own widgets are the script its page companion ships (Page.script,
// served at /static/games/<game>/widgets.js), which this page loads and draws through;
// a game without one gets the generic page. Plain JavaScript, no build step; `nox -s web`
// type-checks it and the games' widget scripts with `tsc --checkJs`.

/**
 * A game's view as the generic page reads it (every game's view JSON has these; the rest is
 * the game's own, which its widgets read).
 * @typedef {{seat: number | null, version: number, first_event: number, events: PageEvent[],
 *   phase?: string, [key: string]: unknown}} View
 * @typedef {{type: string, [key: string]: unknown}} PageEvent
 */
/**
 * What the server sends (GET /api/update, and each `update` of /api/stream). `view` is the
 * game's view; `widgets` names the game's own widgets (its page companion's Page.widgets,
 * whose script the page loads from /static/games/<game>/widgets.js; `null`: the generic
 * page, which shows any game's view, its labelled `actions` and `winners`). `title` is the
 * game's, in the page's language. Whatever the game's page companion adds (Page.extras,
 * Page.seat_extras: Millions' `summary`, `target`, `offer_lines`) is for its widgets.
 * @typedef {{view: View, log: string[], labels: string[], ending: string | null,
 *   lang: string, names: string[], bots: number[], host: boolean, words: Words,
 *   game?: string, title?: string, widgets?: string | null, actions?: unknown[],
 *   winners?: number[] | null, deadline?: number | null, etag?: string,
 *   deadlines?: (number | null)[], turn_seconds?: number | null,
 *   notes?: {kind: string, seat: number}[], tail?: string[], rules?: string[],
 *   table?: string, [key: string]: unknown}} Update
 */
/**
 * Every word the page shows, by message id: the page's own `web.*`
 * (millions_rules.web.words) and each registered game's page words (Page.words).
 * @typedef {Record<string, string>} Words
 */
/** @typedef {"en" | "es" | "zh"} Lang */
/**
 * A replay as the server gives it (GET /api/replay for a link, POST /api/replay for a file):
 * each step is the seat's view after that many actions, with only its new events, and the
 * summary the game's page keeps (Page.tracker); the game's Page.view_extras come along.
 * @typedef {{view: View, log: string[], summary: unknown, ending: string | null}} Step
 * @typedef {{game: string, title?: string, seat: number | null, names: string[], lang: string,
 *   words: Words, widgets?: string | null, rules?: string[], steps: Step[], document?: unknown,
 *   [key: string]: unknown}} Replay
 */

/**
 * A game's own widgets, as the script its page companion ships registers them
 * (`window.millionsRulesWidgets[name] = {...}`, `name` its Page.widgets). The page loads
 * the script of the table's game from /static/games/<game>/widgets.js and hands each update
 * to `render`, with the page's kit (PageKit: its words, elements, actions and clocks). The
 * generic page owns the title, the rules panel, the seat's note, the host's panel, the
 * replay's controls and the log; `render` draws the rest (#board, #mine, #actions, #talk,
 * #players, #summary, #end, #target), each section it leaves hidden.
 * @typedef {{
 *   render: (update: Update, page: PageKit) => void,
 *   ruleParams?: (update: Update, page: PageKit) => Record<string, string>,
 * }} Widgets
 */

/**
 * The page's words come from the server, built from the library's gettext catalogs (each
 * update carries them; GET /api/words for a page without a token). These few are shown
 * only before the first answer arrives, in the language the reader chose last (the
 * catalogs' words: tests/test_words.py checks them).
 * @type {Record<Lang, Record<string, string>>}
 */
const FALLBACK = {
  en: { "web.language": "Language", "web.log": "What happened" },
  es: { "web.language": "Idioma", "web.log": "Lo que ha pasado" },
  zh: { "web.language": "语言", "web.log": "游戏记录" },
};

const token = location.hash.slice(1);
/** Whether this is the replay page (/replay): no live table, a step at a time. */
const replaying = location.pathname === "/replay";
/** Whether this is the admin's lobby (/lobby#ADMIN): the open tables, no table of its own. */
const inLobby = location.pathname === "/lobby";
/**
 * Whether this is the join page (/join, or /join#CODE; and the table's page opened without a
 * link): a code and a name take a seat.
 */
const joining = location.pathname === "/join" || (location.pathname === "/" && token === "");
/** Whether this is the table screen (/screen#HOST): the public table in large type, for a TV. */
const onScreen = location.pathname === "/screen";
/** @type {Replay | null} */
let replayed = null;
/** @type {unknown} The replay document opened from a file, sent again to change language. */
let opened = null;
let stepShown = 0;
const stored = localStorage.getItem("millions-lang");
/** @type {Lang} The page's language: the one its reader chose last, else the table's (`serve --lang`). */
let lang = isLang(stored) ? stored : "en";
let langChosen = isLang(stored);
/** @type {Update | null} */
let last = null;
/** @type {Words} The words of `lang`, as the server last sent them. */
let words = FALLBACK[lang];
/** @type {PageEvent[]} */
let events = [];
/** @type {string[]} */
let log = [];
/** @type {AbortController | null} The live event stream's, to stop it. */
let stream = null;

/**
 * The request headers that carry the link's token: it never goes in a URL's query
 * string, where a proxy's request log would keep it.
 * @param {Record<string, string>} [more]
 * @returns {Record<string, string>}
 */
function authorized(more = {}) {
  return token === "" ? more : { ...more, Authorization: `Bearer ${token}` };
}

/** A fresh random id for one action, so that a request sent twice is played once. */
function requestId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {unknown} value @returns {value is Lang} */
function isLang(value) {
  return value === "en" || value === "es" || value === "zh";
}

/**
 * A word of the page, its `{placeholders}` filled from `params`.
 * @param {string} key @param {Record<string, string>} [params]
 */
function t(key, params = {}) {
  const template = words[key] ?? FALLBACK[lang][key] ?? FALLBACK.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => params[name] ?? whole);
}

/**
 * A label before its value, with the language's colon ("Cash: "; a full-width one in Chinese).
 * @param {string} text
 */
function label(text) {
  return t("web.label", { label: text });
}

/**
 * Words joined as the language lists them, the last two by its "and" (list.comma, list.and).
 * @param {string[]} items
 */
function andList(items) {
  if (items.length < 2) return items.join("");
  return items.slice(0, -1).join(t("list.comma")) + t("list.and") + items[items.length - 1];
}

/**
 * A refusal of the server as a player reads it: no code (it stays in `data-code`), the language's colon.
 * @param {{error: string, message: string}} error
 */
function refusal(error) {
  byId("notice").dataset.code = error.error;
  return label(t("web.refused")) + error.message;
}

/**
 * A new element with attributes and children.
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {(Node | string)[]} [children]
 * @returns {HTMLElement}
 */
function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/** @param {string} id @returns {HTMLElement} */
function byId(id) {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no #${id}`);
  return node;
}

/** @param {number} seat */
function nameOf(seat) {
  return last ? last.names[seat] ?? `#${seat}` : `#${seat}`;
}

// -- the connection ---------------------------------------------------------------------

/**
 * Follow the table's server-sent events. They are read with fetch(), which sends the
 * token in a header; EventSource could only put it in the URL.
 */
function connect() {
  if (stream !== null) stream.abort();
  const controller = new AbortController();
  stream = controller;
  const asked = langChosen ? `&lang=${lang}` : ""; // else the server answers in the table's
  // The table the cursor counts in: after "Play again" the same link opens a new table,
  // whose log the server then sends from its start.
  const at = last?.table ? `&table=${encodeURIComponent(last.table)}` : "";
  const url = `/api/stream?since=${events.length}${asked}${at}${onScreen ? "&screen=1" : ""}`;
  follow(url, controller.signal).then(() => true, () => false).then((reached) => {
    // A dropped stream reconnects with the current cursor, never the one it opened with;
    // after a failure, with a pause that doubles up to 10 s, said in a banner.
    if (stream !== controller || gone) return;
    stream = null;
    if (reached) {
      retryPause = 1;
      setTimeout(connect, 1000);
    } else {
      down(retryPause);
      setTimeout(connect, retryPause * 1000);
      retryPause = Math.min(retryPause * 2, 10);
    }
  });
}

/**
 * Read a stream of server-sent events until it ends, handing each update to receive().
 * A refusal that no retry mends (a dead link, a closed table) shows its page instead.
 * @param {string} url @param {AbortSignal} signal
 */
async function follow(url, signal) {
  const sent = Date.now();
  const response = await fetch(url, { headers: authorized(), signal, cache: "no-store" });
  if (!response.ok || response.body === null) {
    const answer = await response.json().catch(() => null);
    const code = /** @type {{error?: string} | null} */ (answer)?.error;
    if (code === "unknown_token" || code === "table_closed") showGone(code);
    else if (response.status >= 500) throw new Error(`the server answered ${response.status}`);
    return;
  }
  up();
  // A countdown counts to the server's deadlines: by the page's clock, unless the server's
  // (its X-Server-Time header in ms, else its Date header in whole seconds, stamped between
  // `sent` and now) is clearly another. A slow answer widens the doubt, so that a busy
  // network or server skews no countdown.
  const exact = Number(response.headers.get("X-Server-Time") ?? "");
  const said = exact > 0 ? exact : Date.parse(response.headers.get("Date") ?? "") + 500;
  const received = Date.now();
  const skew = said - (sent + received) / 2;
  const doubt = (exact > 0 ? 50 : 1500) + (received - sent) / 2;
  clockOffset = Number.isNaN(said) || Math.abs(skew) <= doubt ? 0 : skew;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, "\n");
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      let kind = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) kind = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (kind === "update" && data.length > 0 && !signal.aborted) {
        receive(/** @type {Update} */ (JSON.parse(data.join("\n"))));
      }
    }
  }
}

// -- failures said in words: the server unreachable, a dead link, a closed table ----------

/** The pause before the next try to reach the server, in seconds (1, 2, 4... up to 10). */
let retryPause = 1;
/** Whether the link opens no table any more (its page says why; nothing retries). */
let gone = false;
/** When the banner's countdown to the next try ends (Date.now()), or 0 when up. */
let retryAt = 0;

/** The banner: the server cannot be reached, the next try in `seconds`. @param {number} seconds */
function down(seconds) {
  retryAt = Date.now() + seconds * 1000;
  const box = byId("down");
  box.hidden = false;
  box.dataset.state = "down";
  tickDown();
}

/** The server answered: the banner goes (the stream catches up from the page's cursor). */
function up() {
  retryAt = 0;
  const box = byId("down");
  box.hidden = true;
  box.dataset.state = "up";
}

function tickDown() {
  const box = byId("down");
  if (retryAt === 0) return;
  const left = Math.ceil((retryAt - Date.now()) / 1000);
  box.textContent = left > 0 ? t("web.down.banner", { seconds: String(left) }) : t("web.down.trying");
}

/** A link that opens no table (`unknown_token`) or a closed one (`table_closed`): a page
 * that says so, in place of the table. @param {string} code */
async function showGone(code) {
  gone = true;
  disconnect();
  up();
  if (last === null) await fetchWords();
  const box = byId("gone");
  box.dataset.code = code;
  box.replaceChildren(el("h2", {}, [t(`web.gone.${code}.title`)]), el("p", {}, [t(`web.gone.${code}`)]));
  box.hidden = false;
  for (const id of ["board", "mine", "actions", "players", "summary", "rules", "log-box", "end", "host"]) byId(id).hidden = true;
  document.title = t(`web.gone.${code}.title`);
}

/** Stop live updates, as a dropped connection would (the page then acts on what it shows). */
function disconnect() {
  const open = stream;
  stream = null;
  if (open !== null) open.abort();
}

/** @param {Update} update */
function receive(update) {
  if (last !== null && update.table !== last.table) {
    events = []; // a new game at this table (the host's "Play again"): its log from the start
    log = [];
  }
  if (update.view.first_event !== events.length) return; // out of order: the stream resends
  events = events.concat(update.view.events);
  log = log.concat(update.log);
  last = update;
  words = update.words;
  if (!langChosen && isLang(update.lang)) {
    lang = update.lang;
    langChosen = true;
  }
  noteMine(update);
  render();
  cue(update);
}

/** @param {Lang} next */
function switchLanguage(next) {
  lang = next;
  langChosen = true;
  localStorage.setItem("millions-lang", next);
  events = [];
  log = [];
  if (replaying) loadReplay();
  else if (inLobby || joining) fetchWords();
  else if (token === "") showNoToken();
  else connect(); // the whole log again, narrated (and its words) in the new language
  render();
}

/**
 * The action the page sent last: a tap on the same button at the same version sends the
 * same request id (the server answers it as the first, once played), and a tap while it
 * is on its way is absorbed: a double tap is never refused as stale.
 * @type {{key: string, id: string, busy: boolean, ok: boolean}}
 */
let sent = { key: "", id: "", busy: false, ok: false };

/** Send a seat's action (the game's action as JSON) to the table. @param {unknown} action */
async function act(action) {
  if (last === null) return;
  const version = last.view.version;
  const key = JSON.stringify([version, action]);
  if (sent.key === key && sent.busy) return; // a double tap: the first is on its way
  if (sent.key !== key) sent = { key, id: requestId(), busy: false, ok: false };
  const mine = sent;
  mine.busy = true;
  /** @type {Response} */
  let response;
  try {
    response = await fetch("/api/act", {
      method: "POST",
      headers: authorized({ "Content-Type": "application/json" }),
      body: JSON.stringify({ version, action, lang, request: mine.id }),
    });
  } catch {
    mine.busy = false;
    down(retryPause); // said in the banner; the stream reconnects and the page catches up
    if (stream === null && !gone) connect();
    return;
  } finally {
    mine.busy = false;
  }
  if (response.ok) {
    mine.ok = true;
    seatNote = ""; // the seat acts itself again: the clock's note goes
    notice("");
    return;
  }
  const error = /** @type {{error: string, message: string}} */ (await response.json());
  if (error.error === "stale_version" && mine.ok) return; // it worked the first time
  if (error.error === "unknown_token" || error.error === "table_closed") {
    showGone(error.error);
    return;
  }
  // The server answers in the page's language, with the players' names.
  notice(refusal(error));
  if (error.error === "stale_version" && stream === null) connect();
}

/** @param {string} text */
function notice(text) {
  const box = byId("notice");
  box.textContent = text;
  box.hidden = text === "";
}

// -- cues and clocks ----------------------------------------------------------------------

/** The server's clock minus the page's, in ms: a countdown counts to the server's deadline. */
let clockOffset = 0;
/** Whether the last update waited for this seat (a cue sounds only when it becomes so). */
let wasMyTurn = false;
/** How many times the page cued "your turn" (for tests: `data-cues` on the body). */
let cues = 0;
/** A note for this seat's own page: the clock played for it ("timeout"), or "". */
let seatNote = "";
const SOUND_KEY = "millions-sound";
/** @type {AudioContext | null} Made on the first tap (browsers start sound only after one). */
let audio = null;

/** Whether the "your turn" sound is on (the reader's choice, kept in localStorage). */
function soundOn() {
  return localStorage.getItem(SOUND_KEY) !== "off";
}

/** Whether `update` waits for this seat's own move (not its bot's). @param {Update} update */
function myTurn(update) {
  const seat = update.view.seat;
  if (seat === null || Array.isArray(update.winners) || update.bots.includes(seat)) return false;
  const view = /** @type {{awaiting?: unknown, actors?: unknown}} */ (/** @type {unknown} */ (update.view));
  const due = Array.isArray(view.awaiting) ? view.awaiting : Array.isArray(view.actors) ? view.actors : null;
  return due === null ? (update.actions ?? []).length > 0 : due.includes(seat);
}

/** When it becomes this seat's turn: a short beep (unless switched off) and a vibration.
 * The page's title says it as long as it lasts (render). @param {Update} update */
function cue(update) {
  const now = myTurn(update);
  if (now && !wasMyTurn) {
    cues += 1;
    document.body.dataset.cues = String(cues);
    beep();
    if ("vibrate" in navigator) navigator.vibrate(200);
  }
  wasMyTurn = now;
  titled();
}

/** The page's title, with web.cue.title ("Your turn") while the table waits for this seat. */
function titled() {
  const plain = document.title.replace(/^\u25cf .*? \u2014 /, "");
  document.title = wasMyTurn ? t("web.cue.title", { title: plain }) : plain;
}

function beep() {
  if (!soundOn() || audio === null) return;
  try {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.15);
  } catch {
    // no sound on this device: the title and the vibration still say it
  }
}

document.addEventListener("pointerdown", () => {
  if (audio === null && "AudioContext" in window) audio = new AudioContext();
  else if (audio !== null && audio.state === "suspended") void audio.resume();
}, { capture: true });

/** The notes of `update` about this seat: the clock played for it. @param {Update} update */
function noteMine(update) {
  const seat = update.view.seat;
  if (seat === null) return;
  if ((update.notes ?? []).some((n) => n.seat === seat && (n.kind === "timeout" || n.kind === "handed"))) seatNote = "timeout";
}

/**
 * A countdown to `deadline` (seconds since 1970, the server's clock): a reusable widget,
 * kept up to date by the page's ticker; `template` is the message that shows the time.
 * @param {number} deadline @param {string} [template] @param {Record<string, string>} [attrs]
 */
function countdown(deadline, template = "web.clock.left", attrs = {}) {
  const node = el("span", { ...attrs, class: `countdown ${attrs.class ?? ""}`.trim(), "data-deadline": String(deadline), "data-template": template }, []);
  tickOne(node);
  return node;
}

/** @param {HTMLElement} node */
function tickOne(node) {
  const deadline = Number(node.dataset.deadline) * 1000;
  const left = Math.max(0, Math.ceil((deadline - (Date.now() + clockOffset)) / 1000));
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  node.dataset.left = String(left);
  node.classList.toggle("urgent", left <= 10);
  node.textContent = t(node.dataset.template ?? "web.clock.left", { time });
}

setInterval(() => {
  for (const node of document.querySelectorAll(".countdown")) tickOne(/** @type {HTMLElement} */ (node));
  tickDown();
}, 250);

/** A seat's countdown chip for the players' table, or nothing. @param {number} seat */
function seatClock(seat) {
  const deadline = last?.deadlines?.[seat];
  return typeof deadline === "number" ? [countdown(deadline, "web.clock.left", { class: "badge clock", "data-seat": String(seat) })] : [];
}

/** This seat's own clock, its bot's word and button, and the clock's note, atop its moves. */
function renderSeat() {
  const box = byId("seat-note");
  const seat = last?.view.seat;
  if (last === null || seat === null || seat === undefined || replaying) {
    box.hidden = true;
    return;
  }
  /** @type {HTMLElement[]} */
  const parts = [];
  if (last.bots.includes(seat)) {
    const back = el("button", { type: "button", class: "primary", id: "seat-back" }, [t("web.seat.back")]);
    back.addEventListener("click", () => void takeSeatBack(seat));
    parts.push(el("p", { id: "bot-note" }, [t("web.note.you.bot")]), back);
  } else if (seatNote !== "") {
    parts.push(el("p", { id: "timeout-note" }, [t("web.note.you.timeout")]));
  }
  const deadline = last.deadlines?.[seat];
  if (typeof deadline === "number") parts.push(el("p", {}, [countdown(deadline, "web.clock.yours", { id: "my-clock" })]));
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}

/** Take this seat back from the bot that plays it (POST /api/seat with the seat's token).
 * @param {number} seat */
async function takeSeatBack(seat) {
  try {
    const response = await fetch("/api/seat", {
      method: "POST", headers: authorized({ "Content-Type": "application/json" }), body: JSON.stringify({ seat, bot: false }),
    });
    if (!response.ok) refused(await response.json());
    else seatNote = "";
  } catch {
    down(retryPause);
  }
}


// -- drawing ----------------------------------------------------------------------------

/**
 * The page's kit, which a game's widgets draw with: its words, elements, names, actions
 * and clocks, and the update, events and log it shows (the generic page draws with the
 * same). A game's widget script reads it from `window.millionsRulesPage`.
 */
const page = {
  t, label, andList, el, byId, nameOf, act, actionButton, countdown, seatClock, endReason, notice,
  /** The page's language. @returns {Lang} */
  lang: () => lang,
  /** The update shown (a replay's step on the replay page). @returns {Update | null} */
  update: () => last,
  /** Every event the page has seen, in order. @returns {PageEvent[]} */
  events: () => events,
  /** The log: a line an event, in the page's language. @returns {string[]} */
  log: () => log,
  /** Whether this is the replay page (which reads, and never acts). @returns {boolean} */
  replaying: () => replaying,
};
/** @typedef {typeof page} PageKit */

/**
 * The games' widgets, by name, as their scripts register them (an object without a
 * prototype: a name is only ever a registered widget's).
 * @type {Record<string, Widgets>}
 */
const registry = Object.create(null);
Object.assign(window, { millionsRulesPage: page, millionsRulesWidgets: registry });
/** @type {Map<string, "loading" | "loaded" | "failed">} Each game's widget script, by game. */
const scripts = new Map();

/**
 * The widgets that draw `update`'s game: its own, once its script is loaded; "loading"
 * while it loads (the page draws them when it has); `null`, the generic page (a game that
 * ships no widgets, or whose script failed to load).
 * @param {Update} update @returns {Widgets | "loading" | null}
 */
function widgetsOf(update) {
  const name = update.widgets;
  const game = update.game;
  if (typeof name !== "string" || typeof game !== "string") return null;
  if (name in registry) return registry[name];  // no prototype: only registered names
  const state = scripts.get(game);
  if (state === undefined) {
    scripts.set(game, "loading");
    const script = el("script", { src: `/static/games/${encodeURIComponent(game)}/widgets.js` });
    script.addEventListener("load", () => { scripts.set(game, "loaded"); render(); });
    script.addEventListener("error", () => { scripts.set(game, "failed"); render(); });
    document.head.append(script);
    return "loading";
  }
  return state === "loading" ? "loading" : null;
}

/** The sections a game's widgets draw, each hidden until they do. */
const WIDGET_SECTIONS = ["target", "mine", "talk", "summary", "end"];
/** Which widgets drew the page last ("" for the generic page). */
let drawnBy = "";

/** The page's title: the game's, in the page's language; the lobby's or the join page's. */
function pageTitle() {
  if (last !== null) return last.title ?? last.game ?? "";
  if (replayed !== null) return replayed.title ?? replayed.game;
  if (inLobby) return t("web.lobby.title");
  if (joining) return t("web.join.title");
  return null;
}

function render() {
  document.documentElement.lang = lang === "zh" ? "zh-Hans" : lang;
  const title = pageTitle();
  if (title !== null) {
    document.title = title;
    byId("title").textContent = title;
  }
  byId("lang-label").textContent = t("web.language");
  byId("log-title").textContent = t("web.log");
  byId("sound-label").textContent = t("web.cue.sound");
  /** @type {HTMLInputElement} */ (byId("sound")).checked = soundOn();
  /** @type {HTMLSelectElement} */ (byId("lang")).value = lang;
  if (last === null) {
    renderReplay();
    renderLobby();
    renderJoin();
    return;
  }
  const view = last.view;
  byId("who").textContent =
    view.seat === null ? (last.host ? t("web.host") : t("web.spectator")) : label(t("web.you")) + nameOf(view.seat);
  const widgets = widgetsOf(last);
  renderRules(widgets === "loading" ? null : widgets);
  const by = widgets === null ? "" : widgets === "loading" ? "loading" : String(last.widgets);
  if (by !== drawnBy) {
    for (const id of WIDGET_SECTIONS) byId(id).hidden = true;
    drawnBy = by;
  }
  if (widgets === null) renderGeneric(last);
  else if (widgets !== "loading") widgets.render(last, page);
  renderHost();
  renderReplay();
  renderSeat();
  titled();
  const list = byId("log");
  // The table's notes after the last event (a bot took a seat) follow the log until the
  // next update, which holds them in place.
  const tail = (last.tail ?? []).map((line) => el("li", { class: "note" }, [line]));
  list.replaceChildren(...log.map((line) => el("li", {}, [line])), ...tail);
  list.scrollTop = list.scrollHeight;
  // The version the page shows: not before the game's widgets, once their script has
  // loaded, have drawn it.
  if (widgets !== "loading") document.body.dataset.version = String(last.view.version);
  // A game's widgets show its view's phase; the generic page, whether the game is over.
  const phase = widgets !== null && typeof view.phase === "string" ? view.phase : null;
  document.body.dataset.phase = phase ?? (last.winners ? "game_over" : "playing");
  document.body.dataset.game = last.game ?? "";
  document.body.classList.toggle("screen", onScreen);
  document.body.classList.toggle("hosting", last.host && !onScreen);
}

// -- the generic page: any game that ships no widgets of its own ---------------------------

/**
 * A value of a view, as text: a list of plain values joined, anything else as JSON.
 * @param {unknown} value
 */
function plain(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) {
    return value.map((item) => (item === null ? "—" : String(item))).join(t("list.items")) || "—";
  }
  return JSON.stringify(value);
}

/**
 * The generic page: the game's title, its view as a key/value block, a button for each
 * legal action (labelled by the game's describe), the seats and, at the end, the winners.
 * @param {Update} update
 */
function renderGeneric(update) {
  const title = update.title ?? update.game ?? "";
  const shown = Object.entries(/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (update.view)))
    .filter(([key]) => key !== "events" && key !== "legal_actions" && key !== "type");
  byId("board").replaceChildren(
    el("h2", {}, [title]),
    el("dl", { class: "facts", id: "generic-view" }, shown.flatMap(([key, value]) => [
      el("dt", {}, [key]), el("dd", { "data-key": key }, [plain(value)]),
    ])),
  );
  const box = byId("actions");
  const over = Array.isArray(update.winners);
  box.hidden = update.view.seat === null || over;
  const offered = update.actions ?? [];
  const buttons = offered.map((action, index) => actionButton(update.labels[index] ?? JSON.stringify(action), action));
  box.replaceChildren(
    el("h2", {}, [t("web.your_move")]),
    buttons.length
      ? el("div", { class: "buttons", id: "action-buttons" }, buttons)
      : el("p", { class: "muted", id: "waiting" }, [t("web.waiting", { names: t("web.nobody") })]),
  );
  const rows = update.names.map((name, seat) => el("tr", { class: seat === update.view.seat ? "me" : "", "data-seat": String(seat) }, [
    el("td", {}, [name, ...(update.bots.includes(seat) ? [el("span", { class: "badge" }, [t("web.bot")])] : []), ...seatClock(seat)]),
  ]));
  byId("players").replaceChildren(
    el("h2", {}, [t("web.players")]),
    el("table", { class: "players" }, [el("tbody", {}, rows)]),
  );
  const end = byId("end");
  end.hidden = !over;
  if (!over) return;
  const winners = [...(update.winners ?? [])].sort((a, b) => a - b);
  end.replaceChildren(
    el("h2", {}, [t("web.game_over")]),
    el("p", { id: "winners" }, [t(winners.length === 1 ? "web.winners.one" : "web.winners", { names: andList(winners.map(nameOf)) })]),
    el("p", { id: "why" }, [endReason(update.ending ?? "", winners, null)]),
  );
}

/** Why the game ended, with its winners and its round (web.end.round); the round unknown
 * to the generic page. @param {string} reason @param {number[]} winners @param {number | null} round */
function endReason(reason, winners, round) {
  if (round === null) return reason;
  return t("web.end.round", { number: String(round), names: andList(winners.map(nameOf)), reason }).trim();
}

/**
 * A button that plays ``action`` (the game's action as JSON); it travels in ``data-action``.
 * @param {string} label @param {unknown} action @param {boolean} [primary]
 */
function actionButton(label, action, primary = false) {
  const button = el("button", { type: "button", class: primary ? "primary" : "", "data-action": JSON.stringify(action) }, [label]);
  button.addEventListener("click", () => {
    act(JSON.parse(button.dataset.action ?? "null"));
  });
  return button;
}

/**
 * The rules panel of the table's game, in the page's language (web.rules.<game>), its
 * placeholders filled by the game's widgets (Millions' target).
 * @param {Widgets | null} widgets
 */
function renderRules(widgets) {
  const box = byId("rules");
  if (last === null) return;
  const game = last.game ?? "";
  // The table's own paragraphs (its player count and options: update.rules), else the game's.
  const ids = last.rules ?? (words[`web.rules.${game}`] ?? "").split(" ").filter((id) => id !== "");
  box.hidden = ids.length === 0;
  const open = box.querySelector("details")?.open ?? false;
  const params = widgets?.ruleParams?.(last, page) ?? {};
  const details = el("details", { id: "rules-details" }, [
    el("summary", {}, [t("web.rules.title")]),
    el("ul", { id: "rules-list" }, ids.map((id) => el("li", { "data-rule": id }, [t(id, params)]))),
  ]);
  /** @type {HTMLDetailsElement} */ (details).open = open;
  box.replaceChildren(details);
}

/**
 * A table's links as the host's list gives them (GET /api/links; POST /api/again's answer).
 * @typedef {{seat: number, name: string, bot: boolean, link: string | null, qr?: string | null,
 *   joined?: boolean}} HostSeat
 * @typedef {{table: string, seats: HostSeat[], spectator: string, host?: string,
 *   host_qr?: string | null, screen?: string, join?: string, join_code?: string,
 *   join_qr?: string | null, free?: number, over?: boolean, options?: GameOption[],
 *   game?: string}} HostLinks
 */

/**
 * The host's panel: the join code and its QR code while seats are free, the table screen's
 * link, the save link, "Play again" once the game is over, and each seat's link (with its
 * QR code and a hand-over button). On the table screen, only the join code and its QR code.
 * Fetched again whenever the seats, the names, the game or the language change.
 */
async function renderHost() {
  const box = byId("host");
  if (last === null || !last.host) {
    box.hidden = true;
    return;
  }
  const key = JSON.stringify([lang, last.table, last.bots, last.names, last.winners ?? null]);
  if (box.dataset.filled === key) return;
  box.dataset.filled = key;
  box.hidden = false;
  const response = await fetch("/api/links", { headers: authorized() });
  if (!response.ok) return;
  const links = /** @type {HostLinks} */ (await response.json());
  const parts = onScreen ? screenJoin(links) : hostPanel(links);
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0; // the table screen once no seat is free: no empty panel
}

/** The join code in large type and its QR code, while the code still gives a seat. @param {HostLinks} links */
function joinBox(links) {
  if (!links.join_code || !links.free) return [];
  return [el("div", { class: "join-box", id: "join-box" }, [
    el("p", { class: "join-code" }, [t("web.join.code_is", { code: links.join_code })]),
    ...(links.join_qr ? [el("img", { src: links.join_qr, alt: t("web.join.scan"), class: "qr", id: "join-qr" })] : []),
    el("p", { class: "muted" }, [t("web.join.free", { number: String(links.free) }), " · ",
      el("a", { href: links.join ?? "/join", id: "join-link" }, [t("web.join.open")])]),
  ])];
}

/** The table screen's part of the host's panel. @param {HostLinks} links */
function screenJoin(links) {
  return joinBox(links);
}

/** The host's whole panel. @param {HostLinks} links */
function hostPanel(links) {
  const again = [];
  if (links.over) {
    const button = el("button", { type: "button", class: "primary", id: "play-again" }, [t("web.host.again")]);
    button.addEventListener("click", async () => {
      button.setAttribute("disabled", "");
      const chosen = chosenOptions(); // only the options changed from this game's
      const answer = await hostPost("/api/again", Object.keys(chosen).length ? { options: chosen } : {});
      if (answer === null) button.removeAttribute("disabled");
    });
    const options = links.options?.length
      ? [el("details", { id: "again-options" }, [el("summary", {}, [t("web.lobby.options")]),
        optionFields({ name: links.game ?? "", title: "", widgets: null, players: [0, 0], options: links.options }, false)])]
      : [];
    again.push(el("p", { class: "muted" }, [t("web.host.again_hint")]), ...options, el("div", { class: "buttons" }, [button]));
  }
  return [
    el("h2", {}, [t("web.host")]),
    ...again,
    ...joinBox(links),
    el("p", {}, [saveLink(), " · ", el("a", { href: links.screen ?? "/screen", id: "screen-link" }, [t("web.host.screen")])]),
    el("h2", {}, [t("web.links")]),
    el("ul", { class: "links" }, [
      ...links.seats.map((s) => seatItem(s, (bot) => hostPost("/api/seat", { seat: s.seat, bot }))),
      el("li", {}, [label(t("web.spectator")), el("a", { href: links.spectator }, [links.spectator])]),
    ]),
  ];
}

/**
 * One seat in a list of links: its name, its link and QR code (a person's), and the button
 * that hands it to a bot or takes it back.
 * @param {HostSeat} s @param {(bot: boolean) => Promise<unknown>} handOver
 */
function seatItem(s, handOver) {
  const button = el("button", { type: "button", class: "hand-over", "data-seat": String(s.seat), "data-bot": String(!s.bot) },
    [t(s.bot ? "web.seat.to_person" : "web.seat.to_bot")]);
  button.addEventListener("click", async () => {
    button.setAttribute("disabled", "");
    await handOver(!s.bot);
    button.removeAttribute("disabled");
  });
  const joined = s.joined ? [" ", el("span", { class: "badge" }, [t("web.host.joined")])] : [];
  const qr = s.qr ? [el("details", {}, [el("summary", {}, ["QR"]), el("img", { src: s.qr, alt: s.link ?? "", class: "qr" })])] : [];
  return el("li", { "data-seat": String(s.seat) }, s.link
    ? [label(s.name), el("a", { href: s.link, class: "seat-link" }, [s.link]), ...joined, " ", button, ...qr]
    : [`${s.name} (${t("web.bot")}) `, button]);
}

/** POST a host's request with the link's token; the answer, or null after a refusal.
 * @param {string} path @param {Record<string, unknown>} body */
async function hostPost(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: authorized({ "Content-Type": "application/json" }), body: JSON.stringify({ ...body, lang }),
  });
  const answer = await response.json();
  if (!response.ok) {
    refused(answer);
    return null;
  }
  notice("");
  byId("host").dataset.filled = "";
  return answer;
}

/** The host's link to download the saved table: fetched with the token in a header. */
function saveLink() {
  const link = el("a", { href: "/api/save", download: "table.json", id: "save" }, [t("web.save")]);
  link.addEventListener("click", (click) => {
    click.preventDefault();
    void (async () => {
      const response = await fetch("/api/save", { headers: authorized() });
      if (!response.ok) {
        refused(await response.json());
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const save = el("a", { href: url, download: "table.json" });
      save.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    })();
  });
  return link;
}

// -- replays ---------------------------------------------------------------------------

/** Fetch the replay: the link's (a finished table's), or the file's that was opened. */
async function loadReplay() {
  // Until the reader chooses a language, the replay speaks the table's.
  const asked = langChosen ? `?lang=${lang}` : "";
  const response = opened === null
    ? await fetch(`/api/replay${asked}`, { headers: authorized() })
    : await fetch("/api/replay", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ document: opened, lang }),
    });
  const answer = await response.json();
  if (!response.ok) {
    const error = /** @type {{error: string, message: string}} */ (answer);
    notice(refusal(error));
    return;
  }
  notice("");
  replayed = /** @type {Replay} */ (answer);
  words = replayed.words;
  if (!langChosen && isLang(replayed.lang)) lang = replayed.lang;
  showStep(Math.min(stepShown, replayed.steps.length - 1));
}

/** Show step `number` of the replay: its view, every event up to it, its log. @param {number} number */
function showStep(number) {
  if (replayed === null) return;
  stepShown = Math.max(0, Math.min(number, replayed.steps.length - 1));
  const steps = replayed.steps.slice(0, stepShown + 1);
  const step = steps[steps.length - 1];
  events = steps.flatMap((s) => s.view.events);
  log = steps.flatMap((s) => s.log);
  // The replay's own facts (its game, title, names, words, widgets, rules and what the
  // game's page adds: Page.view_extras) and the step's, as an update of a live table has them.
  const { steps: _steps, seat: _seat, document: _document, ...shared } = replayed;
  last = {
    ...shared, view: { ...step.view, events, first_event: 0 }, log, labels: [], ending: step.ending,
    bots: [], host: false, summary: step.summary,
  };
  render();
}

/** The replay's controls: open a file, step first / back / next / last, whose view it is. */
function renderReplay() {
  const box = byId("replay");
  box.hidden = !replaying;
  if (!replaying) {
    const view = last?.view;
    const link = document.getElementById("replay-link");
    const over = last?.winners ? true : view?.phase === "game_over";
    if (view && over && link === null) {
      byId("end").append(el("p", {}, [el("a", { id: "replay-link", href: `/replay#${token}`, target: "_blank" }, [t("web.replay.link")])]));
    }
    return;
  }
  byId("actions").hidden = true;
  const file = /** @type {HTMLInputElement} */ (el("input", { type: "file", id: "replay-file", accept: ".json,application/json" }));
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    try {
      opened = JSON.parse(await chosen.text());
    } catch {
      opened = null;
      notice(refusal({ error: "bad_request", message: t("web.error.bad_request") }));
      return;
    }
    stepShown = 0;
    loadReplay();
  });
  /** @type {(Node | string)[]} */
  const parts = [el("h2", {}, [t("web.replay.title")]), el("label", {}, [t("web.replay.open"), " ", file])];
  if (replayed !== null) {
    const count = replayed.steps.length;
    /** @param {string} id @param {string} label @param {number} to */
    const go = (id, label, to) => {
      const button = /** @type {HTMLButtonElement} */ (el("button", { type: "button", id }, [label]));
      button.disabled = to === stepShown || to < 0 || to >= count;
      button.addEventListener("click", () => showStep(to));
      return button;
    };
    const seat = replayed.seat;
    parts.push(
      el("div", { class: "buttons" }, [
        go("replay-first", t("web.replay.first"), 0), go("replay-back", t("web.replay.back"), stepShown - 1),
        go("replay-next", t("web.replay.next"), stepShown + 1), go("replay-last", t("web.replay.last"), count - 1),
      ]),
      el("p", { id: "replay-step", "data-step": String(stepShown) }, [t("web.replay.step", { number: String(stepShown), count: String(count - 1) })]),
      el("p", { id: "replay-seat" }, [label(t("web.replay.as")) + (seat === null ? t("web.replay.everyone") : nameOf(seat))]),
    );
    if (replayed.document !== undefined) {
      const blob = new Blob([JSON.stringify(replayed.document)], { type: "application/json" });
      parts.push(el("a", { id: "replay-save", href: URL.createObjectURL(blob), download: "replay.json" }, [t("web.replay.save")]));
    }
  }
  box.replaceChildren(...parts);
}

// -- the lobby -------------------------------------------------------------------------

/**
 * A table as the admin's list gives it (GET /api/tables); a new table's links (POST) have
 * the same `table`, `game`, `seats` and `spectator`.
 * @typedef {{seat: number, name: string, bot: boolean, link: string | null, qr?: string | null,
 *   joined?: boolean}} SeatLink
 * @typedef {{table: string, game: string, players?: number, version?: number, over?: boolean,
 *   seats: SeatLink[], spectator: string, host?: string, host_qr?: string | null,
 *   screen?: string, join?: string, join_code?: string, join_qr?: string | null,
 *   free?: number}} Listed
 * @typedef {{name: string, kind: "bool" | "int" | "float" | "choice", default: unknown,
 *   choices?: string[], optional?: boolean}} GameOption
 * @typedef {{name: string, title: string, widgets: string | null, players: [number, number],
 *   options?: GameOption[], companion?: boolean}} Offered
 * Every registered game: its `title` in the page's language (GET /api/tables?lang=).
 */
/** @type {Listed[] | null} The open tables, as last fetched. */
let tables = null;
/** @type {Offered[]} Every registered game, as the server lists them (GET /api/tables). */
let games = [];
/** @type {Listed | null} The table the form created last. */
let created = null;

/** Fetch the open tables (again: every few seconds, and after each change). */
async function loadTables() {
  // The games' titles in the page's language.
  const response = await fetch(`/api/tables?lang=${encodeURIComponent(lang)}`, { headers: authorized() });
  const answer = await response.json();
  if (!response.ok) {
    refused(answer);
    return;
  }
  tables = /** @type {{tables: Listed[]}} */ (answer).tables;
  games = /** @type {{games?: Offered[]}} */ (answer).games ?? [];
  render();
}

/** Show a refusal of the server. @param {unknown} answer */
function refused(answer) {
  const error = /** @type {{error: string, message: string}} */ (answer);
  notice(refusal(error));
}

/** POST a lobby request with the admin's token; the answer, or null after a refusal.
 * @param {string} path @param {Record<string, unknown>} body */
async function lobbyPost(path, body) {
  // The page's language, for the words of a refusal (the body's `lang` is the new table's).
  const response = await fetch(`${path}?lang=${encodeURIComponent(lang)}`, {
    method: "POST", headers: authorized({ "Content-Type": "application/json" }), body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    refused(answer);
    return null;
  }
  notice("");
  return answer;
}

/** A table's seat links (a bot's seat has none) and its spectator link. @param {Listed} table */
function linkList(table) {
  return el("ul", { class: "links" }, [
    ...table.seats.map((s) => el("li", { "data-seat": String(s.seat) }, s.link
      ? [label(s.name), el("a", { href: s.link, class: "seat-link" }, [s.link])]
      : [`${s.name} (${t("web.bot")})`])),
    el("li", {}, [label(t("web.spectator")), el("a", { href: table.spectator, class: "spectator-link" }, [table.spectator])]),
  ]);
}

/** A game's title in the page's language, as the server lists the games. @param {string} game */
function gameName(game) {
  return games.find((g) => g.name === game)?.title ?? game;
}

/**
 * The lobby: the open tables (each with its links and a close button), the last new table's
 * links, then the form for a new table. Each part is drawn again only when what it shows
 * changed, so the list's refreshes never take the focus from the form.
 */
function renderLobby() {
  const box = byId("lobby");
  box.hidden = !inLobby;
  if (!inLobby) return;
  for (const id of ["board", "mine", "actions", "players", "log-box"]) byId(id).hidden = true;
  if (box.childElementCount === 0) {
    box.append(el("div", { id: "lobby-list" }), el("div", { id: "created" }), el("div", { id: "lobby-form" }));
  }
  if (changed("lobby-list", tables)) {
    byId("lobby-list").replaceChildren(el("h2", {}, [t("web.lobby.title")]), tableList());
  }
  if (changed("created", created)) {
    const made = byId("created");
    made.replaceChildren(...(created === null ? [] : [el("h2", {}, [t("web.lobby.created")]), linkList(created)]));
    made.dataset.table = created?.table ?? "";
  }
  if (changed("lobby-form", games)) byId("lobby-form").replaceChildren(lobbyForm());
}

/** @type {Map<string, [Words, string]>} The words and the data each part of the lobby shows. */
const drawn = new Map();

/** Whether the part `id` shows other words or data than these (and note these).
 * @param {string} id @param {unknown} data */
function changed(id, data) {
  const shown = JSON.stringify(data);
  const was = drawn.get(id);
  if (was !== undefined && was[0] === words && was[1] === shown) return false;
  drawn.set(id, [words, shown]);
  return true;
}

/** The open tables, each with its facts, its links and a button that closes it. */
function tableList() {
  if (!tables || !tables.length) return el("p", { class: "muted", id: "tables" }, [t("web.lobby.empty")]);
  return el("ol", { id: "tables" }, tables.map((table) => {
    const close = el("button", { type: "button", class: "close-table" }, [t("web.lobby.close")]);
    close.addEventListener("click", async () => {
      if (!confirm(t("web.lobby.confirm_close", { table: table.table }))) return;
      if (await lobbyPost("/api/close", { table: table.table }) !== null) loadTables();
    });
    const facts = `${label(t("web.players"))}${table.players} · ${label(t("web.lobby.version"))}${table.version}`;
    const over = table.over ? [" ", el("span", { class: "badge" }, [t("web.lobby.over")])] : [];
    return el("li", { class: "lobby-table", "data-table": table.table, "data-version": String(table.version), "data-over": String(table.over) }, [
      el("h3", {}, [gameName(table.game), " ", el("code", {}, [table.table]), ...over]),
      el("p", { class: "muted" }, [facts]), ...hostLinks(table), lobbySeats(table), close,
    ]);
  }));
}

/** A listed table's host link (with its QR code), table screen and join code. @param {Listed} table */
function hostLinks(table) {
  if (!table.host) return [];
  const qr = table.host_qr ? [el("details", {}, [el("summary", {}, ["QR"]), el("img", { src: table.host_qr, alt: table.host, class: "qr" })])] : [];
  const join = table.join_code && table.free ? [" · ", el("a", { href: table.join ?? "/join", class: "join-link" }, [t("web.join.code_is", { code: table.join_code })])] : [];
  return [el("p", { class: "host-links" }, [
    label(t("web.host.link")), el("a", { href: table.host, class: "host-link" }, [table.host]),
    " · ", el("a", { href: table.screen ?? "/screen", class: "screen-link" }, [t("web.host.screen")]), ...join,
  ]), ...qr];
}

/** A listed table's seats, each with its link and a hand-over button. @param {Listed} table */
function lobbySeats(table) {
  return el("ul", { class: "links" }, [
    ...table.seats.map((s) => seatItem(s, async (bot) => {
      if (await lobbyPost("/api/seat", { table: table.table, seat: s.seat, bot }) !== null) loadTables();
    })),
    el("li", {}, [label(t("web.spectator")), el("a", { href: table.spectator, class: "spectator-link" }, [table.spectator])]),
  ]);
}

/**
 * The game's own words for one of its options (``web.option.<game>.<field>``, with
 * ``.help`` or a choice's value after it), or ``fallback`` where the game has none.
 * @param {string} game @param {string} key @param {string | null} fallback
 */
function optionWord(game, key, fallback) {
  return words[`web.option.${game}.${key}`] ?? fallback;
}

/**
 * The inputs of a game's own options (its config's fields), each labelled in the page's
 * language (by its field's name for a game with no words for it), with its line of help,
 * and holding its default.
 * @param {Offered | undefined} offered @param {boolean} [legend] whether the fields are titled
 */
function optionFields(offered, legend = true) {
  const game = offered?.name ?? "";
  const found = (offered?.options ?? []).map((option) => {
    const id = `option-${option.name}`;
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let input;
    if (option.kind === "choice") {
      const choices = (option.choices ?? []).map((c) => el("option", { value: c }, [optionWord(game, `${option.name}.${c}`, c) ?? c]));
      input = /** @type {HTMLSelectElement} */ (el("select", { id, "data-option": option.name }, choices));
      input.value = String(option.default);
    } else if (option.kind === "bool") {
      input = /** @type {HTMLInputElement} */ (el("input", { id, type: "checkbox", "data-option": option.name }));
      input.checked = option.default === true;
    } else {
      const step = option.kind === "int" ? "1" : "any";
      input = /** @type {HTMLInputElement} */ (el("input", { id, type: "number", step, "data-option": option.name, "data-kind": option.kind }));
      input.value = option.default === null || option.default === undefined ? "" : String(option.default);
    }
    input.dataset.default = JSON.stringify(option.default ?? null);
    const help = optionWord(game, `${option.name}.help`, null);
    const field = el("label", {}, [label(optionWord(game, option.name, option.name) ?? option.name), input]);
    if (help !== null) field.title = help;
    return help === null ? field : el("div", { class: "option" }, [field, el("small", { class: "muted option-help" }, [help])]);
  });
  const title = legend ? [el("legend", {}, [t("web.lobby.options")])] : [];
  return el("fieldset", { id: "new-options" }, found.length ? [...title, ...found] : []);
}

/** The options of the form that differ from the game's defaults, as JSON values. */
function chosenOptions() {
  /** @type {Record<string, unknown>} */
  const chosen = {};
  for (const node of document.querySelectorAll("#new-options [data-option]")) {
    const input = /** @type {HTMLInputElement} */ (node);
    const name = input.dataset.option ?? "";
    /** @type {unknown} */
    let value = input.value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.type === "number") value = input.value === "" ? null : Number(input.value);
    if (JSON.stringify(value) !== input.dataset.default) chosen[name] = value;
  }
  return chosen;
}

/** The form for a new table; what it holds survives a change of words. */
function lobbyForm() {
  const old = document.getElementById("new-table");
  /** @param {string} id @param {string} fallback */
  const was = (id, fallback) => /** @type {HTMLInputElement | null} */ (old?.querySelector(`#${id}`))?.value ?? fallback;
  // The games the server hosts, in its order; the first chosen until the admin picks one.
  const game = /** @type {HTMLSelectElement} */ (el("select", { id: "new-game" }, games.map((g) => el("option", { value: g.name }, [g.title]))));
  game.value = was("new-game", games[0]?.name ?? "");
  const players = /** @type {HTMLInputElement} */ (el("input", { id: "new-players", type: "number", min: "1", max: "8", value: was("new-players", "4") }));
  const bots = /** @type {HTMLInputElement} */ (el("input", { id: "new-bots", type: "number", min: "0", max: "8", value: was("new-bots", "0") }));
  const languages = [.../** @type {HTMLSelectElement} */ (byId("lang")).options].map((o) => el("option", { value: o.value }, [o.text]));
  const language = /** @type {HTMLSelectElement} */ (el("select", { id: "new-lang" }, languages));
  language.value = was("new-lang", lang);
  /** @param {string} text @param {HTMLElement} input */
  const field = (text, input) => el("label", {}, [label(text), input]);
  const names = /** @type {HTMLInputElement} */ (el("input", { id: "new-names", type: "text", value: was("new-names", "") }));
  const seconds = /** @type {HTMLInputElement} */ (el("input", { id: "new-turn-seconds", type: "number", min: "1", max: "86400", value: was("new-turn-seconds", "") }));
  const delay = /** @type {HTMLInputElement} */ (el("input", { id: "new-spectator-delay", type: "number", min: "0", max: "600", value: was("new-spectator-delay", "") }));
  const companion = /** @type {HTMLInputElement} */ (el("input", { id: "new-companion", type: "checkbox" }));
  const companionField = field(t("web.lobby.companion"), companion);
  const options = el("div", { id: "new-game-options" });
  const offered = () => games.find((g) => g.name === game.value);
  const showOptions = () => {
    companionField.hidden = !offered()?.companion;
    if (companionField.hidden) companion.checked = false;
    options.replaceChildren(optionFields(offered()));
  };
  game.addEventListener("change", showOptions);
  showOptions();
  const form = el("form", { id: "new-table" }, [
    el("h2", {}, [t("web.lobby.new")]),
    field(t("web.lobby.game"), game), field(t("web.players"), players), field(t("web.lobby.bots"), bots),
    field(t("web.language"), language), field(t("web.lobby.names"), names),
    field(t("web.lobby.turn_seconds"), seconds), field(t("web.lobby.spectator_delay"), delay), companionField, options,
    el("div", { class: "buttons" }, [el("button", { type: "submit", class: "primary", id: "create-table" }, [t("web.lobby.create")])]),
  ]);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    /** @type {Record<string, unknown>} */
    const body = { game: game.value, players: Number(players.value), bots: Number(bots.value), lang: language.value };
    const typed = names.value.split(",").map((n) => n.trim()).filter((n) => n !== "");
    if (typed.length) body.names = typed;
    if (seconds.value !== "") body.turn_seconds = Number(seconds.value);
    if (delay.value !== "" && Number(delay.value) > 0) body.spectator_delay = Number(delay.value);
    if (companion.checked) body.companion = true;
    const chosen = chosenOptions();
    if (Object.keys(chosen).length) body.options = chosen;
    const answer = await lobbyPost("/api/tables", body);
    if (answer === null) return;
    created = /** @type {Listed} */ (answer);
    loadTables();
  });
  return form;
}

// -- the join page ----------------------------------------------------------------------

/**
 * The join page (/join, or /join#CODE from a QR code): the table's join code and the
 * person's name take the table's first free seat, whose page then opens.
 */
function renderJoin() {
  const box = byId("join");
  box.hidden = !joining;
  if (!joining) return;
  for (const id of ["board", "mine", "actions", "players", "log-box"]) byId(id).hidden = true;
  if (!changed("join", null)) return;
  const old = /** @type {HTMLInputElement | null} */ (document.getElementById("join-code"));
  const code = /** @type {HTMLInputElement} */ (el("input", { id: "join-code", autocomplete: "off", autocapitalize: "characters", maxlength: "12", value: old?.value ?? decodeURIComponent(token) }));
  const oldName = /** @type {HTMLInputElement | null} */ (document.getElementById("join-name"));
  const name = /** @type {HTMLInputElement} */ (el("input", { id: "join-name", autocomplete: "nickname", maxlength: "40", value: oldName?.value ?? "" }));
  const form = el("form", { id: "join-form" }, [
    el("h2", {}, [t("web.join.title")]),
    el("p", { class: "muted" }, [t("web.join.hint")]),
    el("label", {}, [label(t("web.join.code")), code]),
    el("label", {}, [label(t("web.join.name")), name]),
    el("div", { class: "buttons" }, [el("button", { type: "submit", class: "primary", id: "join-go" }, [t("web.join.go")])]),
  ]);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const response = await fetch("/api/join", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: code.value, name: name.value, lang }),
    });
    const answer = await response.json();
    if (!response.ok) {
      refused(answer);
      return;
    }
    location.assign(`/#${/** @type {{token: string}} */ (answer).token}`);
  });
  box.replaceChildren(form);
}

// -- start ------------------------------------------------------------------------------

const select = /** @type {HTMLSelectElement} */ (byId("lang"));
select.addEventListener("change", () => {
  if (isLang(select.value)) {
    switchLanguage(select.value);
  }
});
window.addEventListener("hashchange", () => location.reload());
const sound = /** @type {HTMLInputElement} */ (byId("sound"));
sound.addEventListener("change", () => localStorage.setItem(SOUND_KEY, sound.checked ? "on" : "off"));
render();
if (replaying) {
  if (token !== "") loadReplay();
  else fetchWords();
} else if (inLobby) {
  fetchWords();
  loadTables();
  setInterval(loadTables, 2000);
} else if (joining) fetchWords();
else if (token === "") showNoToken();
else connect();

/** A page without a seat's token says how to join, in the table's language. */
async function showNoToken() {
  await fetchWords();
  notice(t("web.no_token"));
}

/** The page's words, in the chosen language or the table's, for a page without a token. */
async function fetchWords() {
  const asked = langChosen ? `?lang=${lang}` : "";
  const response = await fetch(`/api/words${asked}`);
  if (response.ok) {
    const answer = /** @type {{lang: string, words: Words}} */ (await response.json());
    words = answer.words;
    if (isLang(answer.lang)) lang = answer.lang;
    render();
  }
}

/** For tests and debugging: stop or restart live updates. */
Object.assign(window, { millionsTable: { disconnect, connect, countdown } });
