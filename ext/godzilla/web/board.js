// Godzilla's board for the browser (the renderer contract of docs/adding-a-game.md): the road
// grid of Tokyo with its route, high-voltage and tank tiles and the Kaiju's footprints, the
// squares with their landmarks, Press pieces and Evacuees by colour, the Kaiju and its dice,
// and the public screens. Everything in a Godzilla state is public (rules.md, "Information"),
// but the board still reads only `model`.

import { clickable, html, markHint, movesBy, node } from "/static/boardkit.js";

const STEP_X = 156, STEP_Y = 128, BOX_W = 108, BOX_H = 84, MARGIN = 46;
// Evacuee colours: the terminal's letters, and an Okabe-Ito colour each (colour-blind safe).
const COLOURS = {Tokyo: ["T", "#0072B2"], Saitama: ["S", "#E69F00"], Chiba: ["C", "#009E73"],
                 Kanagawa: ["K", "#CC79A7"]};
// A road's tile: its letter (as in the terminal) and fill.
const TILES = {empty: ["", "#f4f1ea"], rail: ["r", "#555555"], road: ["d", "#c8a97e"],
               river: ["v", "#56B4E9"], tram: ["t", "#7fbf7f"], "high-voltage": ["H", "#F0E442"],
               tank: ["T", "#6b6b2a"]};
const ARROWS = {north: [0, -1, "↑"], east: [1, 0, "→"], south: [0, 1, "↓"], west: [-1, 0, "←"]};

/** An SVG or HTML element (by tag) appended to `parent` when given. */

const CSS = `
.gz .hinted{outline:3px solid #009E73}
.gz svg .hinted>.gz-hit{stroke:#009E73;stroke-width:6;stroke-dasharray:none}
.gz{font:13px/1.3 system-ui,sans-serif;color:#222;display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.gz>svg{flex:1 1 460px;min-width:0;max-width:760px;width:100%;height:auto;background:#e9e4d8;border-radius:6px}
.gz .playable{cursor:pointer}
.gz .playable:focus{outline:3px solid #0072B2}
.gz svg .playable>.gz-hit{stroke:#0072B2;stroke-width:3;stroke-dasharray:6 3}
.gz svg .playable:hover>.gz-hit,.gz svg .playable:focus>.gz-hit{stroke-width:5;stroke-dasharray:none}
.gz-panel{flex:0 1 300px;min-width:240px;max-width:360px}
.gz-panel h4{margin:8px 0 4px}
.gz-panel p{margin:2px 0}
.gz-chip{display:inline-block;padding:1px 6px;margin:1px 2px;border-radius:4px;border:1px solid #888;background:#fff}
.gz-die{display:inline-block;width:26px;height:26px;line-height:26px;text-align:center;margin:2px;border:2px solid #333;border-radius:5px;background:#fff;font-weight:bold}
.gz button.playable{font:inherit}
`;

function centre(sq) {
  return [MARGIN + sq.x * STEP_X + BOX_W / 2, MARGIN + sq.y * STEP_Y + BOX_H / 2];
}

/** The squares and roads the last move touched: from its action_info when the page gives it
 * (this seat's own moves), else from the names its text shows (the board is public). */
function lastTouches(model) {
  const last = model.lastMove;
  if (!last) return {squares: new Set(), roads: new Set()};
  const info = last.action_info;
  if (info) {
    return {squares: new Set([info.square, info.to_square].filter(Boolean)),
            roads: new Set([info.road, info.to_road].filter(r => r !== undefined && r !== null))};
  }
  const roads = model.view.board.roads.filter(r => last.text.includes(`${r.from}-${r.to}`));
  let rest = last.text;
  for (const r of roads) rest = rest.replace(`${r.from}-${r.to}`, " ");
  const squares = new Set();
  // Longest names first, so that "Tokyo Home" is not also read as a shorter name inside it.
  for (const name of model.view.board.squares.map(s => s.name).sort((a, b) => b.length - a.length)) {
    if (rest.includes(name)) { squares.add(name); rest = rest.replace(name, " "); }
  }
  return {squares, roads: new Set(roads.map(r => r.id))};
}

