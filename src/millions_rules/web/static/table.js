// @ts-check
// The web table's page: one seat's (or a spectator's) view of the game, kept up to date over
// server-sent events, with a button for each legal action. Plain JavaScript, no build step;
// `nox -s web` type-checks it with `tsc --checkJs` against types generated from the shipped
// JSON Schemas (src/millions_rules/schemas/).

/** @typedef {import("schemas/player_view").PlayerView} PlayerView */
/** @typedef {import("schemas/action").Action} Action */
/** @typedef {import("schemas/player_view").SeenCharacter} SeenCharacter */
/** @typedef {import("schemas/event").Event} GameEvent */
/** @typedef {import("schemas/event").GameWon} GameWon */
/** @typedef {PlayerView["face_up"][number]} Role */
/**
 * What the server sends (GET /api/update, and each `update` of /api/stream).
 * @typedef {{view: PlayerView, log: string[], labels: string[], ending: string | null,
 *   lang: string, names: string[], bots: number[], host: boolean}} Update
 */
/** @typedef {"en" | "es" | "zh"} Lang */

/** @type {Record<Lang, Record<string, string>>} */
const TEXT = {
  en: {
    title: "Millions of Dollars", language: "Language", log: "Log", round: "Round",
    loot: "Loot card", deposit: "deposit", bonus: "symbol", reserve: "Reserve",
    supply: "Threat cards left", leader: "Leader", faceUp: "Face-up role cards",
    faceDown: "one face down", phase: "Phase", you: "You", spectator: "Spectator",
    players: "Players", name: "Player", cash: "Cash", threats: "Threats", characters: "Characters",
    mine: "Your characters", seen: "Seen with a threat card", noneSeen: "none",
    actions: "Your move", nothing: "Nothing to do now: waiting for", nobody: "nobody",
    choose: "Choose",
    pay: "Pay", to: "to", amount: "amount (M)",
    position: "card", gameOver: "Game over", winners: "Winners",
    finalCash: "Final cash", stale: "Refused", leaderBadge: "leader", bot: "bot",
    turn: "to play", host: "Host", save: "Save the table", links: "Links",
    noToken: "Open the link of your seat (it ends with #...).",
    "error.stale_version": "the table has moved on since your page showed it; look again before acting.",
    "error.unknown_token": "this link is not a seat of this table.",
    dealing: "dealing", planning: "planning", setting_aside: "setting aside",
    negotiation: "negotiation", heist: "heist", game_over: "game over",
    hidden: "face down", taken_back: "taken back", surviving: "surviving", eliminated: "eliminated",
    snitch: "Snitch", brute: "Brute", driver: "Driver", crook: "Crook", mastermind: "Mastermind",
  },
  es: {
    title: "Millones de Dólares", language: "Idioma", log: "Registro", round: "Ronda",
    loot: "Carta de botín", deposit: "apuesta", bonus: "símbolo", reserve: "Reserva",
    supply: "Cartas de Intimidación restantes", leader: "Líder", faceUp: "Cartas de rol boca arriba",
    faceDown: "una boca abajo", phase: "Fase", you: "Tú", spectator: "Espectador",
    players: "Jugadores", name: "Jugador", cash: "Dinero", threats: "Intim.",
    characters: "Personajes", mine: "Tus personajes", seen: "Vistos con una carta de Intimidación",
    noneSeen: "ninguno", actions: "Tu jugada", nothing: "Nada que hacer: se espera a",
    nobody: "nadie", choose: "Elegir",
    pay: "Pagar", to: "a", amount: "cantidad (M)",
    position: "carta",
    gameOver: "Fin de la partida", winners: "Ganadores",
    finalCash: "Dinero final", stale: "Rechazado", leaderBadge: "líder", bot: "bot",
    turn: "le toca", host: "Anfitrión", save: "Guardar la mesa", links: "Enlaces",
    noToken: "Abre el enlace de tu asiento (termina en #...).",
    "error.stale_version": "la mesa ha cambiado desde que tu página la mostró; mírala de nuevo antes de jugar.",
    "error.unknown_token": "este enlace no es un asiento de esta mesa.",
    dealing: "reparto", planning: "planificación", setting_aside: "apartando carta",
    negotiation: "negociación", heist: "golpe", game_over: "fin",
    hidden: "boca abajo", taken_back: "retirado", surviving: "superviviente", eliminated: "eliminado",
    snitch: "Soplón", brute: "Matón", driver: "Conductor", crook: "Estafador", mastermind: "Mente Maestra",
  },
  zh: {
    title: "百万美金", language: "语言", log: "记录", round: "回合",
    loot: "赃物牌", deposit: "保证金", bonus: "标志", reserve: "储备现金",
    supply: "剩余威胁牌", leader: "首领", faceUp: "正面朝上的角色牌",
    faceDown: "一张背面朝上", phase: "阶段", you: "你", spectator: "旁观者",
    players: "玩家", name: "玩家", cash: "现金", threats: "威胁牌", characters: "人物牌",
    mine: "你的人物牌", seen: "用威胁牌看到的人物牌", noneSeen: "无",
    actions: "轮到你", nothing: "现在无事可做，等待", nobody: "无人",
    choose: "选择",
    pay: "支付", to: "给", amount: "金额（百万）",
    position: "牌", gameOver: "游戏结束", winners: "获胜者",
    finalCash: "最终现金", stale: "被拒绝", leaderBadge: "首领", bot: "机器人",
    turn: "待行动", host: "主持人", save: "保存牌桌", links: "链接",
    noToken: "请打开你座位的链接（以 #... 结尾）。",
    "error.stale_version": "在你的页面显示之后牌桌已有变化，请先查看再行动。",
    "error.unknown_token": "此链接不是本牌桌的座位。",
    dealing: "发牌", planning: "计划", setting_aside: "盖牌",
    negotiation: "谈判", heist: "抢劫", game_over: "结束",
    hidden: "背面朝上", taken_back: "已收回", surviving: "存活", eliminated: "被淘汰",
    snitch: "告密者", brute: "暴徒", driver: "司机", crook: "恶棍", mastermind: "谋士",
  },
};

