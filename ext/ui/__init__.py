"""vsai.ext.ui: the shared presentation kit, for every frontend and every game's renderer.

- `hooks`: a game's render hooks found through its spec, and the plain words built from them
  (seat names, a hidden move's text, a move's detail and group, numbers). No terminal library:
  `vsai.core.match` and the embedding protocol use these.
- `render`: rich renderings of a position as one seat sees it (boards, scores, panels).
- `wrap`: fitting rich text to a width with a hanging indent.
- `choices`: long move lists as two short steps (a group, then a move); draws nothing.

It sits in the ext layer so that a game's own `render.py` may use it without importing
`vsai.core` (ext <- core <- ai <- cli). Importing this package imports none of the modules.
"""
