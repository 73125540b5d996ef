// Kilauea's board for the vsai web page: the island seen from above (the volcano's five
// sectors with their four colour columns, the forests by rows a-b-c, the canoe loop with its
// spaces, reefs and coral tiles, and the canoe pawn), then each seat's canoe, holy stones and
// island. Drawn from `model` only (docs/adding-a-game.md: the board contract).
import { svg, text, html, token, clickable, markHint, movesBy, SEAT_COLOURS } from "/static/boardkit.js";

const COLOURS = ["red", "yellow", "green", "blue"];
const SECTORS = ["S1", "S2", "S3", "S4", "S5"];
const CX = 340, CY = 330;
// The hinted move (the page's `ui.highlight`): a green glow on the map, a green ring elsewhere
// (a ring, not an outline, so that the last move's outline still shows).
const HINT_CSS = `.kilauea-map .hinted>:first-child{stroke:#009E73;stroke-width:4}
.kilauea-map .hinted{filter:drop-shadow(0 0 4px #009E73) drop-shadow(0 0 3px #009E73)}
.kilauea-seats .hinted,.kilauea-tiles .hinted{box-shadow:0 0 0 3px #009E73}`;

/** Draw the whole board of `model` into `root`. */
export function drawBoard(root, model, ui) {
  const view = model.view;
  const spots = movesBy(model.legal, spotOf);
  const last = lastSpot(model, view);
  const map = svg("svg", { viewBox: "0 0 680 660", role: "img", "aria-label": "the island of Kilauea", class: "kilauea-map" });
  map.append(svg("circle", { cx: CX, cy: CY, r: 300, fill: "#bfe3f2" }),
    svg("circle", { cx: CX, cy: CY, r: 238, fill: "#e9dcb5", stroke: "#b9a879" }));
  SECTORS.forEach((sector, k) => {
    const angle = -90 + 72 * k;
    const edge = polar(240, angle - 36);
    map.append(svg("line", { x1: CX, y1: CY, x2: edge[0], y2: edge[1], stroke: "#b9a879", "stroke-dasharray": "4 4" }));
    drawForest(map, view.board.forests[`F${k + 1}`], `F${k + 1}`, angle, spots, ui, last);
    drawVolcanoSector(map, view.board.volcano[sector], sector, angle, spots, ui, last);
    drawCanoeSpaces(map, view, k, angle, spots, ui, last);
    const [lx, ly] = polar(318, angle);
    map.append(text(lx, ly, sector, { "font-size": 18, "font-weight": "bold", fill: "#1d3d4d" }));
  });
  map.append(svg("circle", { cx: CX, cy: CY, r: 16, fill: "#7a2e12" }), text(CX, CY, view.board.crater_stones, { fill: "#fff", "font-size": 14 }),
    svg("title", {}, [`crater: ${view.board.crater_stones} holy stones`]));
  const seats = html("div", { class: "kilauea-seats" }, view.board.seats.map((seat) => drawSeat(seat, model, spots, ui)));
  const facts = html("p", { class: "kilauea-facts" }, [
    `${view.board.turns_completed} of at most ${view.board.turn_cap} turns done · phase: ${view.phase} · forests emptied: ${view.board.forests_emptied}/3`,
    view.board.intermediate_scored ? " · intermediate scoring done" : "",
    view.board.this_turn?.resolving ? ` · resolving ${view.board.this_turn.resolving}` : "",
  ]);
  const tiles = drawTurnTiles(view, spots, ui);
  root.replaceChildren(html("style", {}, [HINT_CSS]), facts, map, tiles, seats);
  markHint(root, ui.highlight);
}

function polar(r, degrees) {
  const a = (degrees * Math.PI) / 180;
  return [CX + r * Math.cos(a), CY + r * Math.sin(a)];
}

/** The board spot a legal move acts on, as a key ("col:S1:red", "forest:F2:a3", ...). */
function spotOf(move) {
  const from = move.from ?? {};
  if (move.kind === "move") return `canoe:${move.to?.space}`;
  if (move.kind === "volcano") return `col:${move.to?.sector}:${move.colour}`;
  if (move.kind === "island") return `island:${move.to?.sector}:${move.colour}`;
  if (from.place === "forest") return `forest:${from.forest}:${from.space}`;
  if (from.place === "volcano" && move.colour) return `col:${from.sector}:${move.colour}`;
  if (from.place === "island" && move.colour) return `island:${from.sector}:${move.colour}`;
  if (move.kind === "activate") return `tile:${move.side}:${move.tile_number}`;
  return null;
}

