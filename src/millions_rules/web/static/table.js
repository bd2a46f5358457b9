// @ts-check
// The web table's page: one seat's (or a spectator's) view of the game, kept up to date over
// server-sent events, with a button for each legal action. Plain JavaScript, no build step;
// `nox -s web` type-checks it with `tsc --checkJs` against the TypeScript declarations
// generated from the shipped JSON Schemas (src/millions_rules/schemas/millions.d.ts).

/** @typedef {import("../../schemas/millions").PlayerView} PlayerView */
/** @typedef {import("../../schemas/millions").Action} Action */
/** @typedef {import("../../schemas/millions").SeenCharacter} SeenCharacter */
/** @typedef {import("../../schemas/millions").Event} GameEvent */
/** @typedef {import("../../schemas/millions").GameWon} GameWon */
/** @typedef {import("../../schemas/millions").Role} Role */
/**
 * What the server sends (GET /api/update, and each `update` of /api/stream).
 * @typedef {{view: PlayerView, log: string[], labels: string[], ending: string | null,
 *   lang: string, names: string[], bots: number[], host: boolean, words: Words}} Update
 */
/**
 * Every word the page shows, by message id: `role.<role>`, `phase_name.<phase>`, `term.<key>`
 * and the page's own `web.*` (millions_rules.web.words).
 * @typedef {Record<string, string>} Words
 */
/** @typedef {"en" | "es" | "zh"} Lang */

/**
 * The page's words come from the server, built from the library's gettext catalogs (each
 * update carries them; GET /api/words for a page without a token). These few are shown
 * only before the first answer arrives.
 * @type {Record<string, string>}
 */
const FALLBACK = {
  "web.title": "Millions of Dollars", "web.language": "Language", "term.log": "What happened",
};

const token = location.hash.slice(1);
const stored = localStorage.getItem("millions-lang");
/** @type {Lang} The page's language: the one its reader chose last, else the table's (`serve --lang`). */
let lang = isLang(stored) ? stored : "en";
let langChosen = isLang(stored);
/** @type {Update | null} */
let last = null;
/** @type {Words} The words of `lang`, as the server last sent them. */
let words = FALLBACK;
/** @type {GameEvent[]} */
let events = [];
/** @type {string[]} */
let log = [];
/** @type {EventSource | null} */
let stream = null;

/** @param {unknown} value @returns {value is Lang} */
function isLang(value) {
  return value === "en" || value === "es" || value === "zh";
}

/** Money as the log writes it (format_money): 5M, 5 M, 500万, 1.5亿. @param {number} millions */
function money(millions) {
  if (lang === "zh") return Math.abs(millions) >= 100 ? `${millions / 100}亿` : `${millions * 100}万`;
  return lang === "es" ? `${millions} M` : `${millions}M`;
}

/** How many of the units the page shows money in make 1M: 100 in Chinese (万), else 1. */
function moneyUnit() {
  return lang === "zh" ? 100 : 1;
}

/**
 * A word of the page, its `{placeholders}` filled from `params`.
 * @param {string} key @param {Record<string, string>} [params]
 */
