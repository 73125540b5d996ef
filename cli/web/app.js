// The vsai web page: one table against the AI (or hot-seat among people) through the engine
// protocol on this page's own server. Each seat's screen asks only for that seat's view,
// legal moves and log (`state` with `seat`); the AI's moves are worded for that seat.
import { Engine } from "/static/socket.js";
import { setUpDialog, openDialog, dialogSeats } from "/static/dialog.js";
import { drawSeats, drawMoves, drawLog, drawFinal, drawMarkdown } from "/static/panels.js";
import * as fallbackBoard from "/static/fallback.js";

const $ = (id) => document.getElementById(id);
const page = { engine: null, hello: null, table: null, busy: false, searching: false, only: null, hint: null };

function setPhase(phase) {
  document.body.dataset.phase = phase;
}

function say(message, isError = false) {
  $("status").textContent = message;
  $("status").classList.toggle("error", isError);
}

async function main() {
  setPhase("connecting");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  page.engine = new Engine(`${scheme}://${location.host}/ws${location.search}`);
  page.engine.onClose = () => { say("The connection to vsai serve closed: restart it and reload the page.", true); setPhase("closed"); };
  try {
    await page.engine.open();
  } catch (problem) {
    say(`${problem.message}: is \`vsai serve\` running, and is this its URL with the token?`, true);
    return;
  }
  page.hello = await page.engine.ask("hello");
  setUpDialog(page.hello, startGame);
  wireButtons();
  performance.mark("vsai-dialog-ready");
  say("Choose a game.");
  setPhase("dialog");
  openDialog();
}

async function startGame(settings) {
  performance.clearMarks("vsai-first-board");
  performance.mark("vsai-start");
  const answer = await page.engine.ask("new", {
    game: settings.game.name, players: settings.players, seed: settings.seed, options: settings.options });
  await openTable(answer, settings.game.name, settings);
}

async function openTable(answer, gameName, settings) {
  if (page.table) page.engine.ask("close", { table: page.table }).catch(() => {});
  Object.assign(page, {
    table: answer.table, game: gameName, seats: answer.seats, humans: settings.humans.filter((s) => s < answer.seats.length),
    level: settings.level, seed: settings.seed ?? 0, toPlay: answer.to_play, terminal: false, lastPlayed: null,
    only: null, hint: null, state: null,
  });
  page.viewer = page.humans.length ? page.humans[0] : null;
  page.shown = page.humans.length > 1 ? null : page.viewer;   // hot-seat: nobody's cards until confirmed
  page.board = await loadBoard(gameName);
  $("final").hidden = true;
  clearHint();
  for (const id of ["hint", "undo", "save", "show-rules"]) $(id).disabled = false;
  advance();   // not awaited: the dialog closes while the AI thinks (advance reports its own errors)
}

async function loadBoard(gameName) {
  try {
    return await import(`/games/${gameName}/board.js`);
  } catch (problem) {
    console.error(`the board of ${gameName} did not load: ${problem}`);
    return fallbackBoard;
  }
}

/** Go on until a person must act: the AI moves for its seats; hot-seat asks for the next seat. */
async function advance() {
  if (page.busy) return;
  page.busy = true;
  try {
    for (;;) {
      if (!page.terminal && page.humans.includes(page.toPlay)) {
        page.viewer = page.toPlay;
        if (page.humans.length > 1 && page.shown !== page.toPlay) { cover(page.toPlay); return; }
      }
      const state = await page.engine.ask("state", { table: page.table, seat: page.viewer, details: true });
      page.state = state;
      page.toPlay = state.to_play;
      page.terminal = state.terminal;
      render();
      if (state.terminal) { finish(state); return; }
      if (page.humans.includes(state.to_play)) { humanTurn(); return; }
      await aiTurn(state);
    }
  } catch (problem) {
    say(problem.message, true);
    setPhase("error");
  } finally {
    page.busy = false;
  }
}

function humanTurn() {
  say(`Your move, ${page.seats[page.toPlay]}.`);
  setPhase("human");
}

