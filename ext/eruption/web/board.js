// Eruption's board for the browser (the renderer contract of docs/adding-a-game.md): the hex
// island with the volcano, the lava tiles and their streams, the walls by material, the
// villages on the coast, the hand of action cards of this seat, and the wall tests' dice.
// It reads only `model`: other seats' hands are counted, never shown.

import { clickable, html, markHint, movesBy, node, SEAT_COLOURS } from "/static/boardkit.js";

const SIZE = 34;                     // a hex's corner radius, in SVG units
const ROWS = "abcdefghi";            // rows a..i are r = -4..4 (rules.md, "Hex names")
const DIRS = ["NE", "E", "SE", "SW", "W", "NW"];
const DIR_ANGLE = {E: 0, SE: 60, SW: 120, W: 180, NW: 240, NE: 300};   // pointy-top, y down
// The island's printed data that the view does not repeat: each hex's wall icon (s straw,
// w wood, t stone, . none) in the engine's hex order, and each village's 7 coast edges
// (hex * 6 + direction). tests/games/eruption/test_web_board.py checks both against
// vsai.ext.eruption.engine.board_data().
const ICONS = "......t..t...sws....w..w...ts...st...w..w....sws...t..t......";
const VILLAGE_EDGES = [[11, 6, 17, 12, 23, 18, 29], [60, 61, 102, 103, 150, 151, 204], [253, 254, 295, 296, 331, 332, 361], [356, 357, 350, 351, 344, 345, 338], [303, 304, 261, 262, 213, 214, 159], [112, 113, 70, 71, 34, 35, 4]];
const MATERIALS = {straw: ["s", "#F0E442", "#222"], wood: ["w", "#8c5a2b", "#fff"], stone: ["t", "#6e6e6e", "#fff"]};
const ICON_MATERIAL = {s: "straw", w: "wood", t: "stone"};

/** An SVG or HTML element (by tag) appended to `parent` when given. */

const CSS = `
.er .hinted{outline:3px solid #009E73}
.er svg .hinted>.er-hit{stroke:#009E73;stroke-width:6;stroke-dasharray:none}
.er{font:13px/1.3 system-ui,sans-serif;color:#222;display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.er>svg{flex:1 1 460px;min-width:0;max-width:680px;width:100%;height:auto;background:#9fc9e6;border-radius:6px}
.er .playable{cursor:pointer}
.er .playable:focus{outline:3px solid #0072B2}
.er svg .playable>.er-hit{stroke:#0072B2;stroke-width:3;stroke-dasharray:6 3}
.er svg .playable:hover>.er-hit,.er svg .playable:focus>.er-hit{stroke-width:5;stroke-dasharray:none}
svg .er-edge.playable>.er-hit{stroke:#56B4E9;stroke-width:6}
.er-panel{flex:0 1 340px;min-width:260px;max-width:380px}
.er-panel h4{margin:8px 0 4px}
.er-panel p{margin:2px 0}
.er-panel table{border-collapse:collapse;font-size:12px}
.er-panel td,.er-panel th{padding:1px 5px;text-align:left;border-bottom:1px solid #ddd}
.er-card{display:inline-block;width:74px;min-height:52px;margin:3px;padding:4px;border:2px solid #444;border-radius:6px;background:#fff8ec;vertical-align:top;font-size:12px;font-weight:bold}
.er-card.playable{border-color:#0072B2;border-style:dashed}
.er-chip{display:inline-block;padding:1px 6px;margin:1px 2px;border-radius:4px;border:1px solid #888}
.er-chip.playable{border:2px dashed #0072B2}
.er-die{display:inline-block;padding:2px 8px;margin:2px;border:2px solid #333;border-radius:5px;background:#fff;font-weight:bold}
`;

/** The axial coordinates (q, r) of a hex named like "e5" (row letter, 1-based index). */
function coords(name) {
  const r = ROWS.indexOf(name[0]) - 4;
  return [Math.max(-4, -4 - r) + Number(name.slice(1)) - 1, r];
}