function t(key, params = {}) {
  const template = words[key] ?? FALLBACK[key] ?? key;
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

/** @param {Role} role @param {string} [status] */
function roleChip(role, status = "surviving") {
  return el("span", { class: `role ${status}`, "data-role": role }, [t(`role.${role}`)]);
}

// -- the connection ---------------------------------------------------------------------

function connect() {
  if (stream !== null) stream.close();
  const asked = langChosen ? `&lang=${lang}` : ""; // else the server answers in the table's
  const url = `/api/stream?token=${encodeURIComponent(token)}&since=${events.length}${asked}`;
  const source = new EventSource(url);
  stream = source;
  source.addEventListener("update", (message) => {
    receive(/** @type {Update} */ (JSON.parse(/** @type {MessageEvent<string>} */ (message).data)));
  });
  source.onerror = () => {
    // A dropped stream reconnects with the current cursor, never the one it opened with.
    source.close();
    if (stream === source) {
      stream = null;
      setTimeout(connect, 1000);
    }
  };
}

/** Stop live updates, as a dropped connection would (the page then acts on what it shows). */
function disconnect() {
  if (stream !== null) stream.close();
  stream = null;
}

/** @param {Update} update */
function receive(update) {
  if (update.view.first_event !== events.length) return; // out of order: the stream resends
  events = events.concat(update.view.events);
  log = log.concat(update.log);
  last = update;
  words = update.words;
  if (!langChosen && isLang(update.lang)) {
    lang = update.lang;
    langChosen = true;
  }
  render();
}

/** @param {Lang} next */
function switchLanguage(next) {
  lang = next;
  langChosen = true;
  localStorage.setItem("millions-lang", next);
  events = [];
  log = [];
  if (token === "") showNoToken();
  else connect(); // the whole log again, narrated (and its words) in the new language
  render();
}

/** @param {Action} action */
async function act(action) {
  if (last === null) return;
  const response = await fetch("/api/act", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token, version: last.view.version, action, lang }),
  });
  if (response.ok) {
    notice("");
    return;
  }
  const error = /** @type {{error: string, message: string}} */ (await response.json());
  const known = words[`web.error.${error.error}`];
  notice(`${t("web.refused")} (${error.error}): ${known ?? error.message}`);
  if (error.error === "stale_version" && stream === null) connect();
}

/** @param {string} text */
function notice(text) {
  const box = byId("notice");
  box.textContent = text;
  box.hidden = text === "";
}

// -- drawing ----------------------------------------------------------------------------

function render() {
  document.documentElement.lang = lang === "zh" ? "zh-Hans" : lang;
  document.title = t("web.title");
  byId("title").textContent = t("web.title");
  byId("lang-label").textContent = t("web.language");
  byId("log-title").textContent = t("term.log");
  /** @type {HTMLSelectElement} */ (byId("lang")).value = lang;
  if (last === null) return;
  const view = last.view;
  byId("who").textContent =
    view.seat === null ? (last.host ? t("web.host") : t("term.spectator")) : label(t("web.you")) + nameOf(view.seat);
  renderBoard(view);
  renderMine(view);
  renderActions(view);
  renderPlayers(view);
  renderEnd(view);
  renderHost();
  const list = byId("log");
  list.replaceChildren(...log.map((line) => el("li", {}, [line])));
  list.scrollTop = list.scrollHeight;
  document.body.dataset.version = String(last.view.version);
  document.body.dataset.phase = view.phase;
}

/** @param {PlayerView} view */
function renderBoard(view) {
  const loot = view.loot;
  const lootText = loot
    ? `${money(loot.total)} · ${t("term.deposit")} ${money(loot.deposit)}` + (loot.bonus_role ? ` · ${label(t("term.bonus_symbol"))}${t(`role.${loot.bonus_role}`)}` : "")
    : "—";
  const facts = el("dl", { class: "facts" }, [
    el("dt", {}, [t("term.round")]), el("dd", {}, [`${view.round} / ${view.config.rounds}`]),
    el("dt", {}, [t("web.phase")]), el("dd", { id: "phase" }, [t(`phase_name.${view.phase}`)]),
    el("dt", {}, [t("term.reserve")]), el("dd", { id: "reserve" }, [money(view.reserve)]),
    el("dt", {}, [t("term.leader")]), el("dd", { id: "leader" }, [nameOf(view.leader)]),
    el("dt", {}, [t("web.threats_left")]), el("dd", {}, [String(view.threat_supply)]),
    el("dt", {}, [t("term.face_up_roles")]),
    el("dd", { id: "face-up" }, [
      ...view.face_up.map((role) => roleChip(role)),
      view.face_up.length ? ` + ${t("web.one_face_down")}` : "—",
    ]),
  ]);
  byId("board").replaceChildren(
    el("h2", {}, [t("term.loot_card")]), el("span", { class: "loot", id: "loot" }, [lootText]), facts,
  );
}

