// @ts-check
// *Millions of Dollars*' widgets for the web table's page: the loot card, the seat's own
// characters, its moves (three players' pairs, payments), the talk and deals panel, the
// players' table, the last heist's summary and the end screen. The game's page companion
// ships this script (millions_rules.millions' Page.script); the page loads it from
// /static/games/millions/widgets.js and hands it each update with its kit (table.js:
// PageKit). Plain JavaScript, no build step; `nox -s web` type-checks it with
// `tsc --checkJs` against the declarations generated from the game's JSON Schemas.

/** @typedef {import("../../schemas/millions").PlayerView} PlayerView */
/** @typedef {import("../../schemas/millions").SeenCharacter} SeenCharacter */
/** @typedef {import("../../schemas/millions").Event} GameEvent */
/** @typedef {import("../../schemas/millions").GameWon} GameWon */
/** @typedef {import("../../schemas/millions").Role} Role */
/**
 * Millions' last finished heist, public facts only (the Millions page's Page.extras).
 * @typedef {{round: number, caught: [number, Role][], shares: [number, number, Role][],
 *   revealed: [number, Role][], change: number[], cash: number[]}} Summary
 */
/**
 * An update as Millions' widgets read it: a PlayerView, and what Millions' page companion
 * adds (Page.extras: `summary`, `target`; Page.seat_extras: `offer_lines`; the table's
 * `pressed` seats, R-TALK-LEADER).
 * @typedef {{view: PlayerView, labels: string[], bots: number[], ending: string | null,
 *   summary?: Summary | null, target?: number | null, pressed?: [number, number | null][],
 *   offer_lines?: Record<string, string>}} MillionsUpdate
 */