function hexNames() {
  const names = [];
  for (let r = -4; r <= 4; r++) {
    const count = 9 - Math.abs(r);
    for (let i = 1; i <= count; i++) names.push(ROWS[r + 4] + i);
  }
  return names;
}

const ORIGIN = [SIZE * Math.sqrt(3) * 4.5 + 70, SIZE * 1.5 * 4 + SIZE + 50];

function centre(name) {
  const [q, r] = coords(name);
  return [ORIGIN[0] + SIZE * Math.sqrt(3) * (q + r / 2), ORIGIN[1] + SIZE * 1.5 * r];
}

function polar(cx, cy, radius, degrees) {
  const a = degrees * Math.PI / 180;
  return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)];
}

function hexPoints(cx, cy, radius) {
  return [30, 90, 150, 210, 270, 330].map(d => polar(cx, cy, radius, d).map(v => v.toFixed(1)).join(",")).join(" ");
}

/** The two corners of a hex's edge in direction `dir`, `inset` towards the centre. */
function edgeEnds(name, dir, inset = 0) {
  const [cx, cy] = centre(name);
  const a = DIR_ANGLE[dir];
  return [polar(cx, cy, SIZE - inset, a - 30), polar(cx, cy, SIZE - inset, a + 30)];
}

/** The hex or edge of the last move (from its action_info when the page gives it, this seat's
 * own moves; else from the hex or edge its text names) and the tile and edge in hand. */
function lastTouches(model, view) {
  const last = model.lastMove;
  let info = (last && last.action_info) || {};
  if (last && !last.action_info) {
    const edge = last.text.match(/\b([a-i][1-9]) (NE|E|SE|SW|W|NW)\b/);
    const hex = last.text.match(/\b([a-i][1-9])\b/);
    info = edge ? {edge: edge[0]} : hex ? {hex: hex[1]} : {};
  }
  const progress = view.board.turn_progress || {};
  return {hex: info.edge ? null : info.hex, edge: info.edge || null,
          placing: progress.hex || null, selectedEdge: progress.edge || null,
          testing: progress.testing_wall || null};
}

/** A lava stream from a hex's centre to the middle of its edge `dir`. */
function lavaStream(g, cx, cy, radius, dir) {
  const [ex, ey] = polar(cx, cy, radius * Math.sqrt(3) / 2, DIR_ANGLE[dir]);
  node("line", {x1: cx, y1: cy, x2: ex, y2: ey, stroke: "#ff7b1c", "stroke-width": radius / 4,
                "stroke-linecap": "round"}, g);
}

function drawHex(map, name, index, tile, moves, ui, marks) {
  const [cx, cy] = centre(name);
  const g = node("g", {class: "er-hex"}, map);
  const fill = !tile ? "#e8d9b0" : tile.kind === "volcano" ? "#b3261e" : tile.kind === "eruption" ? "#e8590c" : "#5b4b43";
  const outline = name === marks.hex ? "#D55E00" : name === marks.placing ? "#0072B2" : "#7a6a58";
  node("polygon", {points: hexPoints(cx, cy, SIZE - 1), fill, stroke: outline,
                   "stroke-width": name === marks.hex || name === marks.placing ? 4 : 1, class: "er-hit"}, g);
  if (tile) {
    for (const dir of tile.lava) lavaStream(g, cx, cy, SIZE, dir);
    node("circle", {cx, cy, r: tile.kind === "volcano" ? 12 : 6, fill: "#ffb000"}, g);
    if (tile.kind === "volcano") node("text", {x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 13,
                                               "font-weight": "bold"}, g, "▲");
    if (tile.kind === "eruption") node("text", {x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 13,
                                                "font-weight": "bold"}, g, "✸");
  } else {
    const icon = ICON_MATERIAL[ICONS[index]];
    if (icon) {
      const [letter, colour, ink] = MATERIALS[icon];
      node("rect", {x: cx - 8, y: cy - 2, width: 16, height: 14, rx: 2, fill: colour, stroke: "#222"}, g);
      node("text", {x: cx, y: cy + 9, "text-anchor": "middle", "font-size": 11, fill: ink,
                    "font-weight": "bold"}, g, letter);
    }
  }
  node("text", {x: cx, y: cy - SIZE + 16, "text-anchor": "middle", "font-size": 9,
                fill: tile ? "#fff" : "#6b5a3f"}, g, name);
  const what = tile ? `${tile.kind} tile, lava ${tile.lava.join(" ")}` : "empty"
    + (ICON_MATERIAL[ICONS[index]] ? `, ${ICON_MATERIAL[ICONS[index]]} icon` : "");
  node("title", {}, g, `${name}: ${what}`);
  clickable(g, moves, ui);
}