/** @param {PlayerView} view */
function renderMine(view) {
  const box = byId("mine");
  box.hidden = view.seat === null;
  if (view.seat === null) return;
  const own = view.characters.filter((c) => c.player === view.seat);
  const seen = view.characters.filter((c) => c.seen_by_threat);
  box.replaceChildren(
    el("h2", {}, [t("term.my_characters")]),
    el("div", { id: "my-characters" }, own.length ? own.map((c) => c.role ? roleChip(c.role, c.status) : "?") : ["—"]),
    el("h2", {}, [t("term.seen_by_threat")]),
    el("div", { id: "seen" }, seen.length
      ? seen.map((c) => el("div", {}, [label(t("web.card_of", { player: nameOf(c.player), number: String(c.position + 1) })), roleChip(/** @type {Role} */ (c.role), c.status)]))
      : [t("web.none_seen")]),
  );
}

/**
 * A button that plays ``action``; the action travels in ``data-action``.
 * @param {string} label @param {Action} action @param {boolean} [primary]
 */
function actionButton(label, action, primary = false) {
  const button = el("button", { type: "button", class: primary ? "primary" : "", "data-action": JSON.stringify(action) }, [label]);
  button.addEventListener("click", () => {
    act(/** @type {Action} */ (JSON.parse(button.dataset.action ?? "null")));
  });
  return button;
}

/** @param {PlayerView} view */
function renderActions(view) {
  const box = byId("actions");
  box.hidden = view.seat === null || view.phase === "game_over";
  if (view.seat === null) return;
  const seat = view.seat;
  /** @type {HTMLElement[]} */
  const rows = [];
  /** @type {HTMLElement[]} */
  const buttons = [];
  /** @type {Map<Role, HTMLElement[]>} */
  const pairs = new Map();
  const labels = last ? last.labels : [];
  view.legal_actions.forEach((action, index) => {
    const label = labels[index] ?? action.type;
    switch (action.type) {
      case "choose":
        if (action.roles.length === 2) {
          // Three players (R-3P-1): one row per first character, a button per second.
          const [first, second] = action.roles;
          if (!pairs.has(first)) pairs.set(first, []);
          pairs.get(first)?.push(actionButton(`+ ${t(`role.${second}`)}`, action));
        } else {
          buttons.push(actionButton(label, action));
        }
        break;
      case "stay":
      case "denounce":
        buttons.push(actionButton(label, action, true));
        break;
      case "leave":
      case "use_threat":
        buttons.push(actionButton(label, action));
        break;
      default:
        break; // dealer actions are never a seat's
    }
  });
  rows.push(el("h2", {}, [t("web.your_move")]));
  for (const [first, seconds] of pairs) {
    buttons.push(el("div", { class: "pair" }, [el("span", {}, [t("web.choose", { role: t(`role.${first}`) })]), ...seconds]));
  }
  if (buttons.length) rows.push(el("div", { class: "buttons", id: "action-buttons" }, buttons));
  if (view.payees.length) rows.push(payForm(seat, view));
  if (!buttons.length && !view.payees.length) {
    const waiting = view.awaiting.map(nameOf).join(", ") || t("web.nobody");
    rows.push(el("p", { class: "muted", id: "waiting" }, [t("web.waiting", { names: waiting })]));
  }
  box.replaceChildren(...rows);
}

/** @param {number} seat @param {PlayerView} view */
function payForm(seat, view) {
  const to = /** @type {HTMLSelectElement} */ (el("select", { id: "pay-to" }, view.payees.map((p) => el("option", { value: String(p) }, [nameOf(p)]))));
  // The amount is typed in the unit the page shows money in (web.amount says which).
  const unit = moneyUnit();
  const amount = /** @type {HTMLInputElement} */ (el("input", { id: "pay-amount", type: "number", min: String(unit), step: String(unit), max: String(view.cash[seat] * unit), value: String(unit) }));
  const button = el("button", { type: "button", id: "pay-button" }, [t("web.pay")]);
  button.addEventListener("click", () => {
    act({ type: "pay", player: seat, to: Number(to.value), amount: Number(amount.value) / unit });
  });
  return el("div", { class: "pay" }, [button, el("span", {}, [t("web.pay_to")]), to, el("label", {}, [t("web.amount"), " ", amount])]);
}

/** @param {SeenCharacter} c */
function characterChip(c) {
  const chip = c.role ? roleChip(c.role, c.status) : el("span", { class: `role ${c.status}`, "data-role": "" }, [t(`web.status.${c.status}`)]);
  chip.dataset.player = String(c.player);
  chip.dataset.position = String(c.position);
  return chip;
}

