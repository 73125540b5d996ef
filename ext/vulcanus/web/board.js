// Vulcanus's board for the browser (the renderer contract of docs/adding-a-game.md): the 18
// squares of Tokyo joined by their lines, with tiles, citizens, VIPs, lava, fire brigades, SDF
// units, bases and Vulcanus; the Defense and Damage tracks; the lava pools, funds and research;
// the nine card slots; each deck with its hand; the events and the bonus tiles. It reads only
// `model`: a card this seat may not see comes as null or an "unseen" count and stays face down.

import { clickable, html, markHint, movesBy, node } from "/static/boardkit.js";

const STEP_X = 176, STEP_Y = 112, BOX_W = 150, BOX_H = 86, MARGIN = 12;
// Where each square sits (column, row) on the table's map, west to the left; the lines between
// them come from the view's `neighbours`. An unknown name falls back to a free grid place.
const PLACES = {
  Ikebukuro: [0, 0], Waseda: [1, 0], Ueno: [3, 0],
  Shinjuku: [0, 1], Ichigaya: [1.5, 1], Akihabara: [3, 1],
  Harajuku: [0, 2], Akasaka: [1, 2], Kasumigaseki: [2, 2], Tokyo: [3, 2],
  Shibuya: [0, 3], Roppongi: [1, 3], Shimbashi: [2, 3], Ginza: [3, 3],
  Ebisu: [0, 4], Shiba: [1.5, 4], Tsukiji: [3, 4], Shinagawa: [0.75, 5],
};
// Pieces: letter, fill, ink (Okabe-Ito colours; the letter carries the meaning).
const PIECES = {citizens: ["c", "#ffffff", "#222"], vips: ["V", "#F0E442", "#222"],
                lava: ["L", "#D55E00", "#fff"], fire_brigades: ["F", "#CC79A7", "#222"],
                sdf: ["S", "#009E73", "#fff"], bases: ["B", "#0072B2", "#fff"]};
// Track cells: letter and fill by content.
const CELLS = {empty: ["", "#f4f1ea"], citizen: ["c", "#ffffff"], VIP: ["V", "#F0E442"],
               lava: ["L", "#D55E00"], "attack tile": ["A", "#56B4E9"], "bonus tile": ["B", "#CC79A7"]};

/** An SVG or HTML element (by tag) appended to `parent` when given. */

const CSS = `
.vu .hinted{outline:3px solid #009E73}
.vu svg .hinted>.vu-hit{stroke:#009E73;stroke-width:6;stroke-dasharray:none}
.vu{font:13px/1.3 system-ui,sans-serif;color:#222;display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.vu>svg{flex:1 1 520px;min-width:0;max-width:760px;width:100%;height:auto;background:#dfe7d6;border-radius:6px}
.vu .playable{cursor:pointer}
.vu .playable:focus{outline:3px solid #0072B2}
.vu svg .playable>.vu-hit{stroke:#0072B2;stroke-width:3;stroke-dasharray:6 3}
.vu svg .playable:hover>.vu-hit,.vu svg .playable:focus>.vu-hit{stroke-width:5;stroke-dasharray:none}
.vu-panel{flex:0 1 360px;min-width:280px;max-width:460px}
.vu-panel h4{margin:8px 0 4px}
.vu-panel p{margin:2px 0}
.vu-card{display:inline-block;width:88px;overflow-wrap:anywhere;min-height:44px;margin:2px;padding:3px;border:2px solid #444;border-radius:6px;background:#fffaf0;vertical-align:top;font-size:11px}
.vu-card.vu-back{background:#5f6672;color:#fff}
.vu-card.playable{border:2px dashed #0072B2}
.vu-card.vu-last{border:3px solid #D55E00}
.vu-chip{display:inline-block;padding:1px 6px;margin:1px 2px;border-radius:4px;border:1px solid #888;background:#fff}
.vu-chip.playable{border:2px dashed #0072B2}
`;

function place(name, index) {
  const p = PLACES[name] || [index % 4, 6 + Math.floor(index / 4)];
  return [MARGIN + p[0] * STEP_X, MARGIN + p[1] * STEP_Y];
}

/** What the last move touched: squares, card and slot from its action_info when the page gives
 * it (this seat's own moves), else the squares its text (as this seat saw it) names. */
function lastTouches(model) {
  const last = model.lastMove;
  const info = (last && last.action_info) || {};
  const squares = new Set([info.square, info.from, info.to].filter(Boolean));
  if (last && !last.action_info) {
    for (const sq of model.view.board.squares) if (new RegExp(`\\b${sq.name}\\b`).test(last.text)) squares.add(sq.name);
  }
  return {squares, card: info.card || null, slot: info.slot || null};
}