/** The spot of the last move: from its action_info when the page has it, else from its text. */
function lastSpot(model, view) {
  const move = model.lastMove;
  if (!move) return null;
  if (move.action_info) return spotOf(move.action_info);
  const sector = view.board.canoe_pawn?.sector;
  let found;
  if ((found = move.text.match(/^draft (S\d) (\w+)/))) return `col:${found[1]}:${found[2]}`;
  if ((found = move.text.match(/^cut (F\d)\.(\w\d)/))) return `forest:${found[1]}:${found[2]}`;
  if ((found = move.text.match(/^volcano (\w+)$/))) return `col:${sector}:${found[1]}`;
  if ((found = move.text.match(/^island (\w+)$/))) return `island:${sector}:${found[1]}`;
  if (/^canoe/.test(move.text)) return `canoe:${view.board.canoe_pawn?.space}`;
  return null;
}

function mark(node, key, spots, ui, last) {
  clickable(node, spots.get(key), ui);
  if (key === last) node.classList.add("last");
  return node;
}

function drawForest(map, forest, name, angle, spots, ui, last) {
  if (!forest) return;
  const rows = { a: 218, b: 188, c: 158 };
  for (const [space, colour] of Object.entries(forest.spaces)) {
    const row = space[0];
    const count = Object.keys(forest.spaces).filter((s) => s[0] === row).length;
    const index = Number(space.slice(1));
    const spread = row === "c" ? 12 : 10;
    const [x, y] = polar(rows[row], angle + (index - (count + 1) / 2) * spread);
    const key = `forest:${name}:${space}`;
    const spot = colour
      ? token(colour, x, y, 11, { "data-spot": key })
      : svg("g", { "data-spot": key }, [svg("circle", { cx: x, cy: y, r: 7, fill: "none", stroke: "#a89660", "stroke-dasharray": "2 2" })]);
    spot.append(svg("title", {}, [`${name}.${space}: ${colour ?? "empty"}${forest.accessible.includes(space) ? " (accessible)" : ""}`]));
    if (key === last) spot.prepend(svg("circle", { cx: x, cy: y, r: 15, class: "last-move" }));
    map.append(mark(spot, key, spots, ui, last));
  }
  const [fx, fy] = polar(234, angle + 27);
  map.append(text(fx, fy, name, { "font-size": 12, fill: "#5b4b1f" }));
  if (forest.volcano_tile) {
    const [tx, ty] = polar(236, angle - 27);
    map.append(svg("g", {}, [svg("rect", { x: tx - 13, y: ty - 9, width: 26, height: 18, rx: 3, fill: "#5b4b1f" }),
      text(tx, ty, `V${forest.volcano_tile}`, { fill: "#fff", "font-size": 11 }),
      svg("title", {}, [`volcano tile ${forest.volcano_tile}, locked in ${name} until its row c is empty`])]));
  }
}

function drawVolcanoSector(map, sector, name, angle, spots, ui, last) {
  const edgeA = polar(132, angle - 35), edgeB = polar(132, angle + 35);
  map.append(svg("path", { d: `M${CX},${CY} L${edgeA[0]},${edgeA[1]} A132,132 0 0 1 ${edgeB[0]},${edgeB[1]} Z`,
    fill: "#8c5a3c", stroke: "#5a341f", "stroke-width": 2 }));
  COLOURS.forEach((colour, i) => {
    const offset = (i - 1.5) * 13;
    const height = sector.columns[colour];
    const [x, y] = polar(112, angle + offset);
    const [hx, hy] = polar(86, angle + offset);
    const key = `col:${name}:${colour}`;
    const column = svg("g", { "data-spot": key }, [
      token(colour, x, y, 11),
      text(hx, hy, height, { "font-size": 14, "font-weight": "bold", fill: "#fff" }),
      svg("title", {}, [`${name} ${colour} column: ${height} high`]),
    ]);
    if (key === last) column.prepend(svg("circle", { cx: x, cy: y, r: 16, class: "last-move" }));
    map.append(mark(column, key, spots, ui, last));
  });
  if (sector.hillside_tile) {
    const [tx, ty] = polar(48, angle);
    const key = `tile:volcano:${sector.hillside_tile}`;
    map.append(mark(svg("g", { "data-spot": key }, [svg("rect", { x: tx - 12, y: ty - 8, width: 24, height: 16, rx: 3, fill: "#f2c14e", stroke: "#333" }),
      text(tx, ty, `V${sector.hillside_tile}`, { "font-size": 10 }), svg("title", {}, [`hillside of ${name}: volcano tile ${sector.hillside_tile}`])]), key, spots, ui, last));
  }
}