/** @param {PlayerView} view */
function renderPlayers(view) {
  const bots = last ? last.bots : [];
  const rows = view.cash.map((cash, seat) => {
    const badges = [];
    if (seat === view.leader) badges.push(el("span", { class: "badge" }, [t("web.leader_badge")]));
    if (bots.includes(seat)) badges.push(el("span", { class: "badge" }, [t("web.bot")]));
    if (view.awaiting.includes(seat)) badges.push(el("span", { class: "badge turn" }, [t("web.to_play")]));
    const classes = [seat === view.seat ? "me" : "", view.awaiting.includes(seat) ? "awaited" : ""].join(" ");
    return el("tr", { class: classes, "data-seat": String(seat) }, [
      el("td", {}, [nameOf(seat), ...badges]),
      el("td", { class: "cash", "data-cash": String(cash) }, [money(cash)]),
      el("td", {}, [String(view.threats[seat])]),
      el("td", { class: "characters" }, view.characters.filter((c) => c.player === seat).map(characterChip)),
    ]);
  });
  byId("players").replaceChildren(
    el("h2", {}, [t("web.players")]),
    el("table", { class: "players" }, [
      el("thead", {}, [el("tr", {}, [t("term.player"), t("term.cash"), t("web.threats"), t("web.characters")].map((h) => el("th", {}, [h])))]),
      el("tbody", {}, rows),
    ]),
  );
}

/** @param {PlayerView} view */
function renderEnd(view) {
  const box = byId("end");
  box.hidden = view.phase !== "game_over";
  if (view.phase !== "game_over") return;
  const won = /** @type {GameWon | undefined} */ (events.find((e) => e.type === "game_won"));
  const cash = won ? won.cash : view.cash;
  const why = last?.ending ?? "";
  box.replaceChildren(
    el("h2", {}, [t("phase_name.game_over")]),
    el("p", { id: "winners" }, [t(view.winners.length === 1 ? "web.winners.one" : "web.winners", { names: [...view.winners].sort((a, b) => a - b).map(nameOf).join(", ") })]),
    el("p", { id: "why" }, [why]),
    el("p", {}, [label(t("web.final_cash")) + cash.map((c, seat) => `${nameOf(seat)} ${money(c)}`).join(" · ")]),
  );
}

async function renderHost() {
  const box = byId("host");
  if (last === null || !last.host || box.dataset.filled === lang) {
    box.hidden = !(last && last.host);
    return;
  }
  box.dataset.filled = lang;
  box.hidden = false;
  const response = await fetch(`/api/links?token=${encodeURIComponent(token)}`);
  const links = /** @type {{seats: {seat: number, name: string, bot: boolean, link: string | null}[], spectator: string}} */ (await response.json());
  box.replaceChildren(
    el("h2", {}, [t("web.host")]),
    el("a", { href: `/api/save?token=${encodeURIComponent(token)}`, download: "table.json", id: "save" }, [t("web.save")]),
    el("h2", {}, [t("web.links")]),
    el("ul", {}, [
      ...links.seats.map((s) => el("li", {}, s.link ? [label(s.name), el("a", { href: s.link }, [s.link])] : [`${s.name} (${t("web.bot")})`])),
      el("li", {}, [label(t("term.spectator")), el("a", { href: links.spectator }, [links.spectator])]),
    ]),
  );
}

// -- start ------------------------------------------------------------------------------

const select = /** @type {HTMLSelectElement} */ (byId("lang"));
select.addEventListener("change", () => {
  if (isLang(select.value)) {
    switchLanguage(select.value);
  }
});
window.addEventListener("hashchange", () => location.reload());
render();
if (token === "") showNoToken();
else connect();

/** A page without a seat's token says how to join, in the table's language. */
async function showNoToken() {
  const asked = langChosen ? `?lang=${lang}` : "";
  const response = await fetch(`/api/words${asked}`);
  if (response.ok) {
    const answer = /** @type {{lang: string, words: Words}} */ (await response.json());
    words = answer.words;
    if (isLang(answer.lang)) lang = answer.lang;
    render();
  }
  notice(t("web.no_token"));
}

/** For tests and debugging: stop or restart live updates. */
Object.assign(window, { millionsTable: { disconnect, connect } });