function chipRow(g, x, y, sq) {
  let px = x;
  for (const [key, [letter, fill, ink]] of Object.entries(PIECES)) {
    const n = sq[key] || 0;
    if (!n) continue;
    const shape = key === "lava" ? "path" : key === "bases" ? "rect" : "circle";
    if (shape === "circle") node("circle", {cx: px + 9, cy: y, r: 9, fill, stroke: "#222"}, g);
    else if (shape === "rect") node("rect", {x: px, y: y - 9, width: 18, height: 18, fill, stroke: "#222"}, g);
    else node("path", {d: `M${px + 9},${y - 11}L${px + 18},${y + 8}L${px},${y + 8}Z`, fill, stroke: "#222"}, g);
    node("text", {x: px + 9, y: y + 4, "text-anchor": "middle", "font-size": 10, fill: ink,
                  "font-weight": "bold"}, g, letter);
    node("text", {x: px + 9, y: y + 21, "text-anchor": "middle", "font-size": 10}, g, String(n));
    px += 23;
  }
}

function drawSquare(map, sq, index, moves, ui, last) {
  const [x, y] = place(sq.name, index);
  const g = node("g", {class: "vu-square"}, map);
  const burning = sq.lava >= 3;
  node("rect", {x, y, width: BOX_W, height: BOX_H, rx: 6,
                fill: sq.vulcanus ? "#fbd9c7" : burning ? "#f6e0d0" : "#fffdf7",
                stroke: last ? "#D55E00" : "#555", "stroke-width": last ? 5 : 1.5, class: "vu-hit"}, g);
  node("text", {x: x + 5, y: y + 14, "font-size": 12, "font-weight": "bold"}, g, sq.name);
  const tile = sq.tile || "-";
  const label = tile.replace("investigation", "invest.") + (sq.omen_square ? " ◆" : "");
  node("rect", {x: x + 5, y: y + 19, width: 104, height: 15, rx: 3,
                fill: tile.startsWith("omen") ? "#e7def5" : tile.startsWith("investigation") ? "#d9ecf7" : "#eeeeee",
                stroke: sq.omen_square ? "#7a3b8f" : "#999", "stroke-width": sq.omen_square ? 2 : 1}, g);
  node("text", {x: x + 57, y: y + 30, "text-anchor": "middle", "font-size": 10}, g, label);
  node("text", {x: x + BOX_W - 5, y: y + 14, "text-anchor": "end", "font-size": 10, fill: "#666"},
       g, `slot ${sq.slot}`);
  chipRow(g, x + 5, y + 52, sq);
  if (burning) node("text", {x: x + BOX_W - 5, y: y + 31, "text-anchor": "end", "font-size": 10,
                             fill: "#D55E00", "font-weight": "bold"}, g, "burning");
  if (sq.vulcanus) {
    node("rect", {x: x + BOX_W - 74, y: y + 62, width: 70, height: 18, rx: 9, fill: "#D55E00", stroke: "#222"}, g);
    node("text", {x: x + BOX_W - 39, y: y + 75, "text-anchor": "middle", "font-size": 11, fill: "#fff",
                  "font-weight": "bold"}, g, "VULCANUS");
  }
  const parts = Object.keys(PIECES).filter(k => sq[k]).map(k => `${sq[k]} ${k.replaceAll("_", " ")}`);
  node("title", {}, g, [sq.name, `tile ${tile}`, sq.omen_square ? "the omen square" : "", ...parts, sq.vulcanus ? "Vulcanus" : "",
                        burning ? "burning" : ""].filter(Boolean).join(", "));
  clickable(g, moves, ui);
}

function drawMap(view, legal, ui, last) {
  const spots = view.board.squares.map((s, i) => place(s.name, i));
  const width = Math.max(...spots.map(p => p[0])) + BOX_W + MARGIN;
  const height = Math.max(...spots.map(p => p[1])) + BOX_H + MARGIN;
  const map = node("svg", {viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
                           "aria-label": "map of Tokyo"});
  const byName = new Map(view.board.squares.map((s, i) => [s.name, place(s.name, i)]));
  const drawn = new Set();
  for (const sq of view.board.squares) {
    for (const other of sq.neighbours || []) {
      const key = [sq.name, other].sort().join("|");
      if (drawn.has(key) || !byName.has(other)) continue;
      drawn.add(key);
      const [a, b] = [byName.get(sq.name), byName.get(other)];
      node("line", {x1: a[0] + BOX_W / 2, y1: a[1] + BOX_H / 2, x2: b[0] + BOX_W / 2, y2: b[1] + BOX_H / 2,
                    stroke: "#8a7f6a", "stroke-width": 5}, map);
    }
  }
  const moves = movesBy(legal, m => m.to || m.square);
  view.board.squares.forEach((sq, i) => drawSquare(map, sq, i, moves.get(sq.name), ui, last.squares.has(sq.name)));
  return map;
}

