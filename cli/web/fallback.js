// The board of a game that ships no web/board.js: its seat's observation as text, and one
// button per legal move (the move list beside it is always there too).
import { html } from "/static/boardkit.js";

/** Draw `model.view.observation` (or the view as JSON) into `root`. */
export function drawBoard(root, model) {
  const text = model.view.observation ?? JSON.stringify(model.view, null, 1);
  root.replaceChildren(html("pre", { class: "observation" }, [text]));
}