async function aiTurn(state) {
  setPhase("ai");
  say(`The AI (${page.seats[state.to_play]}) is thinking…`);
  $("thinking").hidden = false;
  $("progress").removeAttribute("value");
  page.searching = true;
  try {
    const args = { table: page.table, level: page.level, seed: page.seed * 1000 + state.ply, progress: true };
    if (page.viewer !== null) args.viewer = page.viewer;
    const answer = await page.engine.ask("ai", args, (event) => {
      if (event.total) $("progress").value = event.done / event.total;
    });
    page.toPlay = answer.to_play;
    page.terminal = answer.terminal;
  } finally {
    page.searching = false;
    $("thinking").hidden = true;
  }
}

/** Hot-seat: hide everything until the seat to play confirms it is at the screen. */
function cover(seat) {
  page.shown = null;
  for (const id of ["board", "moves", "log", "last-move", "hint-text", "hint-belief"]) $(id).replaceChildren();
  $("cover-text").textContent = `${page.seats[seat]} to play: pass the screen to ${page.seats[seat]}. The other seats' cards are hidden until then.`;
  $("cover").hidden = false;
  document.querySelector("main").inert = true;
  setPhase("cover");
  say(`Waiting for ${page.seats[seat]}.`);
  $("cover-ok").focus();
}

function uncover() {
  $("cover").hidden = true;
  document.querySelector("main").inert = false;
  page.shown = page.toPlay;
  advance();
}

function lastMove(state) {
  const events = state.events.filter((e) => e.seat !== null);
  const last = events[events.length - 1];
  if (!last) return null;
  const move = { seat: last.seat, text: last.text, ply: last.ply };
  if (page.lastPlayed && page.lastPlayed.ply === last.ply && page.lastPlayed.seat === page.viewer) {
    move.action_info = page.lastPlayed.info;
  }
  return move;
}

function render() {
  const state = page.state;
  const last = lastMove(state);
  const legal = page.humans.includes(state.to_play) ? state.legal : [];
  drawSeats($("seats"), page.seats, page.humans, state.to_play, page.viewer);
  $("last-move").textContent = last ? `Last move: ${page.seats[last.seat]} ${last.text}` : "";
  const model = { view: state.view, seat: page.viewer, seats: page.seats, legal, lastMove: last, terminal: state.terminal };
  const ui = { play: playMove, choose: chooseMoves, highlight: page.hint };
  try {
    page.board.drawBoard($("board"), model, ui);
  } catch (problem) {
    console.error(`the board could not be drawn: ${problem}`);
    fallbackBoard.drawBoard($("board"), model, ui);
  }
  drawMoveList();
  drawLog($("log"), state.events, page.seats);
  document.body.dataset.ply = state.ply;
  // Timings for benchmarks/web_speed.py: the first board, and each human move's click to redrawn board.
  if (!performance.getEntriesByName("vsai-first-board").length) performance.mark("vsai-first-board");
  if (page.clickAt !== undefined) {
    window.vsaiRoundTrips = [...(window.vsaiRoundTrips ?? []), performance.now() - page.clickAt];
    page.clickAt = undefined;
  }
}

function drawMoveList() {
  const legal = page.state && page.humans.includes(page.state.to_play) ? page.state.legal : [];
  drawMoves($("moves"), legal, playMove, { filter: $("move-filter").value, only: page.only, hint: page.hint });
}

async function playMove(action) {
  if (page.busy || page.searching) return;
  const move = page.state.legal.find((m) => m.action === action);
  page.clickAt = performance.now();
  page.busy = true;
  setPhase("playing");
  try {
    const answer = await page.engine.ask("play", { table: page.table, move: action, viewer: page.viewer });
    page.lastPlayed = { ply: page.state.ply, seat: page.viewer, info: move };
    page.toPlay = answer.to_play;
    page.terminal = answer.terminal;
  } catch (problem) {
    say(problem.message, true);
  } finally {
    page.busy = false;
  }
  page.only = null;
  clearHint();
  $("move-filter").value = "";
  await advance();
}

function chooseMoves(actions) {
  page.only = new Set(actions);
  drawMoveList();
  $("moves").querySelector("button")?.focus();
}

function finish(state) {
  setPhase("over");
  say("Game over.");
  drawFinal($("final"), page.seats, state.scores, state.returns, state.breakdown);
  $("hint").disabled = true;
}