function drawTrack(parent, title, track, score) {
  const cols = track.columns.length, rows = Math.max(...track.columns.map(c => c.length));
  const cell = 22, width = cols * (cell + 3) + 8, height = rows * (cell + 3) + 26;
  const map = node("svg", {viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
                           "aria-label": `${title}: ${track.filled} of ${track.cells}`}, parent);
  node("text", {x: 4, y: 14, "font-size": 12, "font-weight": "bold"}, map,
       `${title} ${track.filled}/${track.cells}` + (score !== undefined ? ` (score ${score})` : ""));
  track.columns.forEach((column, c) => column.forEach((content, r) => {
    const [letter, fill] = CELLS[content] || ["?", "#ddd"];
    const x = 4 + c * (cell + 3), y = 20 + r * (cell + 3);
    node("rect", {x, y, width: cell, height: cell, rx: 3, fill, stroke: "#666"}, map);
    if (letter) node("text", {x: x + cell / 2, y: y + 15, "text-anchor": "middle", "font-size": 11,
                              "font-weight": "bold", fill: content === "lava" ? "#fff" : "#222"}, map, letter);
  }));
}

function para(parent, label, value) {
  return node("p", {}, parent, [html("b", {}, [label + ": "]), String(value)]);
}

function card(parent, name, extra = "", last = false, empty = false) {
  const back = !name && !empty;
  const el = node("div", {class: "vu-card" + (back ? " vu-back" : "") + (last ? " vu-last" : "")}, parent);
  node("div", {style: "font-weight:bold"}, el, name || (empty ? "empty" : "face down"));
  if (extra) node("div", {}, el, extra);
  return el;
}

function drawSlots(panel, view, last) {
  node("h4", {}, panel, "Card slots (played in this order)");
  const row = node("div", {}, panel);
  for (const slot of view.board.slots || []) {
    const owner = slot.deck ? `deck ${slot.deck}` : slot.kaiju_slot ? "Kaiju" : "Humans";
    card(row, slot.card, `${slot.slot} · ${owner}${slot.card && !slot.face_up ? " (face down)" : ""}`,
         last.slot === slot.slot, !slot.card && !slot.deck);
  }
}

function pile(parent, label, part) {
  if (!part || (!part.cards.length && !part.unseen)) return;
  para(parent, label, [...part.cards, ...(part.unseen ? [`${part.unseen} unseen`] : [])].join(", "));
}

/** The decks held (`mine`) or not held by this seat: hand, set-aside cards, discards, pile. */
function drawDecks(panel, view, model, ui, last, mine) {
  const cardMoves = movesBy(model.legal.filter(m => m.card && m.kind !== "option"), m => m.card);
  const used = new Set();
  const roles = new Map((view.board.roles || []).map(r => [r.letter, r]));
  const names = model.seats || [];
  for (const deck of (view.board.decks || []).filter(d => (d.seat === model.seat) === mine)) {
    const role = roles.get(deck.deck);
    const owner = names[deck.seat] ?? `seat ${deck.seat}`;
    node("h4", {}, panel, `Deck ${deck.deck}` + (role && role.role ? ` (${role.role})` : "")
         + ` · ${owner}${deck.seat === model.seat ? " (you)" : ""}`);
    const hand = node("div", {"aria-label": `hand of deck ${deck.deck}`}, panel);
    for (const name of deck.hand.cards) {
      const el = card(hand, name, "in hand", last.card === name);
      if (deck.seat === model.seat && !used.has(name)) {
        used.add(name);
        clickable(el, cardMoves.get(name), ui);
      }
    }
    for (let i = 0; i < deck.hand.unseen; i++) card(hand, null, "in hand");
    if (!deck.hand.cards.length && !deck.hand.unseen) node("span", {style: "color:#666"}, hand, "no cards in hand");
    pile(panel, "Set aside", deck.set_aside);
    pile(panel, "Discard", deck.discard);
    if (deck.layers && deck.layers.length) para(panel, "Draw pile", deck.layers.join(" + ") + " cards");
  }
}