function drawWall(map, wall) {
  const [[x1, y1], [x2, y2]] = edgeEnds(wall.hex, wall.direction, 3);
  const [letter, colour, ink] = MATERIALS[wall.material];
  const g = node("g", {}, map);
  node("line", {x1, y1, x2, y2, stroke: "#222", "stroke-width": 9, "stroke-linecap": "round"}, g);
  node("line", {x1, y1, x2, y2, stroke: colour, "stroke-width": 6, "stroke-linecap": "round"}, g);
  const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
  node("circle", {cx: mx, cy: my, r: 7, fill: colour, stroke: "#222"}, g);
  node("text", {x: mx, y: my + 4, "text-anchor": "middle", "font-size": 10, fill: ink, "font-weight": "bold"}, g, letter);
  node("title", {}, g, `${wall.material} wall at ${wall.edge}` + (wall.village ? ` (${wall.village})` : ""));
}

function drawEdge(map, edge, moves, ui, colour) {
  const [hex, dir] = edge.split(" ");
  const [[x1, y1], [x2, y2]] = edgeEnds(hex, dir, 4);
  const g = node("g", {class: "er-edge"}, map);
  node("line", {x1, y1, x2, y2, stroke: "transparent", "stroke-width": 14}, g);
  node("line", {x1, y1, x2, y2, stroke: colour || "none", "stroke-width": 4, class: "er-hit"}, g);
  node("title", {}, g, edge);
  if (moves) clickable(g, moves, ui);
}

function drawVillages(map, view, names) {
  const owners = new Map(view.board.seats.map(s => [s.village, s]));
  VILLAGE_EDGES.forEach((edges, v) => {
    const seat = owners.get(`V${v}`);
    const colour = seat ? SEAT_COLOURS[seat.seat % SEAT_COLOURS.length] : "#a0a0a0";
    let sx = 0, sy = 0;
    for (const e of edges) {
      const hex = names[Math.floor(e / 6)], dir = DIRS[e % 6];
      const [[x1, y1], [x2, y2]] = edgeEnds(hex, dir, -7);
      node("line", {x1, y1, x2, y2, stroke: colour, "stroke-width": 8, "stroke-linecap": "round"}, map);
      const [mx, my] = polar(...centre(hex), SIZE * 2.1, DIR_ANGLE[dir]);
      sx += mx; sy += my;
    }
    const [lx, ly] = [sx / edges.length, sy / edges.length];
    const label = seat ? `V${v} ${seat.name}` : `V${v}`;
    node("rect", {x: lx - 38, y: ly - 11, width: 76, height: 20, rx: 9, fill: colour, stroke: "#222"}, map);
    node("text", {x: lx, y: ly + 4, "text-anchor": "middle", "font-size": 12, "font-weight": "bold",
                  fill: seat ? "#fff" : "#222"}, map, label + (seat ? ` ${seat.temperature}°` : ""));
  });
}

