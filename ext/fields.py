"""The JSON form of a game state, described once per game as a table of fields.

Each engine module has `JSON_FIELDS`, a `FieldTable`: for every field of its C struct, the
readable JSON name, the struct field, the length of a list (0 for a single number), the range
of its values and what it means. The table drives `to_dict`/`load_dict` (`dump`, `load`), the
loader's type and range checks (`check`), and the "JSON format" section of the game's rules.md
(`markdown`), which `python -m vsai.ext.fields` rewrites and a test keeps current.
"""
from __future__ import annotations

import importlib
import pkgutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from vsai.ext.errors import InvalidStateError
from vsai.ext.values import check_field

BEGIN = "<!-- json-fields:begin -->"
END = "<!-- json-fields:end -->"


@dataclass(frozen=True)
class Field:
    """One JSON field: its name, the struct field it holds (dotted for a nested struct), the
    list length (0: a single number), the range of every value, and its meaning."""

    name: str
    struct: str
    length: int
    lo: int
    hi: int
    meaning: str

    def values_text(self) -> str:
        """The range as the docs write it, with the list length."""
        span = f"{self.lo}..{self.hi}"
        return f"{self.length} x {span}" if self.length else span


class FieldTable:
    """The JSON fields of one game's state, in order."""

    def __init__(self, game: str, fields: Iterable[tuple]) -> None:
        self.game = game
        self.fields = tuple(f if isinstance(f, Field) else Field(*f) for f in fields)
        self.by_name = {f.name: f for f in self.fields}
        if len(self.by_name) != len(self.fields):
            raise ValueError(f"{game}: a JSON field name is used twice")

    @property
    def names(self) -> tuple[str, ...]:
        """The field names, in order."""
        return tuple(f.name for f in self.fields)

    def check(self, data: Any) -> None:
        """Raise InvalidStateError unless `data` has exactly these fields, each an integer or
        a list of integers of the right length, every value in its range."""
        if not isinstance(data, dict):
            raise InvalidStateError(f"{self.game} state: a JSON object is expected, not {type(data).__name__}")
        missing = [n for n in self.names if n not in data]
        extra = sorted((k for k in data if k not in self.by_name), key=repr)
        if missing or extra:
            raise InvalidStateError(f"{self.game} state: missing fields {missing}, unknown fields {extra}")
        for f in self.fields:
            value = data[f.name]
            if f.length:
                if not isinstance(value, list) or len(value) != f.length:
                    raise InvalidStateError(f"{self.game} state: {f.name} must be a list of {f.length} integers")
                lo, hi = f.lo, f.hi
                # Most lists are valid: test them whole, and name the first bad item only when
                # there is one (building every item's name was most of a load's time).
                if not all(type(item) is int and lo <= item <= hi for item in value):
                    for i, item in enumerate(value):
                        check_field(self.game, f"{f.name}[{i}]", item, lo, hi)
            else:
                check_field(self.game, f.name, value, f.lo, f.hi)

    def dump(self, raw: dict) -> dict:
        """The JSON object of a struct given as Cython's dict of it (nested structs as dicts;
        lists cut to each field's length)."""
        out = {}
        for f in self.fields:
            value = _get(raw, f.struct)
            out[f.name] = list(value[:f.length]) if f.length else value
        return out

    def load(self, data: dict, raw: dict) -> dict:
        """`raw` (the struct's dict, e.g. of a fresh state) with every field of checked `data`
        written in; list fields shorter than the struct's array fill its start."""
        for f in self.fields:
            _put(raw, f.struct, data[f.name], f.length)
        return raw

    def markdown(self) -> str:
        """The table of rules.md's "JSON format" section."""
        rows = ["| field | values | meaning (struct field) |", "| --- | --- | --- |"]
        for f in self.fields:
            rows.append(f"| `{f.name}` | {f.values_text()} | {f.meaning} (`{f.struct}`) |")
        return "\n".join(rows)


def _get(raw: dict, path: str) -> Any:
    for part in path.split("."):
        raw = raw[part]
    return raw


def _put(raw: dict, path: str, value: Any, length: int) -> None:
    *parents, last = path.split(".")
    for part in parents:
        raw = raw[part]
    if length:
        target = list(raw[last])
        target[:length] = value
        raw[last] = target
    else:
        raw[last] = value


def with_table(text: str, table: FieldTable) -> str:
    """rules.md `text` with the part between the json-fields markers replaced by the table."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{table.game}: rules.md has no {BEGIN} ... {END} markers")
    return text[:start + len(BEGIN)] + "\n" + table.markdown() + "\n" + text[end:]


def game_tables() -> dict[str, tuple[FieldTable, Path]]:
    """Every game package's field table and rules.md path (packages whose engine has one)."""
    import vsai.ext as ext
    from vsai.ext.fields import FieldTable as table_class     # the engines' class, also when
    found = {}                                               # this file runs as __main__
    for info in pkgutil.iter_modules(ext.__path__):
        if not info.ispkg:
            continue
        try:
            engine = importlib.import_module(f"vsai.ext.{info.name}.engine")
        except ImportError:
            continue
        table = getattr(engine, "JSON_FIELDS", None)
        if isinstance(table, table_class):
            found[info.name] = (table, Path(engine.__file__).parent / "rules.md")
    return found


def main() -> int:
    """Rewrite the JSON field table of every game's rules.md; print what changed."""
    for name, (table, path) in sorted(game_tables().items()):
        text = path.read_text(encoding="utf-8")
        new = with_table(text, table)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
