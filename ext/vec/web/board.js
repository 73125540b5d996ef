// The Vampire, the Elf & the Cthulhu's table for the vsai web page: the NOVEL's four places,
// the six decks, the Ideas Area, the cards being drawn, the strength test with its bids, and
// each seat's objective, ink and display (face-up cards, face-down cards, unseen backs).
// Drawn from `model` only: another seat's objective, ink or unseen cards are never in it.
import { html, colour, clickable, markHint, movesBy, SEAT_COLOURS } from "/static/boardkit.js";

const TYPE_LETTER = { Vampire: "V", Elf: "E", Cthulhu: "C" };
// The hinted move (the page's `ui.highlight`): a green ring (not an outline, so that the last
// move's outline still shows).
const HINT_CSS = ".vec-board .hinted{box-shadow:0 0 0 3px #009E73}";

/** Draw the whole table of `model` into `root`. */
export function drawBoard(root, model, ui) {
  const view = model.view;
  const board = view.board;           // the game's part of the view (rules.md, "View")
  const spots = movesBy(model.legal, spotOf);
  const ctx = { spots, ui, last: model.lastMove?.text ?? "", lastInfo: model.lastMove?.action_info ?? null, seats: model.seats };
  const parts = [
    html("p", { class: "vec-facts" }, [`Turn ${view.round} of ${board.turn_cap} · ${view.phase} · first player ${model.seats[board.first_player] ?? "–"}`]),
    html("div", { class: "vec-row" }, [section("NOVEL", drawNovel(board, ctx)), section("Decks", drawDecks(board, ctx))]),
    section("Ideas Area", html("div", { class: "vec-cards" }, board.ideas.length ? board.ideas.map((c) => card(c, ctx)) : [html("i", {}, ["empty"])])),
  ];
  if (board.drawing) parts.push(section(`${model.seats[board.drawing.player]} draws from the ${board.drawing.deck} deck`, html("div", { class: "vec-cards" }, [
    ...(board.drawing.cards ?? []).map((c) => card(c, ctx)),
    ...Array.from({ length: board.drawing.unseen_count ?? 0 }, () => back())])));
  if (board.strength_test?.active) parts.push(section("Strength test", drawTest(board.strength_test, ctx)));
  parts.push(html("div", { class: "vec-seats" }, board.seats.map((seat) => drawSeat(seat, view, model, ctx))));
  root.replaceChildren(html("div", { class: "vec-board" }, [html("style", {}, [HINT_CSS]), ...parts]));
  markHint(root, ui.highlight);
}

/** The table spot of a legal move: a card, a deck or a place of the NOVEL. */
function spotOf(move) {
  if (move.kind === "choose_deck") return `deck:${move.deck}`;
  if (move.kind === "novel_position") return `novel:${move.position}`;
  if (move.card) return `card:${move.card.id}`;
  return null;
}

function section(title, body) {
  return html("section", { class: "vec-section" }, [html("h3", {}, [title]), body]);
}

function isLast(c, ctx) {
  if (ctx.lastInfo?.card) return ctx.lastInfo.card.id === c.id;
  return Boolean(c.name) && ctx.last.includes(c.name);
}

/** One card: its colour (swatch with a letter), type, genre, action, strength, quills and ink. */
function card(c, ctx, extra = "") {
  const tint = colour(c.color);
  const node = html("div", { class: `vec-card${isLast(c, ctx) ? " last" : ""}${extra}`, "data-spot": `card:${c.id}`, title: c.name }, [
    html("div", { class: "vec-stripe", style: `background:${tint.fill};color:${tint.ink}` }, [`${tint.letter} ${c.color}`]),
    html("div", { class: "vec-type" }, [`${c.type} (${TYPE_LETTER[c.type] ?? "?"})`]),
    html("div", {}, [c.genre]),
    html("div", { class: "vec-action" }, [c.action]),
    c.strength !== null && c.strength !== undefined ? html("div", {}, [`str ${c.strength}`]) : null,
    c.quills ? html("div", {}, [`✒ ${c.quills}${c.quill_owner !== null ? ` ${ctx.seats[c.quill_owner]}` : ""}`]) : null,
    c.ink ? html("div", {}, [`ink ${c.ink}`]) : null,
    c.special_ink && Object.keys(c.special_ink).length
      ? html("div", {}, [`special: ${Object.entries(c.special_ink).map(([s, n]) => `${ctx.seats[s] ?? s} ${n}`).join(", ")}`]) : null,
  ]);
  return clickable(node, ctx.spots.get(`card:${c.id}`), ctx.ui);
}