function drawRoad(map, road, ends, moves, ui, last) {
  const [[x1, y1], [x2, y2]] = ends;
  const horizontal = y1 === y2;
  const g = node("g", {class: "gz-road"}, map);
  const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
  const len = horizontal ? STEP_X - BOX_W : STEP_Y - BOX_H;
  const [w, h] = horizontal ? [len + 8, 22] : [22, len + 8];
  const [letter, fill] = TILES[road.tile] || ["?", "#ccc"];
  node("rect", {x: mx - w / 2, y: my - h / 2, width: w, height: h, rx: 3, fill,
                stroke: last ? "#D55E00" : "#777", "stroke-width": last ? 4 : 1,
                class: "gz-hit"}, g);
  if (road.footprint) {
    node("rect", {x: mx - w / 2 - 3, y: my - h / 2 - 3, width: w + 6, height: h + 6, rx: 5,
                  fill: "none", stroke: "#D55E00", "stroke-width": 3, "stroke-dasharray": "5 3"}, g);
    node("text", {x: mx + (horizontal ? 0 : 17), y: my + (horizontal ? -15 : 4),
                  "text-anchor": "middle", "font-size": 13, fill: "#D55E00",
                  "font-weight": "bold"}, g, "✱");
  }
  if (letter) {
    node("text", {x: mx, y: my + 5, "text-anchor": "middle", "font-size": 14,
                  "font-weight": "bold", fill: road.tile === "rail" || road.tile === "tank" ? "#fff" : "#222"},
         g, letter);
  }
  if (road.crossed) {
    node("path", {d: `M${mx - 8},${my - 8}L${mx + 8},${my + 8}M${mx + 8},${my - 8}L${mx - 8},${my + 8}`,
                  stroke: "#D55E00", "stroke-width": 2}, g);
  }
  const title = `${road.from}–${road.to}: ${road.tile === "empty" ? "no tile" : road.tile}`
    + (road.footprint ? ", footprint" : "") + (road.crossed ? ", crossed" : "");
  node("title", {}, g, title);
  clickable(g, moves, ui);
}

function drawSquare(map, sq, view, moves, ui, last) {
  const [cx, cy] = centre(sq);
  const x = cx - BOX_W / 2, y = cy - BOX_H / 2;
  const g = node("g", {class: "gz-square"}, map);
  const home = Object.entries(view.home_squares || {}).find(([, name]) => name === sq.name);
  const edge = home ? COLOURS[home[0]][1] : "#666";
  node("rect", {x, y, width: BOX_W, height: BOX_H, rx: 6, fill: sq.kaiju ? "#fbe3d6" : "#fffdf7",
                stroke: last ? "#D55E00" : edge, "stroke-width": last ? 5 : home ? 4 : 1.5,
                class: "gz-hit"}, g);
  node("text", {x: x + 5, y: y + 14, "font-size": 11.5, "font-weight": "bold"}, g, sq.name);
  if (home) node("text", {x: x + BOX_W - 5, y: y + BOX_H - 6, "text-anchor": "end", "font-size": 10,
                          fill: edge, "font-weight": "bold"}, g, `⌂ ${COLOURS[home[0]][0]} home`);
  if (sq.landmark) {
    node("path", {d: star(x + 14, y + 30, 9), fill: "#F0E442", stroke: "#222"}, g);
    node("text", {x: x + 26, y: y + 34, "font-size": 10}, g, "landmark");
  }
  // Evacuees: one labelled disc per colour present (moved ones marked with ').
  let px = x + 12;
  for (const [colour, [letter, fill]] of Object.entries(COLOURS)) {
    const n = sq.evacuees[colour] || 0;
    if (!n) continue;
    const moved = (sq.moved || {})[colour] || 0;
    node("circle", {cx: px, cy: y + 54, r: 9, fill, stroke: "#222"}, g);
    node("text", {x: px, y: y + 58, "text-anchor": "middle", "font-size": 11, fill: "#fff",
                  "font-weight": "bold"}, g, letter);
    node("text", {x: px, y: y + 76, "text-anchor": "middle", "font-size": 10},
         g, String(n) + (moved ? "'" : ""));
    px += 22;
  }
  if (sq.press) {
    node("rect", {x: px - 8, y: y + 45, width: 16, height: 18, fill: "#fff", stroke: "#222"}, g);
    node("text", {x: px, y: y + 58, "text-anchor": "middle", "font-size": 11, "font-weight": "bold"}, g, "P");
    node("text", {x: px, y: y + 76, "text-anchor": "middle", "font-size": 10},
         g, String(sq.press) + (sq.press_moved ? "'" : ""));
  }
  if (sq.kaiju) {
    node("rect", {x: x + BOX_W - 50, y: y + 20, width: 46, height: 24, rx: 12, fill: "#D55E00",
                  stroke: "#222", "stroke-width": 2}, g);
    node("text", {x: x + BOX_W - 27, y: y + 37, "text-anchor": "middle", "font-size": 12,
                  fill: "#fff", "font-weight": "bold"}, g, "KAIJU");
  }
  const people = Object.entries(sq.evacuees).filter(([, n]) => n).map(([c, n]) => `${n} ${c}`);
  node("title", {}, g, [sq.name, sq.kaiju ? "the Kaiju" : "", sq.landmark ? "landmark" : "",
                        ...people, sq.press ? `${sq.press} press` : ""].filter(Boolean).join(", "));
  clickable(g, moves, ui);
}