const token = location.hash.slice(1);
const stored = localStorage.getItem("millions-lang");
/** @type {Lang} The page's language: the one its reader chose last, else the table's (`serve --lang`). */
let lang = isLang(stored) ? stored : "en";
let langChosen = isLang(stored);
/** @type {Update | null} */
let last = null;
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

/** Money as the log writes it: 5M, 5 M, 500万. @param {number} millions */
function money(millions) {
  if (lang === "zh") return `${millions * 100}万`;
  return lang === "es" ? `${millions} M` : `${millions}M`;
}

/** @param {string} key */
function t(key) {
  return TEXT[lang][key] ?? TEXT.en[key] ?? key;
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
  return el("span", { class: `role ${status}`, "data-role": role }, [t(role)]);
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
  connect(); // the whole log again, narrated in the new language
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
  const known = TEXT[lang][`error.${error.error}`];
  notice(`${t("stale")} (${error.error}): ${known ?? error.message}`);
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
  document.title = t("title");
  byId("title").textContent = t("title");
  byId("lang-label").textContent = t("language");
  byId("log-title").textContent = t("log");
  /** @type {HTMLSelectElement} */ (byId("lang")).value = lang;
  if (last === null) return;
  const view = last.view;
  byId("who").textContent =
    view.seat === null ? (last.host ? t("host") : t("spectator")) : `${t("you")}: ${nameOf(view.seat)}`;
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
    ? `${money(loot.total)} · ${t("deposit")} ${money(loot.deposit)}` + (loot.bonus_role ? ` · ${t("bonus")}: ${t(loot.bonus_role)}` : "")
    : "—";
  const facts = el("dl", { class: "facts" }, [
    el("dt", {}, [t("round")]), el("dd", {}, [`${view.round} / ${view.config.rounds}`]),
    el("dt", {}, [t("phase")]), el("dd", { id: "phase" }, [t(view.phase)]),
    el("dt", {}, [t("reserve")]), el("dd", { id: "reserve" }, [money(view.reserve)]),
    el("dt", {}, [t("leader")]), el("dd", { id: "leader" }, [nameOf(view.leader)]),
    el("dt", {}, [t("supply")]), el("dd", {}, [String(view.threat_supply)]),
    el("dt", {}, [t("faceUp")]),
    el("dd", { id: "face-up" }, [
      ...view.face_up.map((role) => roleChip(role)),
      view.face_up.length ? ` + ${t("faceDown")}` : "—",
    ]),
  ]);
  byId("board").replaceChildren(
    el("h2", {}, [t("loot")]), el("span", { class: "loot", id: "loot" }, [lootText]), facts,
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
    el("h2", {}, [t("mine")]),
    el("div", { id: "my-characters" }, own.length ? own.map((c) => c.role ? roleChip(c.role, c.status) : "?") : ["—"]),
    el("h2", {}, [t("seen")]),
    el("div", { id: "seen" }, seen.length
      ? seen.map((c) => el("div", {}, [`${nameOf(c.player)} (${t("position")} ${c.position + 1}): `, roleChip(/** @type {Role} */ (c.role), c.status)]))
      : [t("noneSeen")]),
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
          pairs.get(first)?.push(actionButton(`+ ${t(second)}`, action));
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
  rows.push(el("h2", {}, [t("actions")]));
  for (const [first, seconds] of pairs) {
    buttons.push(el("div", { class: "pair" }, [el("span", {}, [`${t("choose")} ${t(first)}`]), ...seconds]));
  }
  if (buttons.length) rows.push(el("div", { class: "buttons", id: "action-buttons" }, buttons));
  if (view.payees.length) rows.push(payForm(seat, view));
  if (!buttons.length && !view.payees.length) {
    const waiting = view.awaiting.map(nameOf).join(", ") || t("nobody");
    rows.push(el("p", { class: "muted", id: "waiting" }, [`${t("nothing")} ${waiting}`]));
  }
  box.replaceChildren(...rows);
}

/** @param {number} seat @param {PlayerView} view */
function payForm(seat, view) {
  const to = /** @type {HTMLSelectElement} */ (el("select", { id: "pay-to" }, view.payees.map((p) => el("option", { value: String(p) }, [nameOf(p)]))));
  const amount = /** @type {HTMLInputElement} */ (el("input", { id: "pay-amount", type: "number", min: "1", max: String(view.cash[seat]), value: "1" }));
  const button = el("button", { type: "button", id: "pay-button" }, [t("pay")]);
  button.addEventListener("click", () => {
    act({ type: "pay", player: seat, to: Number(to.value), amount: Number(amount.value) });
  });
  return el("div", { class: "pay" }, [button, el("span", {}, [t("to")]), to, el("label", {}, [t("amount"), " ", amount])]);
}

/** @param {SeenCharacter} c */
function characterChip(c) {
  const chip = c.role ? roleChip(c.role, c.status) : el("span", { class: `role ${c.status}`, "data-role": "" }, [t(c.status)]);
  chip.dataset.player = String(c.player);
  chip.dataset.position = String(c.position);
  return chip;
}

/** @param {PlayerView} view */
function renderPlayers(view) {
  const bots = last ? last.bots : [];
  const rows = view.cash.map((cash, seat) => {
    const badges = [];
    if (seat === view.leader) badges.push(el("span", { class: "badge" }, [t("leaderBadge")]));
    if (bots.includes(seat)) badges.push(el("span", { class: "badge" }, [t("bot")]));
    if (view.awaiting.includes(seat)) badges.push(el("span", { class: "badge turn" }, [t("turn")]));
    const classes = [seat === view.seat ? "me" : "", view.awaiting.includes(seat) ? "awaited" : ""].join(" ");
    return el("tr", { class: classes, "data-seat": String(seat) }, [
      el("td", {}, [nameOf(seat), ...badges]),
      el("td", { class: "cash", "data-cash": String(cash) }, [money(cash)]),
      el("td", {}, [String(view.threats[seat])]),
      el("td", { class: "characters" }, view.characters.filter((c) => c.player === seat).map(characterChip)),
    ]);
  });
  byId("players").replaceChildren(
    el("h2", {}, [t("players")]),
    el("table", { class: "players" }, [
      el("thead", {}, [el("tr", {}, [t("name"), t("cash"), t("threats"), t("characters")].map((h) => el("th", {}, [h])))]),
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
    el("h2", {}, [t("gameOver")]),
    el("p", { id: "winners" }, [`${t("winners")}: ${[...view.winners].sort((a, b) => a - b).map(nameOf).join(", ")}`]),
    el("p", { id: "why" }, [why]),
    el("p", {}, [`${t("finalCash")}: ` + cash.map((c, seat) => `${nameOf(seat)} ${money(c)}`).join(" · ")]),
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
    el("h2", {}, [t("host")]),
    el("a", { href: `/api/save?token=${encodeURIComponent(token)}`, download: "table.json", id: "save" }, [t("save")]),
    el("h2", {}, [t("links")]),
    el("ul", {}, [
      ...links.seats.map((s) => el("li", {}, s.link ? [`${s.name}: `, el("a", { href: s.link }, [s.link])] : [`${s.name} (${t("bot")})`])),
      el("li", {}, [`${t("spectator")}: `, el("a", { href: links.spectator }, [links.spectator])]),
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
if (token === "") notice(t("noToken"));
else connect();

/** For tests and debugging: stop or restart live updates. */
Object.assign(window, { millionsTable: { disconnect, connect } });