(() => {
  const page = /** @type {{millionsRulesPage: PageKit}} */ (/** @type {unknown} */ (window)).millionsRulesPage;
  const { t, label, andList, el, byId, nameOf, act, actionButton, countdown, seatClock, endReason } = page;
  /** @type {MillionsUpdate | null} The update drawn last. */
  let last = null;
  /** @type {GameEvent[]} Every event the page has seen. */
  let events = [];
  /** @type {string[]} The log, a line an event. */
  let log = [];
  /** @type {"en" | "es" | "zh"} */
  let lang = "en";

  /** Money as the log writes it (format_money): 5M, 5 M, 500万, 1.5亿. @param {number} millions */
  function money(millions) {
    if (lang === "zh" && millions === 0) return "0"; // not "0万"
    if (lang === "zh") return Math.abs(millions) >= 100 ? `${millions / 100}亿` : `${millions * 100}万`;
    return lang === "es" ? `${millions} M` : `${millions}M`;
  }

  /** How many of the units the page shows money in make 1M: 100 in Chinese (万), else 1. */
  function moneyUnit() {
    return lang === "zh" ? 100 : 1;
  }

  /** @param {Role} role @param {string} [status] */
  function roleChip(role, status = "surviving") {
    return el("span", { class: `role ${status}`, "data-role": role }, [t(`role.${role}`)]);
  }

  /**
   * An amount typed by a player, in millions; or the words that say what to type. The
   * field is in the unit the page shows money in (web.amount: M, or 万 in Chinese); a unit
   * typed with it counts ("2M", "200万", "1亿"). A part of a million is refused.
   * @param {string} text @param {number} most
   * @returns {{millions: number} | {error: string}}
   */
  function parseAmount(text, most) {
    const typed = text.trim().replace(/[\uff10-\uff19\uff0e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\s+/g, "");
    const found = /^(\d+(?:[.,]\d+)?)(m|\u767e\u4e07|\u4e07|\u4ebf)?$/i.exec(typed);
    const whole = lang === "zh" ? t("web.amount.whole_wan") : t("web.amount.whole");
    if (found === null) return { error: whole };
    const number = Number(found[1].replace(",", "."));
    const unit = (found[2] ?? "").toLowerCase();
    const scale = unit === "m" || unit === "\u767e\u4e07" ? 1 : unit === "\u4e07" ? 0.01 : unit === "\u4ebf" ? 100 : 1 / moneyUnit();
    const millions = Math.round(number * scale * 1e6) / 1e6;
    if (!Number.isInteger(millions)) return { error: whole };
    if (millions < 1 || millions > most) return { error: t("web.amount.range", { low: money(1), high: money(most) }) };
    return { millions };
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
    // "card 1" or "card 2" only where each player has two characters (the 3-player game, R-3P).
    const seenLabel = (/** @type {{player: number, position: number}} */ c) =>
      view.cash.length === 3 ? t("web.card_of", { player: nameOf(c.player), number: String(c.position + 1) }) : nameOf(c.player);
    box.replaceChildren(
      el("h2", {}, [t("term.my_characters")]),
      el("div", { id: "my-characters" }, own.length ? own.map((c) => c.role ? roleChip(c.role, c.status) : "?") : ["—"]),
      el("h2", {}, [t("term.seen_by_threat")]),
      el("div", { id: "seen" }, seen.length
        ? seen.map((c) => el("div", {}, [label(seenLabel(c)), roleChip(/** @type {Role} */ (c.role), c.status)]))
        : [t("web.none_seen")]),
    );
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
    // Three players (R-3P-1, R-3P-4): why the order of the two characters matters.
    if (pairs.size) rows.push(el("p", { class: "muted", id: "pairs-why" }, [t("web.rules.millions.pairs")]));
    for (const [first, seconds] of pairs) {
      buttons.push(el("div", { class: "pair" }, [el("span", {}, [t("web.choose", { role: t(`role.${first}`) })]), ...seconds]));
    }
    if (buttons.length) rows.push(el("div", { class: "buttons", id: "action-buttons" }, buttons));
    if (view.payees.length) rows.push(payForm(seat, view));
    if (!buttons.length && !view.payees.length) {
      const waiting = andList(view.awaiting.map(nameOf)) || t("web.nobody");
      rows.push(el("p", { class: "muted", id: "waiting" }, [t("web.waiting", { names: waiting })]));
    }
    box.replaceChildren(...rows);
  }

  /** @param {number} seat @param {PlayerView} view */
  function payForm(seat, view) {
    const to = /** @type {HTMLSelectElement} */ (el("select", { id: "pay-to" }, view.payees.map((p) => el("option", { value: String(p) }, [nameOf(p)]))));
    // The amount is typed in the unit the page shows money in (web.amount says which): a
    // text field, so that "200万" or "2M" may be typed; parseAmount reads it.
    const unit = moneyUnit();
    const most = view.cash[seat] ?? 0;
    const amount = /** @type {HTMLInputElement} */ (el("input", {
      id: "pay-amount", type: "text", inputmode: "decimal", autocomplete: "off", min: String(unit),
      max: String(most * unit), value: String(unit), "aria-describedby": "pay-hint",
    }));
    const hint = el("span", { class: "muted", id: "pay-hint" }, []);
    const button = el("button", { type: "button", id: "pay-button" }, [t("web.pay")]);
    button.addEventListener("click", () => {
      const read = parseAmount(amount.value, most);
      if ("error" in read) {
        hint.textContent = read.error;
        hint.className = "warn";
        amount.setAttribute("aria-invalid", "true");
        return;
      }
      hint.textContent = "";
      amount.removeAttribute("aria-invalid");
      act({ type: "pay", player: seat, to: Number(to.value), amount: read.millions });
    });
    return el("div", { class: "pay" }, [button, el("span", {}, [t("web.pay_to")]), to, el("label", {}, [t("web.amount"), " ", amount]), hint]);
  }

  // -- negotiation: talk, whispers, claims, offers and the leader's press (R-DEAL, R-TALK) --

  /** The event types the talk panel lists (its lines are the log's). */
  const TALK_EVENTS = new Set(["said", "pressed", "offer_made", "offer_accepted", "offer_declined", "offer_withdrawn", "offer_lapsed", "claim_judged"]);
  /** @type {Role[]} The roles a player may claim (R-TALK-2), in the order of R-COMP-1. */
  const CLAIMS = ["snitch", "brute", "driver", "crook", "mastermind"];

  /**
   * A select's options replaced, keeping the chosen value where it is still offered.
   * @param {HTMLSelectElement} select @param {[string, string][]} options
   */
  function setOptions(select, options) {
    const chosen = select.value;
    const same = select.options.length === options.length
      && options.every(([value, text], i) => select.options[i].value === value && select.options[i].text === text);
    if (!same) select.replaceChildren(...options.map(([value, text]) => el("option", { value }, [text])));
    if (options.some(([value]) => value === chosen)) select.value = chosen;
  }

  /** The panel's widgets, made once so that what a player types survives every update. */
  function buildTalk() {
    const box = byId("talk");
    if (box.dataset.built === "1") return;
    box.dataset.built = "1";
    const input = el("input", { id: "say-text", type: "text", maxlength: "280" });
    const sayTo = el("select", { id: "say-to" });
    const claim = el("select", { id: "say-claim" });
    const send = el("button", { type: "button", id: "say-button" }, []);
    const offerTo = el("select", { id: "offer-to" });
    const decider = el("select", { id: "offer-decider" });
    const decision = el("select", { id: "offer-decision" });
    const amount = el("input", { id: "offer-amount", type: "number" });
    const secret = el("input", { id: "offer-private", type: "checkbox" });
    const make = el("button", { type: "button", id: "offer-button" }, []);
    const target = el("select", { id: "press-target" });
    const press = el("button", { type: "button", id: "press-button" }, []);
    send.addEventListener("click", sendMessage);
    input.addEventListener("keydown", (event) => { if (/** @type {KeyboardEvent} */ (event).key === "Enter") sendMessage(); });
    make.addEventListener("click", makeOffer);
    press.addEventListener("click", () => {
      const seat = last?.view.seat;
      if (seat === null || seat === undefined) return;
      act({ type: "press", player: seat, target: Number(/** @type {HTMLSelectElement} */ (target).value) });
    });
    offerTo.addEventListener("change", () => { if (last) renderTalk(last.view); });
    decider.addEventListener("change", () => { if (last) renderTalk(last.view); });
    const details = el("details", { id: "talk-details", open: "" }, [
      el("summary", { id: "talk-title" }, []),
      el("div", { id: "offers-box" }, [el("h3", { id: "offers-title" }, []), el("ul", { id: "offers" }, [])]),
      el("ul", { id: "chat" }, []),
      el("div", { class: "say", id: "say-form" }, [input, el("span", { id: "say-to-label" }, []), sayTo, claim, send]),
      el("div", { class: "offer", id: "offer-form" }, [
        el("h3", { id: "offer-title" }, []),
        el("span", { id: "offer-to-label" }, []), offerTo, decider, decision,
        el("label", {}, [el("span", { id: "offer-amount-label" }, []), " ", amount]),
        el("label", { id: "offer-private-label" }, [secret, el("span", {}, [])]),
        make,
      ]),
      el("div", { class: "press", id: "press-form" }, [target, press]),
    ]);
    box.replaceChildren(details);
  }

  /** @param {string} id @returns {HTMLInputElement} */
  function inputOf(id) {
    return /** @type {HTMLInputElement} */ (byId(id));
  }

  /** @param {string} id @returns {HTMLSelectElement} */
  function selectOf(id) {
    return /** @type {HTMLSelectElement} */ (byId(id));
  }

  /** Send what the player typed, to the table or to one player, with the role claimed. */
  function sendMessage() {
    const seat = last?.view.seat;
    if (seat === null || seat === undefined) return;
    const text = inputOf("say-text").value.trim();
    const to = selectOf("say-to").value;
    const claim = selectOf("say-claim").value;
    if (text === "" && claim === "") return;
    act({ type: "say", player: seat, text, to: to === "" ? null : Number(to), claim: claim === "" ? null : /** @type {Role} */ (claim) });
    inputOf("say-text").value = "";
    selectOf("say-claim").value = "";
  }

  /** Offer the deal the composer shows (R-DEAL-1). */
  function makeOffer() {
    const seat = last?.view.seat;
    if (seat === null || seat === undefined) return;
    const to = Number(selectOf("offer-to").value);
    const decider = selectOf("offer-decider").value === "me" ? seat : to;
    const decision = selectOf("offer-decision").value;
    const slot = decision.startsWith("slot:") ? Number(decision.slice(5)) : null;
    act({
      type: "offer", player: seat, to, decider, amount: Number(inputOf("offer-amount").value) / moneyUnit(),
      leave: decision !== "stay", slot, private: inputOf("offer-private").checked,
    });
  }

  /** Whether ``seat`` still has a character in the round. @param {PlayerView} view @param {number} seat */
  function inRound(view, seat) {
    return view.characters.some((c) => c.player === seat && c.status !== "taken_back");
  }

  /** @param {PlayerView} view */
  function renderTalk(view) {
    const box = byId("talk");
    // A spectator, and a replay, read the talk and offers; only a seat at a live table
    // talks, offers, answers and presses.
    const watching = view.seat === null || page.replaying();
    const seat = view.seat ?? -1;
    box.hidden = view.phase === "game_over";
    if (last === null || view.phase === "game_over") return;
    buildTalk();
    byId("say-form").hidden = watching;
    const update = last;
    byId("talk-title").textContent = t("web.talk.title");
    const players = view.cash.map((_, p) => p);
    const others = players.filter((p) => p !== seat);
    const privateTalk = view.config.private_talk !== false;
    const privateOffers = view.config.private_offers !== false;
    // The chat: every line of talk, press and deal this seat may see (the log's words).
    const lines = [];
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      if (!TALK_EVENTS.has(event.type)) continue;
      const whisper = (event.type === "said" && event.to !== null) || ("offer" in event && event.offer.private);
      lines.push(el("li", { class: whisper ? "whisper" : "", "data-event": event.type }, [log[i] ?? ""]));
    }
    const chat = byId("chat");
    chat.replaceChildren(...(lines.length ? lines : [el("li", { class: "muted" }, [t("web.talk.empty")])]));
    chat.scrollTop = chat.scrollHeight;
    // Talk: to everyone, or to one player where the table allows private talk (R-TALK-1).
    inputOf("say-text").placeholder = t("web.talk.placeholder");
    byId("say-to-label").textContent = t("web.talk.to");
    const sayTo = selectOf("say-to");
    setOptions(sayTo, [["", t("web.talk.everyone")], ...(privateTalk ? others.map((p) => /** @type {[string, string]} */ ([String(p), nameOf(p)])) : [])]);
    sayTo.hidden = !privateTalk;
    byId("say-to-label").hidden = !privateTalk;
    setOptions(selectOf("say-claim"), [["", t("web.talk.no_claim")], ...CLAIMS.map((r) => /** @type {[string, string]} */ ([r, t("web.talk.claim", { role: t(`role.${r}`) })]))]);
    byId("say-button").textContent = t("web.talk.send");
    // Open offers in sight: accept or decline those made to me, withdraw mine (R-DEAL-2, R-DEAL-3).
    byId("offers-title").textContent = t("web.offer.open");
    const offers = view.offers ?? [];
    const linesOf = update.offer_lines ?? {};
    const rows = offers.map((offer) => {
      const buttons = [];
      for (const action of watching ? [] : view.legal_actions) {
        if (!("offer" in action) || action.offer !== offer.id) continue;
        if (action.type === "accept_offer") buttons.push(actionButton(t("web.offer.accept"), action, true));
        if (action.type === "decline_offer") buttons.push(actionButton(t("web.offer.decline"), action));
        if (action.type === "withdraw_offer") buttons.push(actionButton(t("web.offer.withdraw"), action));
      }
      return el("li", { class: offer.private ? "whisper" : "", "data-offer": offer.id }, [el("span", {}, [linesOf[offer.id] ?? offer.id]), ...buttons]);
    });
    byId("offers").replaceChildren(...(rows.length ? rows : [el("li", { class: "muted" }, [t("web.offer.none")])]));
    byId("offers-box").hidden = view.phase !== "negotiation" && offers.length === 0;
    // The composer: to whom, who decides and is paid, what they do, how much (R-DEAL-1).
    const negotiating = view.phase === "negotiation" && inRound(view, seat);
    const partners = others.filter((p) => inRound(view, p));
    const form = byId("offer-form");
    form.hidden = watching || !negotiating || partners.length === 0;
    byId("offer-title").textContent = t("web.offer.title");
    byId("offer-to-label").textContent = t("web.offer.to");
    setOptions(selectOf("offer-to"), partners.map((p) => [String(p), nameOf(p)]));
    setOptions(selectOf("offer-decider"), [["them", t("web.offer.they_decide")], ["me", t("web.offer.i_decide")]]);
    const to = Number(selectOf("offer-to").value);
    const decider = selectOf("offer-decider").value === "me" ? seat : to;
    /** @type {[string, string][]} */
    const decisions = [["leave", t("web.offer.leave")], ["stay", t("web.offer.stay")]];
    const hidden = view.characters.filter((c) => c.player === decider && c.status === "hidden");
    if (view.cash.length === 3 && hidden.length > 1) {
      for (const c of hidden) decisions.push([`slot:${c.position}`, t("web.offer.take_back", { number: String(c.position + 1) })]);
    }
    setOptions(selectOf("offer-decision"), decisions);
    const amount = inputOf("offer-amount");
    const unit = moneyUnit();
    const payer = decider === seat ? to : seat;
    amount.min = String(unit);
    amount.step = String(unit);
    amount.max = String(Math.max(1, view.cash[payer] ?? 1) * unit);
    if (amount.value === "") amount.value = String(unit);
    byId("offer-amount-label").textContent = t("web.amount");
    const secret = byId("offer-private-label");
    secret.hidden = !privateOffers;
    if (!privateOffers) inputOf("offer-private").checked = false;
    const secretText = secret.querySelector("span");
    if (secretText) secretText.textContent = t("web.offer.private");
    byId("offer-button").textContent = t("web.offer.make");
    // The leader's press of an undecided player (R-TALK-LEADER).
    const undecided = others.filter((p) => view.awaiting.includes(p) && !view.decided[p]);
    const pressForm = byId("press-form");
    pressForm.hidden = watching || view.phase !== "negotiation" || view.leader !== seat || undecided.length === 0;
    setOptions(selectOf("press-target"), undecided.map((p) => [String(p), nameOf(p)]));
    byId("press-button").textContent = t("web.press.button");
    renderPress();
  }

  /**
   * The pressed player's countdown, redrawn each second while it runs (R-TALK-LEADER). It
   * heads the seat's move, where a phone shows it without scrolling.
   */
  function renderPress() {
    let banner = document.getElementById("press-banner");
    const moves = byId("actions");
    if (banner === null || banner.parentElement !== moves) {
      banner?.remove();
      banner = el("p", { id: "press-banner", class: "press", role: "status", hidden: "" }, []);
      moves.prepend(banner);
    }
    const seat = last?.view.seat;
    if (seat === null || seat === undefined || last === null) return;
    const mine = (last.pressed ?? []).find(([pressed]) => pressed === seat);
    if (mine === undefined || last.view.phase !== "negotiation") {
      banner.hidden = true;
      return;
    }
    const [, until] = mine;
    banner.hidden = false;
    // The press's short time is the page's one countdown widget (the seat's clock shows
    // the same deadline: the server gives a pressed seat its shorter one).
    const parts = [t("web.press.you"), ...(until === null ? [] : [" ", countdown(until, "web.clock.left", { id: "press-clock" })])];
    banner.replaceChildren(...parts);
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
      badges.push(...seatClock(seat));
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
    const winners = [...view.winners].sort((a, b) => a - b);
    const amount = winners.length ? cash[winners[0]] : 0;
    box.replaceChildren(
      el("h2", {}, [t("phase_name.game_over")]),
      el("p", { id: "winners" }, [t(winners.length === 1 ? "web.winners.one" : "web.winners", { names: andList(winners.map(nameOf)) })]),
      el("p", { id: "won-with", class: "big" }, [t(winners.length === 1 ? "web.end.won_with" : "web.end.won_with.tie", { names: andList(winners.map(nameOf)), amount: money(amount ?? 0) })]),
      el("p", { id: "why" }, [endReason(why, winners, view.round)]),
      el("p", {}, [label(t("web.final_cash")) + cash.map((c, seat) => `${nameOf(seat)} ${money(c)}`).join(" · ")]),
    );
  }

  /** Millions' last finished heist: who was caught, who shared how much, each seat's cash change.
   * @param {Summary | null} summary */
  function renderSummary(summary) {
    const box = byId("summary");
    box.hidden = summary === null;
    if (summary === null) return;
    const named = (/** @type {number} */ seat, /** @type {string} */ role) => t("web.summary.named", { player: nameOf(seat), role: t(`role.${role}`) });
    const caught = summary.caught.map(([seat, role]) => named(seat, role));
    const shares = summary.shares.map(([seat, amount, role]) => t("web.summary.entry", { player: role ? named(seat, role) : nameOf(seat), amount: money(amount) }));
    const revealed = summary.revealed.map(([seat, role]) => named(seat, role));
    const signed = (/** @type {number} */ n) => (n > 0 ? "+" + money(n) : n < 0 ? "−" + money(-n) : "—");
    box.replaceChildren(
      el("h2", {}, [t("web.summary.title", { number: String(summary.round) })]),
      el("p", { id: "summary-revealed" }, [label(t("web.summary.revealed")) + (andList(revealed) || "—")]),
      el("p", { id: "summary-caught" }, [caught.length ? t("web.summary.caught", { names: andList(caught) }) : t("web.summary.nobody_caught")]),
      el("p", { id: "summary-shares" }, [shares.length ? t("web.summary.shares", { entries: andList(shares) }) : t("web.summary.no_shares")]),
      el("table", { class: "change", id: "summary-change" }, [
        // One cash figure on the page: the players' table's (a seat's cash after the heist
        // differs from it as soon as someone pays), so the summary shows the change only.
        el("thead", {}, [el("tr", {}, [el("th", {}, [t("term.player")]), el("th", {}, [t("web.summary.change")])])]),
        el("tbody", {}, summary.change.map((change, seat) => el("tr", { "data-seat": String(seat), "data-change": String(change) }, [
          el("td", {}, [nameOf(seat)]), el("td", {}, [signed(change)]),
        ]))),
      ]),
    );
  }

  /** Millions' widgets, drawing one update. @param {Update} update */
  function render(update) {
    last = /** @type {MillionsUpdate} */ (/** @type {unknown} */ (update));
    events = /** @type {GameEvent[]} */ (/** @type {unknown} */ (page.events()));
    log = page.log();
    lang = page.lang();
    const view = last.view;
    const target = byId("target");
    target.hidden = !last.target;
    target.textContent = last.target ? t("web.target", { amount: money(last.target) }) : "";
    renderBoard(view);
    renderMine(view);
    renderActions(view);
    renderTalk(view);
    renderPlayers(view);
    renderSummary(last.summary ?? null);
    renderEnd(view);
  }

  /** The rules panel's placeholders: the table's target (web.rules.millions.goal). @param {Update} update */
  function ruleParams(update) {
    lang = page.lang();
    const target = /** @type {MillionsUpdate} */ (/** @type {unknown} */ (update)).target;
    return { amount: target ? money(target) : "" };
  }

  const registry = /** @type {{millionsRulesWidgets: Record<string, Widgets>}} */ (/** @type {unknown} */ (window)).millionsRulesWidgets;
  registry.millions = { render, ruleParams };
})();