function drawMap(view, legal, ui, marks) {
  const width = 2 * ORIGIN[0], height = 2 * ORIGIN[1];
  const map = node("svg", {viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
                           "aria-label": "the island"});
  const names = hexNames();
  const tiles = new Map(view.board.tiles.map(t => [t.hex, t]));
  const hexMoves = movesBy(legal, m => (m.edge ? undefined : m.hex));
  const edgeMoves = movesBy(legal, m => m.edge);
  drawVillages(map, view, names);
  names.forEach((name, i) => drawHex(map, name, i, tiles.get(name), hexMoves.get(name), ui, marks));
  for (const wall of view.board.walls) drawWall(map, wall);
  const marked = new Map([[marks.selectedEdge, "#0072B2"], [marks.testing, "#CC79A7"], [marks.edge, "#D55E00"]]);
  for (const edge of new Set([...edgeMoves.keys(), ...marked.keys()])) {
    if (edge) drawEdge(map, edge, edgeMoves.get(edge), ui, marked.get(edge));
  }
  return map;
}

function para(parent, label, value) {
  return node("p", {}, parent, [html("b", {}, [label + ": "]), String(value)]);
}

function drawSeats(panel, view, model) {
  const table = node("table", {}, panel);
  const head = node("tr", {}, table);
  for (const h of ["seat", "village", "°C", "zone", "walls s/w/t", "erupt.", "cards"]) node("th", {}, head, h);
  const best = Math.min(...view.board.temperatures);
  for (const s of view.board.seats) {
    const row = node("tr", {style: s.seat === view.board.current ? "background:#eef5fb" : ""}, table);
    const name = node("td", {}, row);
    node("span", {style: `display:inline-block;width:10px;height:10px;margin-right:4px;background:${
      SEAT_COLOURS[s.seat % SEAT_COLOURS.length]}`}, name);
    name.appendChild(document.createTextNode(s.name + (s.seat === model.seat ? " (you)" : "")
      + (s.seat === view.board.current ? " ▶" : "")));
    node("td", {}, row, s.village);
    node("td", {}, row, `${s.temperature}${s.temperature === best ? "★" : ""}`);
    node("td", {}, row, String(s.level));
    node("td", {}, row, `${s.walls.straw}/${s.walls.wood}/${s.walls.stone}`);
    node("td", {}, row, String(s.eruption_tiles));
    node("td", {}, row, String(s.hand_size));
  }
}

function drawHand(panel, view, model, ui) {
  const mine = model.seat === null || model.seat === undefined ? null : view.board.seats.find(s => s.seat === model.seat);
  if (!mine) return;
  node("h4", {}, panel, "Your hand");
  const hand = node("div", {"aria-label": "your action cards"}, panel);
  // A card offers the moves that spend it: play it, discard it, or exchange it with another.
  const spending = card => model.legal.filter(m => m.card === card || (m.cards || []).includes(card));
  const cards = Object.entries(mine.hand || {}).flatMap(([card, n]) => Array(n).fill(card));
  cards.forEach((card, i) => {
    const el = node("div", {class: "er-card"}, hand, card);
    if (cards.indexOf(card) === i) clickable(el, spending(card), ui);
  });
  if (!cards.length) node("span", {}, hand, "no cards");
  const walls = node("p", {}, panel);
  node("b", {}, walls, "Your walls: ");
  const byMaterial = movesBy(model.legal.filter(m => m.kind === "wall_material"), m => m.material);
  for (const [material, [letter, colour, ink]] of Object.entries(MATERIALS)) {
    const chip = node("span", {class: "er-chip", style: `background:${colour};color:${ink}`}, walls,
                      `${letter} ${material} ×${mine.walls[material]}`);
    clickable(chip, byMaterial.get(material), ui);
  }
}

/** The dice of the wall tests: the last test's result, or the one under way. */
function drawDice(panel, view, model) {
  const info = (model.lastMove && model.lastMove.action_info) || {};
  const testing = (view.board.turn_progress || {}).testing_wall;
  if (!testing && info.kind !== "wall_holds" && info.kind !== "wall_breaks") return;
  node("h4", {}, panel, "Dice");
  if (testing) para(panel, "Testing", `the wall at ${testing}`);
  if (info.kind === "wall_holds" || info.kind === "wall_breaks") {
    const p = node("p", {}, panel);
    node("span", {class: "er-die"}, p, "⚄ " + (info.kind === "wall_holds" ? "holds" : "breaks"));
    p.appendChild(document.createTextNode(` ${info.material} wall at ${info.edge}`
      + (info.probability_36 !== undefined ? ` (chance ${info.probability_36}/36)` : "")));
  }
}