function drawCanoeSpaces(map, view, k, angle, spots, ui, last) {
  const pawn = view.board.canoe_pawn;
  const twoPlayers = view.players === 2;
  for (const j of twoPlayers ? [1] : [1, 2]) {
    const space = `(${k + 1},${j})`;
    const [x, y] = polar(266, angle + (twoPlayers ? 0 : j === 1 ? -16 : 16));
    const key = `canoe:${space}`;
    const node = svg("g", { "data-spot": key }, [svg("rect", { x: x - 17, y: y - 11, width: 34, height: 22, rx: 11, fill: "#fff", stroke: "#1d3d4d" }),
      text(x, y, space, { "font-size": 10 }), svg("title", {}, [`canoe space ${space}`])]);
    if (pawn.space === space) {
      node.append(svg("path", { d: `M${x - 20},${y + 12} Q${x},${y + 26} ${x + 20},${y + 12} Z`, fill: "#3b2314" }),
        svg("title", {}, ["the canoe pawn"]));
      node.firstChild.setAttribute("stroke-width", 3);
    }
    if (key === last) node.prepend(svg("rect", { x: x - 21, y: y - 15, width: 42, height: 30, rx: 15, class: "last-move" }));
    map.append(mark(node, key, spots, ui, last));
  }
  const reef = `R${k + 1}`;
  const coral = view.board.reefs[reef];
  const [rx, ry] = polar(272, angle + 36);
  const key = `tile:coral:${coral}`;
  map.append(mark(svg("g", { "data-spot": key }, [
    svg("polygon", { points: `${rx},${ry - 14} ${rx + 14},${ry} ${rx},${ry + 14} ${rx - 14},${ry}`, fill: "#f7a8a0", stroke: "#8a3b33" }),
    text(rx, ry, coral ?? "–", { "font-size": 12, "font-weight": "bold" }),
    svg("title", {}, [`reef ${reef}: coral tile ${coral ?? "none"}`])]), key, spots, ui, last));
}

function drawTurnTiles(view, spots, ui) {
  const unlocked = view.board.this_turn?.unlocked_tiles ?? [];
  if (!unlocked.length) return html("div");
  return html("p", { class: "kilauea-tiles" }, ["Unlocked this turn: ", ...unlocked.map((n) =>
    clickable(html("span", { class: "tile" }, [`volcano ${n}`]), spots.get(`tile:volcano:${n}`), ui))]);
}

function drawSeat(seat, model, spots, ui) {
  const mine = seat.seat === model.seat;
  const box = svg("svg", { viewBox: "0 0 640 70", class: "kilauea-seat", role: "img", "aria-label": `${seat.name}'s canoe and island` });
  box.append(svg("rect", { x: 0, y: 0, width: 8, height: 70, fill: SEAT_COLOURS[seat.seat % SEAT_COLOURS.length] }),
    text(50, 16, `${seat.name}${mine ? " (you)" : ""}`, { "font-weight": "bold", "font-size": 14 }),
    text(50, 36, `${seat.victory_points} VP`, { "font-size": 13 }),
    text(50, 54, `${seat.holy_stones} stones`, { "font-size": 12 }),
    text(130, 10, "canoe", { "font-size": 10, fill: "#555" }));
  let slot = 0;
  for (const colour of COLOURS) {
    for (let n = 0; n < seat.canoe[colour]; n++) box.append(token(colour, 112 + (slot % 2) * 24, 28 + Math.floor(slot / 2) * 24, 10)), slot++;
  }
  for (; slot < 4; slot++) box.append(svg("circle", { cx: 112 + (slot % 2) * 24, cy: 28 + Math.floor(slot / 2) * 24, r: 9, fill: "none", stroke: "#aaa", "stroke-dasharray": "2 2" }));
  SECTORS.forEach((sector, s) => {
    const x0 = 180 + s * 92;
    box.append(text(x0 + 40, 10, `island ${sector}`, { "font-size": 10, fill: "#555" }));
    COLOURS.forEach((colour, i) => {
      const count = seat.island[sector][colour];
      const x = x0 + 10 + i * 22;
      const cell = svg("g", { "data-spot": mine ? `island:${sector}:${colour}` : null }, [
        count ? token(colour, x, 32, 9) : svg("circle", { cx: x, cy: 32, r: 8, fill: "none", stroke: "#ccc" }),
        text(x, 54, count, { "font-size": 12, fill: count ? "#000" : "#aaa" }),
        svg("title", {}, [`${seat.name}'s island ${sector}: ${count} ${colour}`])]);
      box.append(mine ? mark(cell, `island:${sector}:${colour}`, spots, ui, null) : cell);
    });
  });
  return box;
}