async function hint() {
  if (page.busy || page.searching || !page.state || !page.humans.includes(page.state.to_play)) return;
  page.searching = true;
  $("hint-text").textContent = "Thinking of a hint…";
  const table = page.table;
  try {
    const answer = await page.engine.ask("ai", {
      table: page.table, level: page.level, seed: page.seed * 1000 + page.state.ply, apply: false, viewer: page.viewer, top: 3 });
    if (page.table !== table) return;   // a new game or a loaded one came meanwhile: not for it
    page.hint = answer.action;
    $("hint-text").textContent = `Hint: ${answer.text}`;
    drawBelief($("hint-belief"), answer.belief || []);
    render();
  } catch (problem) {
    if (page.table === table) $("hint-text").textContent = problem.message;
  } finally {
    page.searching = false;
  }
}

/** Forgets the hint and its reading: they were for a position that is gone. */
function clearHint() {
  page.hint = null;
  $("hint-text").textContent = "";
  $("hint-belief").replaceChildren();
}

/** What the seat asking for the hint may read of the others' hidden cards from their play:
 * the engine gives it only to that seat (docs/engine-protocol.md, `ai`), one line a seat. */
function drawBelief(root, belief) {
  root.replaceChildren();
  if (!belief.length) return;
  const title = document.createElement("p");
  title.textContent = "What the others may hold, read from their play (your view only):";
  const list = document.createElement("ul");
  for (const seat of belief) {
    const line = document.createElement("li");
    line.textContent = seat.items.map(fact => `${fact.text}: ${Math.round(fact.p * 100)}%`).join("; ");
    list.append(line);
  }
  root.append(title, list);
}

async function undo() {
  if (page.busy || page.searching || !page.table) return;
  page.busy = true;
  try {
    // Back to the last position where a person was to play, before that person's move.
    for (let i = 0; i < 200; i++) {
      const answer = await page.engine.ask("undo", { table: page.table });
      page.toPlay = answer.to_play;
      page.terminal = false;
      if (answer.undone === 0 || page.humans.includes(answer.to_play)) break;
    }
    page.shown = page.humans.length > 1 ? null : page.viewer;
    $("final").hidden = true;
    clearHint();
    $("hint").disabled = false;
  } catch (problem) {
    say(problem.message, true);
  } finally {
    page.busy = false;
  }
  await advance();
}

async function save() {
  const answer = await page.engine.ask("save", { table: page.table });
  const link = Object.assign(document.createElement("a"), {
    href: URL.createObjectURL(new Blob([answer.match], { type: "application/json" })),
    download: `vsai-${page.game}-ply${page.state?.ply ?? 0}.json`,
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say("Saved to your downloads.");
}

async function load(file) {
  try {
    const answer = await page.engine.ask("load", { match: await file.text() });
    await openTable(answer, answer.game, { ...dialogSeats(), seed: 0 });
  } catch (problem) {
    say(`Cannot load ${file.name}: ${problem.message}`, true);
  }
}

async function showRules() {
  const answer = await page.engine.ask("rules", { game: page.game });
  drawMarkdown($("rules-text"), answer.text);
  $("rules-dialog").showModal();
}

function guarded(action) {
  return () => { Promise.resolve(action()).catch((problem) => say(problem.message, true)); };
}

function wireButtons() {
  $("new-game").onclick = () => openDialog();
  $("hint").onclick = guarded(hint);
  $("undo").onclick = guarded(undo);
  $("save").onclick = guarded(save);
  $("show-rules").onclick = guarded(showRules);
  $("move-now").onclick = guarded(() => page.engine.ask("stop"));
  $("cover-ok").onclick = uncover;
  $("load-file").onchange = (event) => { if (event.target.files[0]) load(event.target.files[0]); event.target.value = ""; };
  $("move-filter").oninput = drawMoveList;
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea, dialog") || event.ctrlKey || event.metaKey || event.altKey) {
      if (event.key === "Escape" && event.target.id === "move-filter") { event.target.value = ""; drawMoveList(); }
      return;
    }
    const keys = { h: hint, u: undo, r: showRules, n: openDialog, m: () => page.searching && page.engine.ask("stop") };
    if (keys[event.key]) { event.preventDefault(); guarded(keys[event.key])(); }
    else if (event.key === "/") { event.preventDefault(); $("move-filter").focus(); }
    else if (event.key === "Escape" && page.only) { page.only = null; drawMoveList(); }
  });
}

main();
