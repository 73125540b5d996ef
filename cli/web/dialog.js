// The new-game dialog: game, player count, human seats, AI level, seed and the game's variant
// options, all from the engine's `hello` answer.
import { html } from "/static/boardkit.js";

/** Fill the dialog from `hello`; `onStart(settings)` is called with the chosen settings. */
export function setUpDialog(hello, onStart) {
  const dialog = document.getElementById("new-dialog");
  const gameSelect = document.getElementById("f-game");
  const players = document.getElementById("f-players");
  const levelSelect = document.getElementById("f-level");
  const error = document.getElementById("f-error");
  gameSelect.replaceChildren(...hello.games.map((g) => html("option", { value: g.name }, [g.title])));
  levelSelect.replaceChildren(...hello.levels.map((l) =>
    html("option", { value: l.level, selected: l.level === 1 ? "" : null }, [`${l.level}: ${l.name}`])));

  const game = () => hello.games.find((g) => g.name === gameSelect.value);
  const fillPlayers = () => {
    const [low, high] = game().players;
    players.replaceChildren(...range(low, high).map((n) => html("option", { value: n }, [String(n)])));
    document.getElementById("f-summary").textContent = game().summary;
    fillOptions(game());
    fillHumans();
  };
  const fillHumans = () => {
    const box = document.getElementById("f-humans");
    const count = Number(players.value);
    box.replaceChildren(box.querySelector("legend"), ...range(1, count).map((n) =>
      html("label", {}, [html("input", { type: "checkbox", name: "human", value: n - 1, checked: n === 1 ? "" : null }), ` seat ${n}`])));
  };
  gameSelect.onchange = fillPlayers;
  players.onchange = fillHumans;
  fillPlayers();

  document.getElementById("f-cancel").onclick = () => dialog.close();
  document.getElementById("new-form").onsubmit = (event) => {
    event.preventDefault();
    const humans = [...document.querySelectorAll("#f-humans input:checked")].map((box) => Number(box.value));
    const seed = Number(document.getElementById("f-seed").value || 0);
    if (!Number.isInteger(seed) || seed < 0) { error.textContent = "The seed is a whole number, 0 or more."; return; }
    const options = {};
    for (const input of document.querySelectorAll("#f-options [data-option]")) {
      const kind = input.dataset.kind;
      if (kind === "boolean") { options[input.dataset.option] = input.checked; continue; }
      if (input.value === "") continue;
      options[input.dataset.option] = kind === "number" ? Number(input.value) : input.value;
    }
    error.textContent = "";
    onStart({ game: game(), players: Number(players.value), humans, level: Number(levelSelect.value), seed, options })
      .then(() => dialog.close(), (problem) => { error.textContent = problem.message; });
  };
}

/** Open the dialog (focus on the game list). */
export function openDialog() {
  const dialog = document.getElementById("new-dialog");
  if (!dialog.open) dialog.showModal();
  document.getElementById("f-game").focus();
}

/** The settings a loaded game is played with: the dialog's human seats and level. */
export function dialogSeats() {
  return {
    humans: [...document.querySelectorAll("#f-humans input:checked")].map((box) => Number(box.value)),
    level: Number(document.getElementById("f-level").value || 1),
  };
}

function fillOptions(game) {
  const box = document.getElementById("f-options");
  const inputs = game.options.filter((o) => o.name !== "players").map((option) => {
    let input;
    if (option.choices) {
      input = html("select", { "data-option": option.name, "data-kind": typeof option.default === "number" ? "number" : "text" },
        option.choices.map((c) => html("option", { value: c, selected: c === option.default ? "" : null }, [String(c)])));
    } else if (typeof option.default === "boolean") {
      input = html("input", { type: "checkbox", "data-option": option.name, "data-kind": "boolean", checked: option.default ? "" : null });
    } else if (typeof option.default === "number") {
      input = html("input", { type: "number", "data-option": option.name, "data-kind": "number", value: option.default,
        min: option.minimum, max: option.maximum, step: Number.isInteger(option.default) ? 1 : "any" });
    } else {
      input = html("input", { type: "text", "data-option": option.name, "data-kind": "text", value: option.default ?? "" });
    }
    return html("label", { title: option.help }, [`${option.name} `, input, html("small", {}, [option.help])]);
  });
  box.replaceChildren(box.querySelector("legend"), ...inputs);
  box.hidden = inputs.length === 0;
}

function range(low, high) {
  return Array.from({ length: high - low + 1 }, (_, i) => low + i);
}
