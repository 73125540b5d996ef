// Small helpers shared by the games' boards (ext/<game>/web/board.js): SVG and HTML element
// builders, a colour-blind-safe palette with a letter and a shape per colour, and the
// clickable-move convention of the board contract (docs/adding-a-game.md).

export const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element `tag` with attributes `attrs` and children (elements or strings). */
export function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of [].concat(children)) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

/** An SVG <text> at (x, y) holding `content`; `attrs` adds or overrides attributes. */
export function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, [String(content)]);
}

/** An HTML element `tag` with attributes (`class` included) and children. */
export function html(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of [].concat(children)) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// The Okabe-Ito palette (safe for the common colour blindnesses), each with a letter and a
// shape so that no information rests on colour alone.
export const PALETTE = {
  red: { fill: "#D55E00", letter: "R", shape: "triangle", ink: "#fff" },
  yellow: { fill: "#F0E442", letter: "Y", shape: "circle", ink: "#000" },
  green: { fill: "#009E73", letter: "G", shape: "square", ink: "#fff" },
  blue: { fill: "#0072B2", letter: "B", shape: "diamond", ink: "#fff" },
  purple: { fill: "#CC79A7", letter: "P", shape: "hexagon", ink: "#000" },
  grey: { fill: "#999999", letter: "K", shape: "pentagon", ink: "#000" },
  gray: { fill: "#999999", letter: "K", shape: "pentagon", ink: "#000" },
  orange: { fill: "#E69F00", letter: "O", shape: "star", ink: "#000" },
  sky: { fill: "#56B4E9", letter: "S", shape: "cross", ink: "#000" },
  black: { fill: "#222222", letter: "X", shape: "circle", ink: "#fff" },
  white: { fill: "#f4f4f4", letter: "W", shape: "circle", ink: "#000" },
};
// Seat colours and their letters, by seat number.
export const SEAT_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];

/** The palette entry of colour `name` (a neutral one for an unknown name). */
export function colour(name) {
  return PALETTE[String(name).toLowerCase()] ?? { fill: "#bbbbbb", letter: String(name).slice(0, 1).toUpperCase(), shape: "circle", ink: "#000" };
}

/** The points of shape `name` (see PALETTE) centred on (x, y) with radius r, as an SVG element. */
export function shape(name, x, y, r, attrs = {}) {
  const poly = (n, turn = -Math.PI / 2, radii = [r]) => {
    const points = [];
    for (let i = 0; i < n * radii.length; i++) {
      const a = turn + (i * 2 * Math.PI) / (n * radii.length);
      const rr = radii[i % radii.length];
      points.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
    }
    return svg("polygon", { points: points.join(" "), ...attrs });
  };
  switch (name) {
    case "triangle": return poly(3);
    case "square": return svg("rect", { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, ...attrs });
    case "diamond": return poly(4);
    case "pentagon": return poly(5);
    case "hexagon": return poly(6, 0);
    case "star": return poly(5, -Math.PI / 2, [r, r * 0.45]);
    case "cross": return poly(4, -Math.PI / 4, [r, r * 0.4]);
    default: return svg("circle", { cx: x, cy: y, r, ...attrs });
  }
}

/** A coloured token: the colour's shape with its letter on it (readable without colour). */
export function token(colourName, x, y, r, attrs = {}) {
  const c = colour(colourName);
  return svg("g", { class: "token", ...attrs }, [
    shape(c.shape, x, y, r, { fill: c.fill, stroke: "#222", "stroke-width": 1 }),
    text(x, y + 0.5, c.letter, { fill: c.ink, "font-size": r * 1.05, "font-weight": "bold" }),
  ]);
}

/** Make `node` play the moves `moves` (legal entries): one move plays it, several ask the page
 * to narrow its move list (ui.choose). Sets data-action, tabindex, role and aria-label. */
export function clickable(node, moves, ui) {
  if (!moves || moves.length === 0) return node;
  const label = moves.length === 1 ? moves[0].text : `${moves.length} moves: ${moves.map((m) => m.text).join("; ")}`;
  node.setAttribute("data-action", moves.map((m) => m.action).join(" "));
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.classList.add("playable");
  const act = () => (moves.length === 1 ? ui.play(moves[0].action) : ui.choose(moves.map((m) => m.action)));
  node.addEventListener("click", act);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); act(); }
  });
  if (label) node.append(svgTitleOrNothing(node, label));
  return node;
}

function svgTitleOrNothing(node, label) {
  return node instanceof SVGElement ? svg("title", {}, [label]) : "";
}

/** The legal moves grouped by the value `keyOf(move)` returns (moves where it is null are left out). */
export function movesBy(legal, keyOf) {
  const groups = new Map();
  for (const move of legal) {
    const key = keyOf(move);
    if (key === null || key === undefined) continue;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(move);
  }
  return groups;
}

/** SVG element names that `node` builds in the SVG namespace (every other tag is HTML). */
const SVG_TAGS = new Set(["svg", "g", "rect", "text", "circle", "path", "title", "polygon", "line"]);

/** Builds an SVG or HTML element (by its tag), appended to `parent` when one is given. */
export function node(tag, attrs = {}, parent = null, content = null) {
  const el = (SVG_TAGS.has(tag) ? svg : html)(tag, attrs, content ?? []);
  return parent ? parent.appendChild(el) : el;
}

/** Outlines the element of the hinted move (the page's `ui.highlight`), if the board has one. */
export function markHint(root, action) {
  const hinted = [...root.querySelectorAll("[data-action]")].filter(el => action !== null && action !== undefined
    && el.getAttribute("data-action").split(" ").includes(String(action)));
  for (const el of hinted) el.classList.add("hinted");
}
