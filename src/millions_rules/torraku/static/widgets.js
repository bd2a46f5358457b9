// @ts-check
// *Currency Torraku*'s widgets for the web table's page: the stack and the bag, the bet
// composer (from the hand and the bag, R-TK-BET-7), the companion table's placement report
// (R-TK-STACK-7), the players' hands and rows, and the end screen. The game's page
// companion ships this script (millions_rules.torraku's Page.script); the page loads it
// from /static/games/torraku/widgets.js and hands it each update with its kit (table.js:
// PageKit). Plain JavaScript, no build step; `nox -s web` type-checks it with
// `tsc --checkJs` against the declarations generated from the game's JSON Schemas.

/** @typedef {import("../../torraku/schemas/torraku").TorrakuView} TorrakuView */
/** @typedef {import("../../torraku/schemas/torraku").Action} TorrakuAction */
/** @typedef {import("../../torraku/schemas/torraku").Event} TorrakuEvent */
/** @typedef {import("../../torraku/schemas/torraku").PieceKind} Kind */
/** @typedef {import("../../torraku/schemas/torraku").PieceCounts} PieceCounts */

(() => {
  const page = /** @type {{millionsRulesPage: PageKit}} */ (/** @type {unknown} */ (window)).millionsRulesPage;
  const { t, andList, el, byId, nameOf, act, actionButton, seatClock, endReason } = page;
  /** @type {Update | null} The update drawn last. */
  let last = null;
  /** @type {TorrakuEvent[]} Every event the page has seen. */
  let events = [];

  /** @type {Kind[]} */
  const KINDS = ["van", "washing_machine", "rice_cooker"];

  /** @param {Kind} kind */
  function pieceChip(kind) {
    return el("span", { class: `piece ${kind}`, "data-kind": kind }, [t(`web.tk.piece.${kind}`)]);
  }

  /** How many pieces of `kind` in `counts`. @param {PieceCounts} counts @param {Kind} kind */
  function count(counts, kind) {
    return counts[kind] ?? 0;
  }

  /** Counts by kind, as chips "2 × van". @param {PieceCounts} counts */
  function countChips(counts) {
    const chips = KINDS.filter((kind) => count(counts, kind) > 0).map((kind) =>
      el("span", { class: `piece ${kind}`, "data-kind": kind, "data-count": String(count(counts, kind)) }, [`${count(counts, kind)} × ${t(`web.tk.piece.${kind}`)}`]));
    return chips.length ? chips : [el("span", { class: "muted" }, [t("web.tk.empty")])];
  }

  /** @param {TorrakuView} view */
  function renderTorrakuBoard(view) {
    const facts = el("dl", { class: "facts" }, [
      el("dt", {}, [t("web.tk.round")]), el("dd", { id: "round" }, [String(view.round)]),
      el("dt", {}, [t("web.phase")]), el("dd", { id: "phase" }, [t(`web.tk.phase.${view.phase}`)]),
      el("dt", {}, [t("web.tk.current_bet")]), el("dd", { id: "current-bet" }, [String(view.current_bet)]),
      el("dt", {}, [t("web.tk.opener")]), el("dd", { id: "opener" }, [nameOf(view.opener)]),
      el("dt", {}, [t("web.tk.bag")]), el("dd", { id: "bag" }, countChips(view.bag)),
    ]);
    const stack = view.stack.length
      ? view.stack.map((piece) => { const chip = pieceChip(piece.kind); chip.dataset.player = String(piece.player); chip.title = nameOf(piece.player); return chip; })
      : [el("span", { class: "muted" }, [t("web.tk.empty")])];
    byId("board").replaceChildren(
      el("h2", {}, [t("web.tk.stack")]), el("div", { id: "stack", class: "stack", "data-height": String(view.stack.length) }, stack), facts,
    );
  }

  /** @param {TorrakuView} view */
  function renderTorrakuPlayers(view) {
    const bots = last ? last.bots : [];
    const rows = view.hands.map((hand, seat) => {
      const badges = [];
      if (bots.includes(seat)) badges.push(el("span", { class: "badge" }, [t("web.bot")]));
      if (view.actors.includes(seat)) badges.push(el("span", { class: "badge turn" }, [t("web.to_play")]));
      badges.push(...seatClock(seat));
      if (view.phase === "betting" && view.passed[seat]) badges.push(el("span", { class: "badge" }, [t("web.tk.passed")]));
      const row = view.rows[seat] ?? [];
      const left = KINDS.reduce((n, kind) => n + count(hand, kind), row.length);
      return el("tr", { class: seat === view.seat ? "me" : "", "data-seat": String(seat) }, [
        el("td", {}, [nameOf(seat), ...badges]),
        el("td", { class: "hand" }, countChips(hand)),
        el("td", { class: "row", "data-length": String(row.length) }, row.length ? row.map((kind) => pieceChip(kind)) : ["—"]),
        el("td", { class: "left", "data-left": String(left) }, [String(left)]),
      ]);
    });
    byId("players").replaceChildren(
      el("h2", {}, [t("web.players")]),
      el("table", { class: "players torraku" }, [
        el("thead", {}, [el("tr", {}, [t("web.tk.player"), t("web.tk.hand"), t("web.tk.row"), t("web.tk.left")].map((h) => el("th", {}, [h])))]),
        el("tbody", {}, rows),
      ]),
    );
  }

  /** The pieces a bet adds, as a sorted key: "van,van,rice_cooker|van". @param {TorrakuAction} action */
  function betKey(action) {
    if (action.type !== "bet") return "";
    const order = (/** @type {Kind[]} */ list) => [...list].sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b)).join(",");
    return `${order(action.pieces)}|${order(action.from_bag ?? [])}`;
  }

  /** @param {TorrakuView} view */
  function renderTorrakuActions(view) {
    const box = byId("actions");
    box.hidden = view.seat === null || view.phase === "game_over";
    if (view.seat === null) return;
    const seat = view.seat;
    const legal = view.legal_actions;
    /** @type {HTMLElement[]} */
    const rows = [el("h2", {}, [t("web.your_move")])];
    const bets = legal.filter((a) => a.type === "bet");
    const pass = legal.find((a) => a.type === "pass");
    const reports = legal.filter((a) => a.type === "report_placement");
    if (bets.length) rows.push(betForm(seat, view, bets));
    if (pass) rows.push(el("div", { class: "buttons" }, [withId(actionButton(t("web.tk.pass"), pass, !bets.length), "pass-button")]));
    if (reports.length) rows.push(reportForm(seat, view));
    if (!legal.length) {
      rows.push(el("p", { class: "muted", id: "waiting" }, [t("web.waiting", { names: andList(view.actors.map(nameOf)) || t("web.nobody") })]));
    }
    box.replaceChildren(...rows);
  }

  /** @param {HTMLElement} node @param {string} id */
  function withId(node, id) {
    node.id = id;
    return node;
  }

  /**
   * The bet composer: a counter per kind from the hand (and from the bag when the bag may be
   * used, R-TK-BET-7); the button plays the legal bet with exactly those pieces.
   * @param {number} seat @param {TorrakuView} view @param {TorrakuAction[]} bets
   */
  function betForm(seat, view, bets) {
    const hand = view.hands[seat] ?? {};
    const byKey = new Map(bets.map((bet) => [betKey(bet), bet]));
    const bagUsable = bets.some((bet) => bet.type === "bet" && (bet.from_bag ?? []).length > 0);
    /** @type {Record<Kind, number>} */
    const own = { van: 0, washing_machine: 0, rice_cooker: 0 };
    /** @type {Record<Kind, number>} */
    const fromBag = { van: 0, washing_machine: 0, rice_cooker: 0 };
    const button = /** @type {HTMLButtonElement} */ (el("button", { type: "button", class: "primary", id: "bet-button" }, []));
    const hint = el("span", { class: "muted", id: "bet-hint" }, []);
    const chosen = () => {
      /** @type {Kind[]} */
      const pieces = [];
      /** @type {Kind[]} */
      const bag = [];
      for (const kind of KINDS) {
        for (let i = 0; i < own[kind]; i += 1) pieces.push(kind);
        for (let i = 0; i < fromBag[kind]; i += 1) bag.push(kind);
      }
      return byKey.get(betKey({ type: "bet", player: seat, pieces: [...pieces, ...bag], from_bag: bag })) ?? null;
    };
    const refresh = () => {
      const count = KINDS.reduce((n, kind) => n + own[kind] + fromBag[kind], 0);
      const bet = chosen();
      button.textContent = t("web.tk.bet", { number: String(count) });
      button.disabled = bet === null;
      button.dataset.action = bet === null ? "" : JSON.stringify(bet);
      hint.textContent = bet === null ? t("web.tk.no_bet") : "";
    };
    /** @param {string} source @param {Record<Kind, number>} counts @param {number} [limitOf] */
    const counters = (source, counts, limitOf) => KINDS.map((kind) => {
      const most = source === "bag" ? Math.min(count(view.bag, kind), limitOf ?? 0) : count(hand, kind);
      const shown = el("output", { id: `${source}-${kind}` }, ["0"]);
      const step = (/** @type {number} */ delta) => {
        counts[kind] = Math.max(0, Math.min(most, counts[kind] + delta));
        shown.textContent = String(counts[kind]);
        refresh();
      };
      const minus = el("button", { type: "button", class: "step", "data-step": `${source}-${kind}-minus`, "aria-label": `− ${t(`web.tk.piece.${kind}`)}` }, ["−"]);
      const plus = el("button", { type: "button", class: "step", "data-step": `${source}-${kind}-plus`, "aria-label": `+ ${t(`web.tk.piece.${kind}`)}` }, ["+"]);
      minus.addEventListener("click", () => step(-1));
      plus.addEventListener("click", () => step(1));
      return el("div", { class: "counter" }, [pieceChip(kind), minus, shown, plus, el("span", { class: "muted" }, [`/ ${most}`])]);
    });
    button.addEventListener("click", () => {
      const bet = chosen();
      if (bet !== null) act(bet);
    });
    refresh();
    // The whole hand in one tap (a first bet topped up from the bag starts with it, R-TK-BET-7).
    const whole = el("button", { type: "button", id: "whole-hand" }, [t("web.tk.whole_hand")]);
    whole.addEventListener("click", () => {
      for (const kind of KINDS) {
        own[kind] = count(hand, kind);
        const shown = document.getElementById(`hand-${kind}`);
        if (shown !== null) shown.textContent = String(own[kind]);
      }
      refresh();
    });
    const parts = [el("h3", {}, [t("web.tk.from_hand")]), ...counters("hand", own), el("div", { class: "buttons" }, [whole])];
    if (bagUsable) {
      parts.push(el("h3", {}, [t("web.tk.from_bag")]), ...counters("bag", fromBag, view.current_bet));
    }
    parts.push(el("div", { class: "buttons" }, [button, hint]));
    return el("div", { class: "bet", id: "bet-form" }, parts);
  }

  /** Companion mode (R-TK-STACK-7): the stacker reports how the attempt went.
   * @param {number} seat @param {TorrakuView} view */
  function reportForm(seat, view) {
    const height = view.stack.length;
    const fallen = /** @type {HTMLInputElement} */ (el("input", { id: "fallen", type: "number", min: "1", max: String(height), value: String(Math.max(1, height)) }));
    /** @param {"placed" | "dropped" | "touched" | "knocked_down"} outcome */
    const report = (outcome) => {
      const button = el("button", { type: "button", class: outcome === "placed" ? "primary" : "", id: `report-${outcome}` }, [t(`web.tk.outcome.${outcome}`)]);
      button.addEventListener("click", () => {
        act({ type: "report_placement", player: seat, outcome, fallen: outcome === "knocked_down" ? Number(fallen.value) : null });
      });
      return button;
    };
    const piece = view.rows[seat]?.[0];
    return el("div", { class: "report", id: "report-form" }, [
      el("p", {}, [t("web.tk.report"), " ", ...(piece ? [pieceChip(piece)] : [])]),
      el("div", { class: "buttons" }, [report("placed"), report("dropped"), report("touched")]),
      el("div", { class: "buttons" }, [report("knocked_down"), el("label", {}, [fallen, " ", t("web.tk.fallen")])]),
    ]);
  }

  /** @param {TorrakuView} view */
  function renderTorrakuEnd(view) {
    const box = byId("end");
    box.hidden = view.phase !== "game_over";
    if (view.phase !== "game_over") return;
    const won = [...events].reverse().find((e) => e.type === "game_won");
    const atLimit = won !== undefined && "at_limit" in won && won.at_limit === true;
    const winners = [...view.winners].sort((a, b) => a - b);
    box.replaceChildren(
      el("h2", {}, [t("web.tk.phase.game_over")]),
      el("p", { id: "winners" }, [t(winners.length === 1 ? "web.winners.one" : "web.winners", { names: andList(winners.map(nameOf)) })]),
      // The reason alone: web.end.round names the winners once.
      el("p", { id: "why" }, [endReason(t(atLimit ? "web.end.torraku_limit" : "web.end.torraku"), winners, view.round)]),
    );
  }

  /** Torraku's widgets, drawing one update. @param {Update} update */
  function render(update) {
    last = update;
    events = /** @type {TorrakuEvent[]} */ (/** @type {unknown} */ (page.events()));
    const view = /** @type {TorrakuView} */ (/** @type {unknown} */ (update.view));
    renderTorrakuBoard(view);
    renderTorrakuActions(view);
    renderTorrakuPlayers(view);
    renderTorrakuEnd(view);
  }

  const registry = /** @type {{millionsRulesWidgets: Record<string, Widgets>}} */ (/** @type {unknown} */ (window)).millionsRulesWidgets;
  registry.torraku = { render };
})();
