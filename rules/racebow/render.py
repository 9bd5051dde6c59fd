"""Racebow text: button labels, prompts, the public board and the (short) private view.

The board follows spec §9, adapted to phones: a code block wider than 40 characters scrolls
sideways, so the strip is cut into blocks of at most 7 tiles (3 + 5 × 7 = 38 characters) and the
player names inside the block are cut to 6 characters. Words inside the block come from the
catalogue like every other text; only the symbols of §9 are literal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import PLACE, Msg, Seat, Text, msg, rank_by

from .actions import RacebowAction
from .data import (
    AIR,
    BOARDS,
    BONUS_SYMBOLS,
    CELLS_PER_LEVEL,
    COLOURS,
    EMPTY,
    LEVELS,
    OXYGEN,
    PROPELLER,
    START_TILE,
    TARGETS,
    TILES,
    WATER,
    cell_code,
)
from .movement import fallback_cell, legal_cells, next_row
from .stack import SYMBOL_KIND, operate
from .state import RacebowState
from .track import BONUS_INDEX, BONUS_TERMS, COLOUR_INDEX
from .view import RacebowView

WIDTH = 40
"""The widest line a code block may hold (phones)."""
TILES_PER_BLOCK = 7
"""At most 7 tiles per block of strip rows: 3 + 5 × 7 = 38 characters."""
MAX_FULL_TILES = 35
"""Beyond this many tiles in play, the strip shows only the tiles around the racers."""
NAME_WIDTH = 6
"""Player names are cut to this many characters inside the code block."""
FENCE = "```"
LAST_MARK = "!"
"""Marks the latest turn: before its player's line, and on the empty cells its pawn went through."""


# -- labels and prompts ----------------------------------------------------------------------------
def _pick_term(char: str) -> str:
    """The catalogue term for what lies on a cell (a pawn to take, an action to use)."""
    if char in COLOUR_INDEX:
        return f"racebow.pick.{char}"
    if char in BONUS_INDEX:
        return f"racebow.pick.{BONUS_TERMS[BONUS_INDEX[char]].rsplit('.', 1)[1]}"
    return f"racebow.pick.{SYMBOL_KIND[char]}"


def action_label(state: RacebowState, seat: Seat, action: RacebowAction) -> Msg:
    """A short button label: the destination with its cost and pickup, or the stack it leaves."""
    kind = action.kind
    if kind == "to":
        tile, at = state.where[seat]
        row = next_row(state, seat)
        to = f"{tile + 1}{cell_code(action.cell)}"
        if not legal_cells(row, at, state.stacks[seat], state.tracks[seat]) and action.cell == fallback_cell(at):
            return msg("racebow.action.fallback", params={"to": to})
        level = action.cell // CELLS_PER_LEVEL
        terms = {}
        if level == AIR:
            terms["cost"] = BONUS_TERMS[PROPELLER]
        elif level == WATER:
            terms["cost"] = BONUS_TERMS[OXYGEN]
        char = row[action.cell]
        if char != EMPTY:
            terms["pick"] = _pick_term(char)
        key = "racebow.action.to" + ("_cost" if "cost" in terms else "") + ("_pick" if "pick" in terms else "")
        return msg(key, params={"to": to}, terms=terms)
    if kind == "turbo":
        return msg("racebow.action.turbo", params={"left": state.tracks[seat][0] - 1})
    if kind in ("end", "skip"):
        return msg(f"racebow.action.{kind}")
    terms = {"colour": f"racebow.colour_the.{action.colour}"}
    if action.other:
        terms["other"] = f"racebow.colour_the.{action.other}"
    return msg(f"racebow.action.{kind}", params={"stack": operate(state.stacks[seat], action)}, terms=terms)


def prompt(state: RacebowState, seat: Seat) -> Msg:
    """What ``seat`` is asked now, or whom the table waits for."""
    if state.ask == "over":
        return msg("racebow.prompt.over")
    if seat != state.turn:
        return msg("racebow.prompt.wait", seats={"player": state.turn})
    tile, cell = state.where[seat]
    if state.ask == "move":
        key = "racebow.prompt.move" if state.step == 1 else "racebow.prompt.move_turbo"
        return msg(key, params={"n": tile + 1, "round": state.round})
    if state.ask == "turbo":
        return msg("racebow.prompt.turbo", params={"turbo": state.tracks[seat][0], "n": tile + 1})
    kind = SYMBOL_KIND[state.cells[tile - state.first][cell]]
    return msg(f"racebow.prompt.{kind}", params={"stack": state.stacks[seat]})


# -- the board -------------------------------------------------------------------------------------
def _short(name: str) -> str:
    """A name cut to fit the code block."""
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "~"


LETTERS = frozenset(COLOURS + LEVELS)
"""The letters of colours and levels, written in the reader's language (``racebow.letter.*``:
French writes J for jaune, T for terre...)."""