function drawBonus(panel, view, model, ui) {
  const bonus = view.board.bonus_tiles || {};
  const tileMoves = movesBy(model.legal.filter(m => m.tile), m => m.tile);
  const tiles = [...(bonus.drawn_tiles || []), ...(bonus.held_tiles || [])];
  if (!tiles.length && !bonus.held && !(bonus.declared || []).length) return;
  node("h4", {}, panel, "Bonus tiles");
  const row = node("p", {}, panel);
  for (const tile of tiles) clickable(node("span", {class: "vu-chip"}, row, tile), tileMoves.get(tile), ui);
  if (!bonus.held_tiles && bonus.held) node("span", {}, row, `Vulcanus holds ${bonus.held} face down`);
  if ((bonus.declared || []).length) para(panel, "Declared", bonus.declared.join(", "));
  if ((bonus.put_back || []).length) para(panel, "Put back", bonus.put_back.join(", "));
}

function drawPanel(view, model, ui, last) {
  const panel = node("section", {class: "vu-panel", "aria-label": "Vulcanus table"});
  node("h4", {}, panel, `Round ${view.round} of ${view.board.rounds}: ${view.phase}`
       + (view.board.disaster ? ` (disaster +${view.board.disaster})` : ""));
  for (const line of view.board.context || []) node("p", {}, panel, line);
  if (view.board.winner) para(panel, "Winner", view.board.winner);
  drawDecks(panel, view, model, ui, last, true);
  drawBonus(panel, view, model, ui);
  drawSlots(panel, view, last);
  const tracks = node("div", {}, panel);
  drawTrack(tracks, "Defense (Humans)", view.board.defense, (view.seats || [])[1]?.score);
  drawTrack(tracks, "Damage (Vulcanus)", view.board.damage, (view.seats || [])[0]?.score);
  const k = view.board.vulcanus || {};
  node("h4", {}, panel, "Vulcanus" + (k.square ? ` at ${k.square}` : "") + (k.full_form ? ", full-formed" : ""));
  para(panel, "Evolved", (k.evolved || []).join(", ") || "none");
  const pools = node("p", {"aria-label": `${k.pool_lava_left} lava left in the pools`}, panel);
  node("b", {}, pools, "Lava pools: ");
  const drops = "▲".repeat(k.pool_lava_left || 0).match(/.{1,5}/g) || [];
  node("span", {style: "color:#D55E00;letter-spacing:1px"}, pools, drops.join(" "));
  pools.appendChild(document.createTextNode(` (${k.pool_lava_left} left)`));
  const f = view.board.funds || {};
  node("h4", {}, panel, "Humans");
  const roleMoves = movesBy(model.legal.filter(m => m.kind === "role"), m => m.role);
  const roles = node("p", {}, panel);
  node("b", {}, roles, "Roles: ");
  for (const r of view.board.roles || []) node("span", {class: "vu-chip"}, roles,
    `${r.letter} ${r.role || "not chosen"} (${(model.seats || [])[r.seat] ?? r.seat})`);
  for (const [role, moves] of roleMoves) clickable(node("span", {class: "vu-chip"}, roles, role), moves, ui);
  para(panel, "Funds", `pool ${f.pool}, used ${f.used}, stock ${f.stock}; budget track ${view.board.budget_track}`);
  para(panel, "Research", `investigation track ${view.board.investigation_track}; attack tiles left ${view.board.attack_tiles_left}`);
  para(panel, "Stock", Object.entries(view.board.stock || {}).map(([u, n]) => `${n} ${u.replaceAll("_", " ")}`).join(", "));
  para(panel, "Events", (view.board.events || []).map((e, i) => `r${i + 1} ${e}`).join("; "));
  drawDecks(panel, view, model, ui, last, false);
  node("p", {style: "font-size:11px;color:#555"}, panel,
    "Pieces: c citizen, V VIP, L lava (triangle), F fire brigade, S SDF, B base (square). "
    + "◆ omen square. Tracks: c citizen, V VIP, L lava, A attack tile, B bonus tile. Orange outline: the last move; "
    + "dashed blue: a move you can click");
  return panel;
}


/** Draws Vulcanus's table for `model` (the page's contract) into `root`. */
export function drawBoard(root, model, ui) {
  const last = lastTouches(model);
  root.replaceChildren(html("div", {class: "vu"}, [html("style", {}, [CSS]),
    drawMap(model.view, model.legal || [], ui, last), drawPanel(model.view, model, ui, last)]));
  markHint(root, ui.highlight);
}
