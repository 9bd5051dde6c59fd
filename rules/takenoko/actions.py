"""Takenoko actions: one small frozen model, a short stable code for each, shared instances.

Codes: ``face:SUN``, ``skip``, ``col:G``, ``tile:1,-2``, ``act:panda``, ``act:place_canal``,
``plot:G03``, ``row:3``, ``dir:NE``, ``spot:1,-2``, ``chip:f``, ``chip:none``, ``canal:1,0,2``,
``cat:PL``, ``val:PA-GG-1``, ``end``.
"""

from __future__ import annotations

import re
from typing import Literal

from rules.engine import Frozen, MalformedAction
from rules.takenoko.data import ACTIONS, CARDS, CATEGORIES, CHIPS, COLOURS, CONDITIONS, PLOTS
from rules.takenoko.hexes import DIR_NAMES

Kind = Literal["face", "skip", "col", "tile", "act", "plot", "row", "dir", "spot", "chip", "canal", "cat", "val", "end"]

FREE_KINDS: tuple[str, ...] = ("place_canal", "place_chip", "validate")
"""Free actions (TK-ACT-05), offered beside the actions and the weather choices."""


class TakenokoAction(Frozen):
    """A choice. ``name`` is a face, colour, action, plot id, chip, category or card id; ``q``, ``r``
    a hex (``d`` an edge's direction); ``d`` alone a row number or a direction."""

    kind: Kind
    name: str = ""
    q: int = 0
    r: int = 0
    d: int = 0


_CACHE: dict[str, TakenokoAction] = {}


def action_code(a: TakenokoAction) -> str:
    """The short stable code of an action."""
    kind = a.kind
    if kind in ("skip", "end"):
        return kind
    if kind in ("tile", "spot"):
        return f"{kind}:{a.q},{a.r}"
    if kind == "canal":
        return f"canal:{a.q},{a.r},{a.d}"
    if kind == "row":
        return f"row:{a.d}"
    if kind == "dir":
        return f"dir:{DIR_NAMES[a.d]}"
    return f"{kind}:{a.name}"


def make(kind: Kind, name: str = "", q: int = 0, r: int = 0, d: int = 0) -> TakenokoAction:
    """The shared (immutable) action with these fields."""
    action = TakenokoAction(kind=kind, name=name, q=q, r=r, d=d)
    code = action_code(action)
    found = _CACHE.get(code)
    if found is None:
        found = action
        if abs(q) <= _NEAR and abs(r) <= _NEAR:  # a forged far-away code is not kept
            _CACHE[code] = action
    return found


_NEAR = 24
"""Hexes within this range of the pond keep one shared action each (a garden of 27 plots stays
well inside it)."""
_POSITIONAL: dict[tuple[str, int, int, int], TakenokoAction] = {}


def _positional(kind: Kind, q: int, r: int, d: int) -> TakenokoAction:
    key = (kind, q, r, d)
    found = _POSITIONAL.get(key)
    if found is None:
        found = make(kind, q=q, r=r, d=d)
        if abs(q) <= _NEAR and abs(r) <= _NEAR:
            _POSITIONAL[key] = found
    return found


def tile(h: tuple[int, int]) -> TakenokoAction:
    """The choice of a tile (a figure's destination, a RAIN or STORM target, a chip's plot)."""
    return _positional("tile", h[0], h[1], 0)


def spot(h: tuple[int, int]) -> TakenokoAction:
    """The choice of a plot spot."""
    return _positional("spot", h[0], h[1], 0)


def canal(edge: tuple[int, int, int]) -> TakenokoAction:
    """The choice of a canal edge."""
    return _positional("canal", edge[0], edge[1], edge[2])


SKIP = make("skip")
END = make("end")
NO_CHIP = make("chip", "none")
FACE: dict[str, TakenokoAction] = {name: make("face", name) for name in CONDITIONS}
COLOUR: dict[str, TakenokoAction] = {name: make("col", name) for name in COLOURS}
ACT = {name: make("act", name) for name in (*ACTIONS, *FREE_KINDS)}
CHIP = {name: make("chip", name) for name in CHIPS}
CATEGORY = {name: make("cat", name) for name in CATEGORIES}
ROW: dict[int, TakenokoAction] = {n: make("row", d=n) for n in range(1, 64)}
"""Board rows, 1 = top."""
DIRECTION = tuple(make("dir", d=n) for n in range(6))
PLOT = {name: make("plot", name) for name in PLOTS}
VALIDATE = {name: make("val", name) for name in CARDS}

_INT = r"(0|-?[1-9][0-9]?)"
_HEX = re.compile(rf"{_INT},{_INT}", re.ASCII)
_EDGE = re.compile(rf"{_INT},{_INT},([012])", re.ASCII)
_ROW = re.compile(r"[1-9][0-9]?", re.ASCII)
_NAMED: dict[str, dict[str, TakenokoAction]] = {
    "face": FACE,
    "col": COLOUR,
    "act": ACT,
    "chip": {**CHIP, "none": NO_CHIP},
    "cat": CATEGORY,
    "plot": PLOT,
    "val": VALIDATE,
    "dir": dict(zip(DIR_NAMES, DIRECTION, strict=True)),
}


def parse_action(code: str) -> TakenokoAction:
    """The action a code names; MalformedAction for anything else (hexes are bounded to ±99)."""
    found = _CACHE.get(code)
    if found is not None:
        return found
    kind, _, arg = code.partition(":")
    if kind in _NAMED and arg in _NAMED[kind]:
        return _NAMED[kind][arg]
    if kind in ("tile", "spot") and (m := _HEX.fullmatch(arg)):
        h = (int(m.group(1)), int(m.group(2)))
        return tile(h) if kind == "tile" else spot(h)
    if kind == "canal" and (m := _EDGE.fullmatch(arg)):
        return canal((int(m.group(1)), int(m.group(2)), int(m.group(3))))
    if kind == "row" and _ROW.fullmatch(arg) and int(arg) in ROW:
        return ROW[int(arg)]
    raise MalformedAction("takenoko.error.bad_code", code=code[:40])