def letters(text: str, tr: Text) -> str:
    """``text`` with each colour and level letter as the reader writes it, the rest as it is."""
    return "".join(tr(f"racebow.letter.{c}") if c in LETTERS else c for c in text)


def _tile_header(view: RacebowView, index: int) -> str:
    tile_id = view.tiles[index - view.first]
    return "S" if tile_id == START_TILE else f"{index}{TILES[tile_id].colour}"


def shown_tiles(view: RacebowView, most: int = MAX_FULL_TILES) -> list[int]:
    """The track indices the strip shows: all tiles in play, or, past ``most`` of them (the text
    board's ``MAX_FULL_TILES``, the picture's fewer), each racer's tile and the two after it (a
    step and a turbo step) plus the frontmost tile."""
    every = list(range(view.first, view.first + len(view.tiles)))
    if len(every) <= most:
        return every
    keep = {every[-1]}
    for seat in range(view.players):
        if not view.places[seat]:
            keep.update(range(view.where[seat][0], view.where[seat][0] + 3))
    return [index for index in every if index in keep]


def _strip(view: RacebowView) -> list[str]:
    """The tile strip, in blocks of at most 7 tiles (header row, then rows A, E and W)."""
    occupants: dict[tuple[int, int], list[int]] = {}
    for seat in range(view.players):
        if not view.places[seat]:
            occupants.setdefault(view.where[seat], []).append(seat)
    # The latest turn's path: the cells it left or emptied (its pawn's own cell shows its digit).
    path = set(view.last.path[:-1]) - {view.last.path[-1]} if view.last.path else set()
    shown = shown_tiles(view)
    blocks = -(-len(shown) // TILES_PER_BLOCK)
    size = -(-len(shown) // blocks)
    lines: list[str] = []
    for start in range(0, len(shown), size):
        part = shown[start : start + size]
        seps = [":" if i and part[i] != part[i - 1] + 1 else " " for i in range(len(part))]
        if start and part[0] != shown[start - 1] + 1:
            seps[0] = ":"
        header = "  " + "".join(f"{sep}{_tile_header(view, index):<4}" for sep, index in zip(seps, part, strict=True))
        lines.append(header.rstrip())
        for level in (2, 1, 0):
            row = LEVELS[level] + " "
            for sep, index in zip(seps, part, strict=True):
                cells = view.cells[index - view.first]
                chars = []
                for c in range(CELLS_PER_LEVEL):
                    cell = level * CELLS_PER_LEVEL + c
                    here = occupants.get((index, cell))
                    char = cells[cell] if not here else str(here[0] + 1) if len(here) == 1 else "*"
                    chars.append(LAST_MARK if char == EMPTY and (index, cell) in path else char)
                row += sep + "".join(chars)
            lines.append(row)
    return lines


def _bonus_text(track: Sequence[int]) -> str:
    return " ".join(f"{symbol}{value}" for symbol, value in zip(BONUS_SYMBOLS, track, strict=True))


def _player_line(view: RacebowView, seat: Seat, tr: Text) -> str:
    active = ">" if seat == view.turn else LAST_MARK if seat == view.last.seat else " "
    stack = view.stacks[seat].ljust(5, "_")
    if view.places[seat]:
        where = tr(f"racebow.place.{view.places[seat]}")
    else:
        tile, cell = view.where[seat]
        where = f"{tile}{letters(cell_code(cell), tr)}"
        under = view.cells[tile - view.first][cell]
        if under in SYMBOL_KIND:
            where += f" {under}"
    name = _short(tr.name(seat))
    target, stack = letters(TARGETS[seat], tr), letters(stack, tr)
    return f"{active} {seat + 1} {name:<{NAME_WIDTH}} {target} {stack} {_bonus_text(view.tracks[seat])} {where}"


def _wrap(head: str, items: Sequence[str]) -> list[str]:
    """``head`` then ``items`` separated by spaces, wrapped under the first item within WIDTH."""
    indent = " " * min(len(head) + 1, 12)
    lines, line = [], head
    for item in items:
        if len(line) + 1 + len(item) > WIDTH:
            lines.append(line)
            line = indent + item
        else:
            line += " " + item
    lines.append(line)
    return lines


def _choices_lines(view: RacebowView, tr: Text) -> list[str]:
    """The active player's options: reachable cells with costs and pickups, or stack choices."""
    if view.ask in ("over", "next"):
        return []
    name = _short(tr.name(view.turn))
    tile = view.where[view.turn][0] + 1
    if view.ask == "stack":
        codes = [letters(code.split(":", 1)[1].replace(",", ""), tr) for code in view.options if ":" in code]
        here = view.where[view.turn]
        symbol = view.cells[here[0] - view.first][here[1]]
        return _wrap(tr(f"racebow.board.stack.{SYMBOL_KIND[symbol]}", name=name), codes)
    items = []
    for reach in view.reach:
        notes = ",".join(n for n in (reach.cost, reach.pickup) if n)
        items.append(letters(cell_code(reach.cell) + (f"({notes})" if notes else ""), tr))
    if view.fallback:
        return _wrap(tr("racebow.board.fallback", name=name, n=tile), items)
    key = "racebow.board.moves" if view.ask == "move" else "racebow.board.turbo_moves"
    return _wrap(tr(key, name=name, n=tile), items)


def _supply_lines(view: RacebowView, tr: Text) -> list[str]:
    colours = " ".join(f"{c}{n}" for c, n in zip(COLOURS, view.colours, strict=True))
    return [
        tr("racebow.board.piles", pile=view.pile, discards=len(view.discards)),
        tr("racebow.board.supply", colours=colours, bonuses=_bonus_text(view.bonuses)),
    ]


def _title(view: RacebowView, tr: Text) -> str:
    if view.ask == "over":
        return tr(f"racebow.board.title_over.{view.end}", round=view.round)
    key = "racebow.board.title" if view.step == 1 else "racebow.board.title_turbo"
    return tr(key, round=view.round, player=tr.name(view.turn))


def _standings(view: RacebowView, tr: Text) -> list[str]:
    """RB-END-05: place, player, board and target, round finished, final stack, and the turbo,
    propeller and oxygen values (as ``1/2/3`` to leave room for the words)."""
    head = [tr(f"racebow.board.col.{name}") for name in ("player", "target", "round", "stack", "bonus")]
    lines = [f"{'#':<4} {head[0]:<{NAME_WIDTH}} {head[1]:<7} {head[2]:>6} {head[3]:<5} {head[4]}"]
    for seat in sorted(range(view.players), key=lambda s: (view.ranks[s], s)):
        place = tr(f"racebow.place.{view.ranks[seat]}")
        done = str(view.finished[seat]) if view.finished[seat] else "—"
        stack = letters(view.stacks[seat].ljust(5, "_"), tr)
        tracks = "/".join(str(value) for value in view.tracks[seat])
        name = _short(tr.name(seat))
        target = letters(TARGETS[seat], tr)
        lines.append(f"{place:<4} {name:<{NAME_WIDTH}} {BOARDS[seat]} {target} {done:>6} {stack} {tracks}")
    return lines


def render_board(view: RacebowView, tr: Text) -> str:
    """The public board (spec §9): strip, players, moves, supply; a legend below the block."""
    if view.ask == "over":
        body = _standings(view, tr)
        return "\n".join([_title(view, tr), FENCE, *body, FENCE, tr("racebow.board.legend_over")])
    body = [
        *(letters(line, tr) for line in _strip(view)),
        *(_player_line(view, seat, tr) for seat in range(view.players)),
        *_choices_lines(view, tr),
        *_supply_lines(view, tr),
    ]
    legend = tr("racebow.board.legend", per_block=TILES_PER_BLOCK)
    if view.last.seat >= 0:
        legend += " " + tr("racebow.board.legend_last")
    if len(shown_tiles(view)) < len(view.tiles):
        legend += "\n" + tr("racebow.board.legend_gaps")
    return "\n".join([_title(view, tr), FENCE, *body, FENCE, legend])


def render_private(view: RacebowView, tr: Text) -> str:
    """A seat's own summary: board, target, stack, the slots already right, the next colour wanted.
    Nothing here is secret: the same facts are on the public board."""
    seat = view.seat
    if seat is None:
        return ""
    goal, stack = TARGETS[seat], view.stacks[seat]
    right = sum(a == b for a, b in zip(stack, goal, strict=False))
    lines = []
    if not view.end:
        # Whose turn it is: the hand is what a player back at the table opens first.
        if view.turn == seat:
            lines.append(tr("racebow.private.your_turn"))
        else:
            lines.append(tr("racebow.private.their_turn", player=tr.name(view.turn)))
    lines.append(tr("racebow.private.board", board=BOARDS[seat], target=" ".join(goal)))
    lines.append(tr("racebow.private.stack", stack=" ".join(stack) or "—", right=right))
    if view.places[seat]:
        lines.append(tr("racebow.private.finished", place=tr(f"racebow.place.{view.places[seat]}")))
    else:
        missing = [c for c in goal if c not in stack]
        if missing:
            lines.append(tr("racebow.private.missing", colours=" ".join(missing)))
        elif right < len(goal):
            lines.append(tr("racebow.private.reorder"))
    return "\n".join(lines)


def tally(view: RacebowView, seat: Seat) -> dict[str, int]:
    """What counts for ``seat``: the colours in its stack and its place (its final one once it
    finished, else by how far its pawn is, RB-END)."""
    if view.ranks:
        place = view.ranks[seat]
    elif view.places[seat]:
        place = view.places[seat]
    else:
        done = sum(1 for p in view.places if p)
        racing = [(s, view.where[s]) for s in range(view.players) if not view.places[s]]
        place = done + dict(rank_by(racing))[seat]
    return {"racebow.tally.colours": len(view.stacks[seat]), PLACE: place}
