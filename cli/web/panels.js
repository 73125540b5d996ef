// The page's panels around the board: the seats bar, the grouped move list, the log, the final
// score breakdown and the rules text. Each (re)draws from the engine's answers only.
import { html, SEAT_COLOURS } from "/static/boardkit.js";

/** The seats bar: each seat's name, who plays it, and whose turn it is. */
export function drawSeats(root, seats, humans, toPlay, viewer) {
  root.replaceChildren(...seats.map((name, seat) => html("span", {
    class: `seat${seat === toPlay ? " to-play" : ""}${seat === viewer ? " viewer" : ""}`,
    style: `--seat: ${SEAT_COLOURS[seat % SEAT_COLOURS.length]}`,
    "aria-current": seat === toPlay ? "true" : null,
  }, [html("b", {}, [name]), ` ${humans.includes(seat) ? (seat === viewer ? "you" : "person") : "AI"}`,
      seat === toPlay ? " ◀ to play" : ""])));
}

/** The move list: groups (two-step choices) with each move's text and detail. `filter` keeps
 * moves whose text contains it; `only` (a set of ids, from the board) keeps just those. */
export function drawMoves(root, legal, play, { filter = "", only = null, hint = null } = {}) {
  const wanted = legal.filter((m) => (!only || only.has(m.action))
    && (!filter || `${m.text} ${m.detail ?? ""}`.toLowerCase().includes(filter.toLowerCase())));
  const groups = new Map();
  for (const move of wanted) {
    const key = move.group ?? "";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(move);
  }
  const parts = [];
  if (only) parts.push(html("p", { class: "narrowed" }, [`${wanted.length} moves on that spot (Escape: all moves)`]));
  for (const [group, moves] of groups) {
    const items = moves.map((move) => {
      const button = html("button", { class: `move${move.action === hint ? " hinted" : ""}`, "data-move": move.action }, [
        html("span", { class: "move-text" }, [move.text]),
        move.detail ? html("small", {}, [move.detail]) : null]);
      button.addEventListener("click", () => play(move.action));
      return html("li", {}, [button]);
    });
    parts.push(group ? html("details", { open: groups.size <= 6 || moves.some((m) => m.action === hint) ? "" : null }, [
      html("summary", {}, [`${group} (${moves.length})`]), html("ul", {}, items)]) : html("ul", {}, items));
  }
  if (legal.length === 0) parts.push(html("p", { class: "idle" }, ["Not your turn."]));
  else if (wanted.length === 0) parts.push(html("p", { class: "idle" }, ["No move matches."]));
  root.replaceChildren(...parts);
}

/** The log: every move as the viewing seat saw it (the `events` of `state` with that seat).
 * Only what changed is redrawn: the entries after the longest prefix already shown (a new move
 * appends one; an undo or a new table replaces the tail), since rebuilding the whole log and
 * measuring it for the scroll at every move made a long game's redraws grow with its length. */
export function drawLog(root, events, seats) {
  const whos = events.map((event) => event.who ?? (event.seat === null ? "chance" : seats[event.seat]));
  const keys = events.map((event, i) => JSON.stringify([event.ply, event.seat, whos[i], event.text]));
  const drawn = root.vsaiKeys ?? [];
  const shown = root.children.length === drawn.length ? drawn : [];
  let same = 0;
  while (same < shown.length && same < keys.length && shown[same] === keys[same]) same += 1;
  if (same === shown.length && same === keys.length) return;
  while (root.children.length > same) root.lastElementChild.remove();
  root.append(...events.slice(same).map((event, i) => html("li", { class: event.seat === null ? "chance" : "" }, [
    html("span", { class: "who" }, [whos[same + i]]), " ", event.text])));
  root.vsaiKeys = keys;
  // Scrolled at the next frame, when the page is laid out anyway: reading scrollHeight here
  // would force a layout of the whole page at every state.
  requestAnimationFrame(() => { root.parentElement.scrollTop = root.parentElement.scrollHeight; });
}

/** The end of the game: each seat's score and place, best first, and how the scores were
 * made (`breakdown`, plain text from the game, as this seat may see it). */
export function drawFinal(root, seats, scores, returns, breakdown) {
  const order = seats.map((_, seat) => seat).sort((a, b) => returns[b] - returns[a] || scores[b] - scores[a]);
  const best = Math.max(...returns);
  const winners = returns.filter((r) => r === best).length;
  const place = (seat) => 1 + returns.filter((r) => r > returns[seat]).length;
  const result = (seat) => (returns[seat] === best ? (winners > 1 ? "shared win" : "wins") : `place ${place(seat)}`);
  root.replaceChildren(html("h2", {}, ["Game over"]), html("table", { id: "final-scores" }, [
    html("thead", {}, [html("tr", {}, ["seat", "score", "result"].map((h) => html("th", {}, [h])))]),
    html("tbody", {}, order.map((seat) => html("tr", { "data-seat": seat, "data-return": returns[seat], "data-score": scores[seat] }, [
      html("th", {}, [seats[seat]]), html("td", {}, [String(scores[seat])]), html("td", {}, [result(seat)])])))]),
  breakdown ? html("details", { open: "" }, [html("summary", {}, ["How the scores were made"]), html("pre", { class: "breakdown" }, [breakdown])]) : "");
  root.hidden = false;
}

/** A small, safe markdown reader for the rules text: headings, lists, bold, code, paragraphs. */
export function drawMarkdown(root, markdown) {
  const blocks = [];
  let list = null;
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) blocks.push(html("p", {}, inline(paragraph.join(" "))));
    paragraph = [];
  };
  for (const line of markdown.split("\n")) {
    const heading = line.match(/^(#{1,4})\s+(.*)/);
    const item = line.match(/^\s*(?:[-*+]|\d+[.)])\s+(.*)/);
    if (heading) { flush(); list = null; blocks.push(html(`h${Math.min(heading[1].length + 2, 6)}`, {}, inline(heading[2]))); }
    else if (item) { flush(); if (!list) { list = html("ul"); blocks.push(list); } list.append(html("li", {}, inline(item[1]))); }
    else if (!line.trim()) { flush(); list = null; }
    else if (list && /^\s+/.test(line)) list.lastChild.append(" ", ...inline(line.trim()));
    else { list = null; paragraph.push(line.trim()); }
  }
  flush();
  root.replaceChildren(...blocks);
}

function inline(text) {
  return text.split(/(\*\*[^*]+\*\*|`[^`]+`)/).filter(Boolean).map((part) =>
    part.startsWith("**") ? html("b", {}, [part.slice(2, -2)]) : part.startsWith("`") ? html("code", {}, [part.slice(1, -1)]) : part);
}