function back(label = "unseen") {
  return html("div", { class: "vec-card vec-back", title: "a card you have not seen" }, [label]);
}

function drawNovel(board, ctx) {
  return html("div", { class: "vec-cards" }, board.novel.map((c, i) => {
    const key = `novel:${i + 1}`;
    const lastHere = /NOVEL position (\d)/.exec(ctx.last)?.[1] === String(i + 1);
    const slot = html("div", { class: `vec-slot${lastHere ? " last" : ""}`, "data-spot": key }, [
      html("small", {}, [`place ${i + 1}`]), c ? card(c, ctx) : html("div", { class: "vec-card vec-empty" }, ["empty"])]);
    return clickable(slot, ctx.spots.get(key), ctx.ui);
  }));
}

function drawDecks(board, ctx) {
  return html("div", { class: "vec-decks" }, Object.entries(board.decks).map(([name, count]) => {
    const tint = colour(name);
    const pile = html("div", { class: `vec-deck${ctx.last === `${name} deck` ? " last" : ""}`, "data-spot": `deck:${name}`,
      style: `background:${tint.fill};color:${tint.ink}` }, [html("b", {}, [tint.letter]), ` ${name}`, html("br"), `${count ?? "?"} cards`]);
    return clickable(pile, ctx.spots.get(`deck:${name}`), ctx.ui);
  }));
}

function drawTest(test, ctx) {
  return html("div", {}, [
    html("p", {}, [`${ctx.seats[test.actor]} tests ${test.action}${test.revealed ? " · bids revealed" : " · bids sealed"}`]),
    html("table", { class: "vec-bids" }, [
      html("tr", {}, ["seat", "card", "special points", "bid", "strength"].map((h) => html("th", {}, [h]))),
      ...test.participants.map((p) => html("tr", {}, [
        html("td", {}, [ctx.seats[p.seat]]), html("td", {}, [p.card?.name ?? "–"]), html("td", {}, [String(p.special_points ?? 0)]),
        html("td", {}, [p.bid_ink === null || p.bid_ink === undefined ? (p.has_bid ? "sealed" : "–") : `${p.bid_ink} ink + ${p.bid_special_ink ?? 0} special`]),
        html("td", {}, [p.strength === null || p.strength === undefined ? `${p.base_strength ?? "?"}+?` : String(p.strength)])]))]),
  ]);
}

function drawSeat(seat, view, model, ctx) {
  const display = view.board.displays.find((d) => d.seat === seat.seat) ?? { face_up: [], face_down: [], face_down_unseen: [] };
  const mine = seat.seat === model.seat;
  const objective = seat.objective
    ? html("span", { class: "vec-objective" }, [`objective ${seat.objective.type} (${TYPE_LETTER[seat.objective.type] ?? "?"}): `,
      ...seat.objective.colors.map((c, i) => html("span", { class: "vec-swatch", style: `background:${colour(c).fill};color:${colour(c).ink}` }, [`${i + 1} ${colour(c).letter}`]))])
    : html("span", { class: "vec-objective" }, [seat.has_objective ? "objective hidden" : "no objective"]);
  const ink = seat.ink !== null && seat.ink !== undefined
    ? `ink ${seat.ink} · special ink ${seat.special_ink} · ink value ${seat.ink_value}`
    : `ink value ${seat.ink_value}`;
  const unseen = display.face_down_unseen?.length ?? 0;
  return html("section", { class: `vec-seat${mine ? " mine" : ""}`, style: `border-color:${SEAT_COLOURS[seat.seat % SEAT_COLOURS.length]}` }, [
    html("h3", {}, [`${seat.name}${mine ? " (you)" : ""}`, view.terminal ? ` · score ${view.seats[seat.seat].score}` : ""]),
    html("p", {}, [objective, ` · ${ink} · colours in display ${seat.colors_in_display}`]),
    html("div", { class: "vec-cards" }, [
      ...display.face_up.map((c) => card(c, ctx)),
      ...display.face_down.map((c) => card(c, ctx, " vec-down")),
      ...Array.from({ length: unseen }, () => back("face down")),
      display.face_up.length + display.face_down.length + unseen === 0 ? html("i", {}, ["no cards"]) : null]),
  ]);
}
