"""A picture of the race (PNG), drawn with Pillow from the public view only.

The strip of tiles in play (docs/rules/racebow.md §3, its window: from the rearmost pawn to the
leader's tile + 5), four tiles to a row, each headed by its number on its colour, with its three
levels (Air, Earth, Water from the top) of four cells: colour pawns as discs with their letter,
bonus pawns as dark squares with the board's symbol (``>`` turbo, ``+`` propeller, ``o`` oxygen),
printed actions as arrows, players as numbered tokens, the cells the active player may enter
framed. The same tiles as the text board (past 35 tiles in play, the tiles around the racers).
Under it, each racer's target, stack and bonus tracks, then the supply. The latest turn's path is
ringed in violet (rules/drawing.py), an arrow from each cell to the next.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from itertools import pairwise

# Every picture takes the names it draws with from the one drawing kit, so these lists look
# alike from game to game.
from rules.drawing import (
    INK,
    MUTED,
    RULE,
    SMALL,
    TEXT,
    WHITE,
    WIDTH,
    Colour,
    Draw,
    Icon,
    Piece,
    Sheet,
    Word,
    disc,
    fit,
    ink_on,
    last_ring,
    last_symbol,
    triangle,
    width_of,
    write,
)
from rules.drawing import LAST as LAST_COLOUR
from rules.engine import Text

from .data import AIR, BONUS_SYMBOLS, CELLS_PER_LEVEL, COLOURS, EARTH, LEVELS, START_TILE, TARGETS, TILES, cell_code
from .render import shown_tiles
from .stack import SYMBOL_KIND
from .state import RacebowState
from .view import RacebowView

PER_ROW = 4
"""Tiles in a row of the strip."""
MAX_TILES = 16
"""At most four rows of tiles: past that, the tiles around the racers (as the text board does past
35 tiles, so the picture stays one phone screen tall)."""
CELL = 44
TILE_GAP = 12
HEADER = 28
TILE_WIDTH = CELL * CELLS_PER_LEVEL
LEFT = (WIDTH - PER_ROW * TILE_WIDTH - (PER_ROW - 1) * TILE_GAP) // 2 + 8
# Racebow's own five pawn colours (a palette looks like Mogul's company colours: one RGB a line).
PAWN: dict[str, Colour] = {
    "R": (220, 48, 48),
    "O": (245, 140, 32),
    "Y": (246, 208, 40),
    "G": (48, 156, 72),
    "B": (40, 108, 220),
}
LEVEL: dict[int, Colour] = {AIR: (216, 236, 252), EARTH: (236, 220, 192), 0: (166, 204, 236)}
"""Level backgrounds: Air, Earth, Water."""
BONUS = (56, 62, 76)
ACTION_GLYPH = {"top": "▲", "bot": "▼", "swp": "⇅"}
START = (200, 196, 186)


def _tile_colour(colour: str) -> Colour:
    r, g, b = PAWN[colour]
    return (r + (255 - r) // 3, g + (255 - g) // 3, b + (255 - b) // 3)


# -- symbols ---------------------------------------------------------------------------------------------
def pawn(draw: Draw, x: float, y: float, colour: str, radius: float = 15) -> None:
    """A colour pawn: a disc in its colour with its letter."""
    disc(draw, x, y, radius, PAWN[colour], colour, size=int(radius * 1.1))


def bonus(draw: Draw, x: float, y: float, symbol: str, half: float = 13) -> None:
    """A bonus pawn: a dark square with the board's symbol (> turbo, + propeller, o oxygen)."""
    draw.rounded_rectangle((x - half, y - half, x + half, y + half), radius=4, fill=BONUS, outline=INK)
    write(draw, (x, y + 1), symbol, size=int(half * 1.5), bold=True, fill=WHITE, anchor="mm")


def action(draw: Draw, x: float, y: float, kind: str, size: int = 22) -> None:
    """A printed stack action: ▲ to the top, ▼ to the bottom, ⇅ swap."""
    write(draw, (x, y), ACTION_GLYPH[kind], size=size, bold=True, fill=INK, anchor="mm")