function star(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = Math.PI / 5 * i - Math.PI / 2, d = i % 2 ? r * 0.45 : r;
    pts.push(`${(cx + d * Math.cos(a)).toFixed(1)},${(cy + d * Math.sin(a)).toFixed(1)}`);
  }
  return "M" + pts.join("L") + "Z";
}

function drawMap(view, legal, ui, last) {
  const cols = Math.max(...view.squares.map(s => s.x)) + 1;
  const rows = Math.max(...view.squares.map(s => s.y)) + 1;
  const width = 2 * MARGIN + (cols - 1) * STEP_X + BOX_W, height = 2 * MARGIN + (rows - 1) * STEP_Y + BOX_H;
  const map = node("svg", {viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
                           "aria-label": "map of Tokyo"});
  const byName = new Map(view.squares.map(s => [s.name, s]));
  // Roads take route tiles, footprints, blockers and tanks; a tank's move is shown where it goes.
  const roadMoves = movesBy(legal, m => (m.kind === "tank move" ? m.to_road
    : m.kind === "step" ? undefined : m.road));
  // Squares take the Kaiju's steps and the evacuations (at the square a piece goes to).
  const squareMoves = movesBy(legal, m => m.to_square);
  for (const road of view.roads) {
    const ends = [centre(byName.get(road.from)), centre(byName.get(road.to))];
    drawRoad(map, road, ends, roadMoves.get(road.id), ui, last.roads.has(road.id));
  }
  for (const sq of view.squares) drawSquare(map, sq, view, squareMoves.get(sq.name), ui, last.squares.has(sq.name));
  // The heat ray's four directions, as arrows beside the Kaiju.
  const rays = movesBy(legal.filter(m => m.kind === "heat ray"), m => m.direction);
  const kaiju = view.squares.find(s => s.kaiju);
  if (kaiju && rays.size) {
    const [cx, cy] = centre(kaiju);
    for (const [dir, [dx, dy, arrow]] of Object.entries(ARROWS)) {
      if (!rays.has(dir)) continue;
      const g = node("g", {}, map);
      const ax = cx + dx * (BOX_W / 2 + 22), ay = cy + dy * (BOX_H / 2 + 22);
      node("circle", {cx: ax, cy: ay, r: 15, fill: "#D55E00", stroke: "#222", class: "gz-hit"}, g);
      node("text", {x: ax, y: ay + 6, "text-anchor": "middle", "font-size": 18, fill: "#fff"}, g, arrow);
      clickable(g, rays.get(dir), ui);
    }
  }
  return map;
}

function para(parent, label, value) {
  return node("p", {}, parent, [html("b", {}, [label + ": "]), String(value)]);
}

function counts(obj) {
  return Object.entries(obj).map(([k, n]) => `${(COLOURS[k] || [k])[0]} ${n}`).join(", ");
}

/** The side panel: the common keys of the view (round, phase, seats and their scores) and
 * Godzilla's own `view` (the view's "board"). */