/** The tile in hand turned each legal way, each a button for that rotation. */
function drawRotations(panel, moves, ui) {
  if (!moves.length) return;
  const radius = 24, step = 2 * radius + 6;
  const row = node("svg", {viewBox: `0 0 ${step * moves.length} ${step}`, width: step * moves.length, height: step,
                           role: "group", "aria-label": "the tile's rotations", style: "background:#e8d9b0"}, panel);
  moves.forEach((move, i) => {
    const cx = step * i + step / 2, cy = step / 2;
    const g = node("g", {}, row);
    node("polygon", {points: hexPoints(cx, cy, radius), fill: "#5b4b43", stroke: "#7a6a58", class: "er-hit"}, g);
    for (const dir of move.lava) lavaStream(g, cx, cy, radius, dir);
    clickable(g, [move], ui);
  });
}

function drawPanel(view, model, ui) {
  const panel = node("section", {class: "er-panel", "aria-label": "Eruption table"});
  const current = view.board.seats.find(s => s.seat === view.board.current);
  node("h4", {}, panel, `Turn ${view.round}: ${view.phase}` + (current ? ` (${current.name})` : ""));
  if (view.board.end_triggered) para(panel, "The end", `${view.board.final_turns_left} last turns to play`);
  drawSeats(panel, view, model);
  const progress = view.board.turn_progress || {};
  if (progress.tile) para(panel, "Tile to place", progress.tile + (progress.hex ? ` on ${progress.hex}` : ""));
  drawRotations(panel, model.legal.filter(m => m.kind === "rotate"), ui);
  drawDice(panel, view, model);
  drawHand(panel, view, model, ui);
  node("h4", {}, panel, "Supplies");
  para(panel, "Tile stack", `${view.board.tiles_in_stack} (` + Object.entries(view.board.tile_stack)
    .map(([k, n]) => `${k} ${n}`).join(", ") + ")");
  para(panel, "Deck", `${view.board.deck_size} cards; discards ` + (Object.entries(view.board.discards || {})
    .map(([k, n]) => `${k} ${n}`).join(", ") || "none"));
  para(panel, "Wall supply", Object.entries(view.board.wall_supply).map(([k, n]) => `${k} ${n}`).join(", "));
  para(panel, "Zones", view.board.zones.map(z => `${z.temperature}° ` + (z.claimed_by === null ? "open"
    : `claimed by ${(view.board.seats[z.claimed_by] || {}).name ?? z.claimed_by}`)).join("; "));
  const extra = movesBy(model.legal.filter(m => m.kind === "take_extra_tile"), () => "extra");
  if (extra.size) clickable(node("span", {class: "er-chip"}, panel, "take an extra tile"), extra.get("extra"), ui);
  if (model.lastMove) para(panel, "Last move", model.lastMove.text);
  node("p", {style: "font-size:11px;color:#555"}, panel,
    "Lava streams are orange; ▲ volcano, ✸ eruption tile. Walls and icons: s straw, "
    + "w wood, t stone. Villages sit on the coast in their seat's colour. Orange outline: the last move; "
    + "blue: the tile or edge in hand; dashed blue: a move you can click");
  return panel;
}


/** Draws Eruption's table for `model` (the page's contract) into `root`. */
export function drawBoard(root, model, ui) {
  const marks = lastTouches(model, model.view);
  root.replaceChildren(html("div", {class: "er"}, [html("style", {}, [CSS]),
    drawMap(model.view, model.legal || [], ui, marks), drawPanel(model.view, model, ui)]));
  markHint(root, ui.highlight);
}