def token(draw: Draw, x: float, y: float, seat: int, half: float = 11) -> None:
    """A player's pawn: a white token with the seat's number."""
    outline = 3 if half >= 9 else 2
    corner = 5 if half >= 9 else 3
    draw.rounded_rectangle(
        (x - half, y - half, x + half, y + half), radius=corner, fill=WHITE, outline=INK, width=outline
    )
    write(draw, (x, y), str(seat + 1), size=int(half * 1.5), bold=True, fill=INK, anchor="mm")


def _frame(draw: Draw, x: float, y: float) -> None:
    """A cell the active player may enter."""
    draw.rectangle((x - CELL / 2 + 3, y - CELL / 2 + 3, x + CELL / 2 - 3, y + CELL / 2 - 3), outline=INK, width=3)


def _arrow(draw: Draw, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A violet arrow from one cell of the latest path to the next."""
    (ax, ay), (bx, by) = a, b
    angle = math.atan2(by - ay, bx - ax)
    # Stop short of both centres, so the arrow does not cover the pawns.
    ax, ay = ax + 12 * math.cos(angle), ay + 12 * math.sin(angle)
    bx, by = bx - 16 * math.cos(angle), by - 16 * math.sin(angle)
    draw.line((ax, ay, bx, by), fill=LAST_COLOUR, width=4)
    head = [
        (bx + 8 * math.cos(angle), by + 8 * math.sin(angle)),
        (bx + 8 * math.cos(angle + 2.4), by + 8 * math.sin(angle + 2.4)),
        (bx + 8 * math.cos(angle - 2.4), by + 8 * math.sin(angle - 2.4)),
    ]
    draw.polygon(head, fill=LAST_COLOUR)


# -- the strip ---------------------------------------------------------------------------------------------
def picture_tiles(view: RacebowView) -> list[int]:
    """The tiles the strip shows: the text board's, or past ``MAX_TILES`` each racer's tile and
    the two after it (a step and a turbo step) and the frontmost tile."""
    return shown_tiles(view, MAX_TILES)


Centre = Callable[[int, int], tuple[float, float] | None]


def tile_corners(view: RacebowView, top: float) -> dict[int, tuple[float, float]]:
    """The top left corner of each tile the strip shows, by track index, the strip starting at ``top``."""
    return {
        index: (LEFT + (i % PER_ROW) * (TILE_WIDTH + TILE_GAP), top + (i // PER_ROW) * (HEADER + 3 * CELL + 16))
        for i, index in enumerate(picture_tiles(view))
    }


def cell_centres(corners: dict[int, tuple[float, float]]) -> Centre:
    """Where the centre of a cell (track index, cell) is drawn; None for a tile left out."""

    def centre(index: int, cell: int) -> tuple[float, float] | None:
        corner = corners.get(index)
        if corner is None:
            return None
        level, c = divmod(cell, CELLS_PER_LEVEL)
        return (corner[0] + c * CELL + CELL / 2, corner[1] + HEADER + (2 - level) * CELL + CELL / 2)

    return centre


def _strip(sheet: Sheet, view: RacebowView) -> None:
    shown = picture_tiles(view)
    rows = -(-len(shown) // PER_ROW)
    sheet.reserve(rows * (HEADER + 3 * CELL + 16) + 10)
    draw = sheet.draw
    top = sheet.y + 6
    corners = tile_corners(view, top)
    for i, index in enumerate(shown):
        x, y = corners[index]
        if i % PER_ROW == 0:
            for level in (AIR, EARTH, 0):
                ly = y + HEADER + (2 - level) * CELL + CELL / 2
                write(draw, (x - 10, ly), LEVELS[level], size=SMALL, bold=True, fill=MUTED, anchor="rm")
        if i and index != shown[i - 1] + 1:  # tiles left out between these two (a long track)
            write(draw, (x - TILE_GAP / 2, y + HEADER / 2), "⋯", size=SMALL, bold=True, fill=MUTED, anchor="mm")
        _tile(draw, view, index, x, y)
    centre = cell_centres(corners)
    _players_on(draw, view, centre)
    _last_path(draw, view, centre)
    sheet.y = top + rows * (HEADER + 3 * CELL + 16)


def _tile(draw: Draw, view: RacebowView, index: int, x: float, y: float) -> None:
    """One tile: its header, its 12 cells and what lies on them, the cells open to the active player."""
    tile_id = view.tiles[index - view.first]
    colour = START if tile_id == START_TILE else _tile_colour(TILES[tile_id].colour)
    draw.rounded_rectangle((x, y, x + TILE_WIDTH, y + HEADER - 2), radius=6, fill=colour)
    label = "S" if tile_id == START_TILE else str(index)
    write(
        draw, (x + TILE_WIDTH / 2, y + HEADER / 2 - 1), label, size=SMALL, bold=True, fill=ink_on(colour), anchor="mm"
    )
    cells = view.cells[index - view.first]
    reach = {r.cell for r in view.reach} if view.reach and index == view.where[view.turn][0] + 1 else set()
    for cell, char in enumerate(cells):
        level, c = divmod(cell, CELLS_PER_LEVEL)
        cx = x + c * CELL + CELL / 2
        cy = y + HEADER + (2 - level) * CELL + CELL / 2
        draw.rectangle((cx - CELL / 2, cy - CELL / 2, cx + CELL / 2, cy + CELL / 2), fill=LEVEL[level], outline=RULE)
        if char in PAWN:
            pawn(draw, cx, cy, char)
        elif char in BONUS_SYMBOLS:
            bonus(draw, cx, cy, char)
        elif char in SYMBOL_KIND:
            action(draw, cx, cy, SYMBOL_KIND[char])
        if cell in reach:
            _frame(draw, cx, cy)


SPOTS = {
    1: ((0.0, 0.0),),
    2: ((-8.5, 0.0), (8.5, 0.0)),
    3: ((-8.5, -8.5), (8.5, -8.5), (0.0, 8.5)),
    4: ((-8.5, -8.5), (8.5, -8.5), (-8.5, 8.5), (8.5, 8.5)),
}
"""Where the pawns of the players sharing a cell stand (RB-MOVE-05), from the cell's centre: apart,
and inside the ring of the last turn's path (which runs ``CELL / 2 - 5`` from the centre)."""
SHARED_HALF = 7.0
"""Half the size of a pawn that shares its cell."""


def player_spots(view: RacebowView, centre: Centre) -> dict[int, tuple[float, float, float]]:
    """Each racer's pawn on the strip: its centre and its half size (smaller when sharing a cell)."""
    here: dict[tuple[int, int], list[int]] = {}
    for seat in range(view.players):
        if not view.places[seat]:
            here.setdefault(view.where[seat], []).append(seat)
    found: dict[int, tuple[float, float, float]] = {}
    for (index, cell), seats in here.items():
        at = centre(index, cell)
        if at is None:
            continue
        half = 11.0 if len(seats) == 1 else SHARED_HALF
        for seat, (dx, dy) in zip(seats, SPOTS[len(seats)], strict=True):
            found[seat] = (at[0] + dx, at[1] + dy, half)
    return found


def _players_on(draw: Draw, view: RacebowView, centre: Centre) -> None:
    """The racers' pawns on their cells (spread over it when they share one)."""
    for seat, (x, y, half) in player_spots(view, centre).items():
        token(draw, x, y, seat, half)


def _last_path(draw: Draw, view: RacebowView, centre: Centre) -> None:
    """The latest turn's path: each cell ringed, an arrow from each to the next."""
    points = [centre(index, cell) for index, cell in view.last.path]
    for a, b in pairwise(points):
        if a is not None and b is not None:
            _arrow(draw, a, b)
    for point in points:
        if point is not None:
            x, y = point
            last_ring(draw, (x - CELL / 2 + 5, y - CELL / 2 + 5, x + CELL / 2 - 5, y + CELL / 2 - 5), round_=False)


# -- players and supply ---------------------------------------------------------------------------------
def _slots(colours: str, target: str | None, size: int = 22) -> Icon:
    """Five slots, bottom to top from left to right; with ``target``, a slot that matches it is bold."""

    def paint(draw: Draw, x: float, y: float) -> None:
        left = x - 5 * (size + 2) / 2
        for i in range(5):
            sx = left + i * (size + 2)
            box = (sx, y - size / 2, sx + size, y + size / 2)
            if i < len(colours):
                good = target is not None and target[i] == colours[i]
                fill = PAWN[colours[i]]
                draw.rectangle(box, fill=fill, outline=INK, width=3 if good else 1)
                write(draw, (sx + size / 2, y), colours[i], size=size - 8, bold=True, fill=ink_on(fill), anchor="mm")
            else:
                draw.rectangle(box, fill=WHITE, outline=RULE, width=1)

    return Icon(paint, 5 * (size + 2) + 8)


def _token_icon(seat: int) -> Icon:
    return Icon(lambda draw, x, y: token(draw, x, y, seat), 30)


def _pawn_icon(colour: str) -> Icon:
    return Icon(lambda draw, x, y: pawn(draw, x, y, colour, 10), 24)


def _bonus_piece(symbol: str, value: int) -> list[Piece]:
    return [Icon(lambda draw, x, y: bonus(draw, x, y, symbol, 10), 24), Word(f"{value} ", size=SMALL)]


def _players(sheet: Sheet, view: RacebowView, tr: Text) -> None:
    over = view.ask == "over"
    order = sorted(range(view.players), key=lambda s: (view.ranks[s], s)) if over else list(range(view.players))
    columns = tr("racebow.picture.columns_over" if over else "racebow.picture.columns")
    sheet.line([Word(" " * 4, size=SMALL), Word(columns, size=SMALL, fill=MUTED)], height=26)
    for seat in order:
        pieces: list[Piece] = []
        if over:
            pieces.append(Word(tr(f"racebow.place.{view.ranks[seat]}") + " ", bold=True, size=SMALL))
        elif seat == view.turn:
            pieces.append(Icon(lambda draw, x, y: triangle(draw, x, y, 16), 22))
        else:
            pieces.append(Icon(lambda draw, x, y: None, 22))
        pieces.append(_token_icon(seat))
        name = fit(tr.name(seat), TEXT, 110, True)
        pieces.append(Word(name, bold=True))
        pieces.append(Icon(lambda draw, x, y: None, 120 - width_of(name, TEXT, True)))  # the next column
        pieces.append(_slots(TARGETS[seat], None, 18))
        pieces.append(_slots(view.stacks[seat], TARGETS[seat]))
        for symbol, value in zip(BONUS_SYMBOLS, view.tracks[seat], strict=True):
            pieces += _bonus_piece(symbol, value)
        if over:  # RB-END-05: the round the player finished in, "—" if they did not
            done = str(view.finished[seat]) if view.finished[seat] else "—"
            pieces.append(Word(tr("racebow.picture.finished", round=done), size=SMALL, fill=MUTED))
        elif view.places[seat]:
            pieces.append(Word(tr(f"racebow.place.{view.places[seat]}"), bold=True, size=SMALL))
        else:
            tile, cell = view.where[seat]
            pieces.append(Word(f"{tile}{cell_code(cell)}", size=SMALL, fill=MUTED))
        sheet.line(pieces, highlight=seat == view.last.seat and not over, height=38)


def _supply(sheet: Sheet, view: RacebowView, tr: Text) -> None:
    pieces: list[Piece] = [
        Word(tr("racebow.picture.piles", pile=view.pile, discards=len(view.discards)) + " · ", size=SMALL)
    ]
    for colour, count in zip(COLOURS, view.colours, strict=True):
        pieces += [_pawn_icon(colour), Word(f"{count} ", size=SMALL)]
    pieces.append(Word("· ", size=SMALL))
    for symbol, count in zip(BONUS_SYMBOLS, view.bonuses, strict=True):
        pieces += _bonus_piece(symbol, count)
    sheet.line(pieces, height=34)


# -- title and legend -----------------------------------------------------------------------------------
def _title(view: RacebowView, tr: Text) -> tuple[str, str]:
    if view.ask == "over":
        return tr(f"racebow.picture.title_over.{view.end}", round=view.round), ""
    player = tr.name(view.turn)
    title = tr("racebow.picture.title", round=view.round, player=player)
    tile = view.where[view.turn][0] + 1
    if view.ask == "stack":
        here = view.where[view.turn]
        kind = SYMBOL_KIND[view.cells[here[0] - view.first][here[1]]]
        return title, tr(f"racebow.picture.ask.{kind}", player=player)
    if view.ask == "turbo":
        return title, tr("racebow.picture.ask.turbo", player=player, n=tile)
    key = "racebow.picture.ask.move" if view.step == 1 else "racebow.picture.ask.move_turbo"
    return title, tr(key, player=player, n=tile)


def _legend(sheet: Sheet, view: RacebowView, tr: Text) -> None:
    items: list[tuple[Callable[[Draw, float, float], None], str]] = [
        (lambda draw, x, y: _levels_symbol(draw, x, y), tr("racebow.picture.legend.levels")),
        (lambda draw, x, y: pawn(draw, x, y, "R", 11), tr("racebow.picture.legend.pawn")),
        (lambda draw, x, y: bonus(draw, x, y, ">", 10), tr("racebow.picture.legend.bonus")),
        (lambda draw, x, y: action(draw, x, y, "swp", 18), tr("racebow.picture.legend.actions")),
        (lambda draw, x, y: token(draw, x, y, 0, 10), tr("racebow.picture.legend.player")),
        (_stack_symbol, tr("racebow.picture.legend.stack")),
    ]
    shown = picture_tiles(view)
    if any(b != a + 1 for a, b in pairwise(shown)):
        items.append((_gap_symbol, tr("racebow.picture.legend.gap")))
    if view.reach:
        items.append(
            (
                lambda draw, x, y: draw.rectangle((x - 10, y - 10, x + 10, y + 10), outline=INK, width=3),
                tr("racebow.picture.legend.reach"),
            )
        )
    if view.last.seat >= 0:
        items.append((last_symbol, tr("racebow.picture.legend.last", player=tr.name(view.last.seat))))
    sheet.legend(items, key="racebow")


def _gap_symbol(draw: Draw, x: float, y: float) -> None:
    write(draw, (x, y), "⋯", size=SMALL, bold=True, fill=MUTED, anchor="mm")


def _stack_symbol(draw: Draw, x: float, y: float) -> None:
    draw.rectangle((x - 11, y - 6, x - 1, y + 6), fill=PAWN["R"], outline=INK, width=3)
    draw.rectangle((x + 1, y - 6, x + 11, y + 6), fill=PAWN["O"], outline=INK, width=1)


def _levels_symbol(draw: Draw, x: float, y: float) -> None:
    for level in (AIR, EARTH, 0):
        top = y - 12 + (2 - level) * 8
        draw.rectangle((x - 10, top, x + 10, top + 8), fill=LEVEL[level], outline=RULE)


def render_picture(view: RacebowView, tr: Text) -> bytes:
    """The strip of ``view`` as a PNG, with the racers, the supply and a legend (everything in
    Racebow is public but the order of the draw pile, which the view does not hold)."""
    sheet = Sheet()
    sheet.title(*_title(view, tr))
    sheet.space(10)
    _strip(sheet, view)  # the final board too: a replay's last picture shows where everyone ended
    sheet.rule()
    sheet.space(6)
    _players(sheet, view, tr)
    if view.ask != "over":
        sheet.space(4)
        _supply(sheet, view, tr)
    sheet.rule()
    _legend(sheet, view, tr)
    return sheet.png()


def replay_turn(state: RacebowState) -> Hashable:
    """A replay shows one picture per player's turn."""
    return (state.round, state.turn)