function drawPanel(view, model, ui) {
  const panel = node("section", {class: "gz-panel", "aria-label": "Godzilla table"});
  const seats = model.view.seats;
  const names = seats.map(s => s.name);
  const round = view.return_round ? "return round" : `round ${model.view.round} of ${view.last_round}`;
  node("h4", {}, panel, `${round}: ${model.view.phase}`);
  para(panel, "Score", `Kaiju ${seats[0].score}, humans ${seats[1].score}`);
  para(panel, "Governors", Object.entries(view.governors)
    .map(([c, s]) => `${COLOURS[c][0]} ${c}: ${names[s] ?? "seat " + s}`).join("; "));
  // The Kaiju's dice: a die whose face may be rerolled is a button.
  const k = view.kaiju;
  node("h4", {}, panel, `Kaiju at ${k.square}`);
  const dice = node("div", {"aria-label": "the Kaiju's dice"}, panel);
  const rerolls = movesBy(model.legal.filter(m => m.kind === "reroll"), m => m.face);
  const seen = new Set();
  for (const face of k.faces) {
    const first = !seen.has(face);
    seen.add(face);
    const die = node("span", {class: "gz-die", title: `a ${face}`}, dice, String(face));
    if (first) clickable(die, rerolls.get(face), ui);
  }
  if (!k.faces.length) node("span", {}, dice, "no dice rolled");
  para(panel, "Dice", `${k.dice}, rerolls ${k.rerolls}; awakening ${k.awakening_dice} dice, ${k.awakening_rerolls} rerolls`);
  node("h4", {}, panel, "Supplies");
  para(panel, "Bag", counts(view.bag));
  para(panel, "Route pile", `${view.route_pile} face down`);
  para(panel, "Stock", Object.entries(view.stock).map(([t, n]) => `${t} ${n}`).join(", "));
  para(panel, "Vehicle procurement", view.vehicle_procurement.join(", ") || "none");
  const support = node("p", {}, panel);
  node("b", {}, support, "Support: ");
  const cardMoves = movesBy(model.legal.filter(m => m.kind === "support card"), m => m.card);
  for (const [card, state] of Object.entries(view.support)) {
    const chip = node("span", {class: "gz-chip"}, support, `${card} (${state})`);
    clickable(chip, cardMoves.get(card), ui);
  }
  const vehicle = cardMoves.get("vehicle procurement");
  if (vehicle) clickable(node("span", {class: "gz-chip"}, support, "vehicle procurement"), vehicle, ui);
  para(panel, "Status cards", view.status_cards.map((c, i) => `R${i + 1} ${c[0]}/${c[1]}`).join(", ") || "none");
  node("h4", {}, panel, "Screens");
  const ks = view.kaiju_screen;
  para(panel, "Kaiju", `landmarks ${ks.landmarks}; evacuees ${counts(ks.evacuees)}; press ${ks.press}; `
       + `route tiles ${Object.values(ks.route_tiles).reduce((a, b) => a + b, 0)}; `
       + `high-voltage ${ks["high-voltage"]}; tanks ${ks.tank}`);
  para(panel, "Humans", `evacuees ${counts(view.human_screen.evacuees)}; press ${view.human_screen.press}; `
       + `press cards won ${view.press_cards.won}`);
  const kinds = view.press_cards.turned_over;
  if (kinds.some(n => n)) para(panel, "Press cards by kind", kinds.join(" "));
  const step = Object.entries(view.step || {}).filter(([key, v]) => key !== "air_strike" && v !== false
    && !(Array.isArray(v) && !v.length));
  if (view.step && view.step.air_strike) para(panel, "Air strike", "the Kaiju rolls 1 die fewer");
  if (step.length) para(panel, "Now", step.map(([key, v]) => `${key.replaceAll("_", " ")} ${
    key === "planner" ? names[v] ?? v : Array.isArray(v) ? v.join("-") : v}`).join("; "));
  if (model.lastMove) para(panel, "Last move", `${names[model.lastMove.seat] ?? ""} ${model.lastMove.text}`.trim());
  node("p", {style: "font-size:11px;color:#555"}, panel,
    "Roads: r rail, d road, v river, t tram, H high-voltage, T tank; ✱ dashed red = footprint, "
    + "✕ = crossed. Evacuees: T Tokyo, S Saitama, C Chiba, K Kanagawa (' = moved); P press; ★ landmark; "
    + "⌂ home square; KAIJU = the Kaiju; dashed blue = a move you can click");
  return panel;
}


/** Draws Godzilla's table for `model` (the page's contract) into `root`. */
export function drawBoard(root, model, ui) {
  const legal = model.legal || [];
  root.replaceChildren(html("div", {class: "gz"}, [html("style", {}, [CSS]),
    drawMap(model.view.board, legal, ui, lastTouches(model)), drawPanel(model.view.board, model, ui)]));
  markHint(root, ui.highlight);
}
