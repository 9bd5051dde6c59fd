"""A picture of the garden (PNG), drawn with Pillow from the public view only.

The same orientation and the same labels as the text board (layout.py), scaled so that the garden
fills an 800-pixel-wide picture whatever its size: hexes in the plot colours (pale when dry),
bamboo as stacked sections with their count, improvements as badges in the hex's upper half,
figures in its bottom right corner (so a figure never hides a badge), canals as blue edges, and
the letters or numbers of the open decision in the middle (on the edge, for a canal). Above it, a title line (round, who
plays, the weather); under it, each player's line (points, objectives, eaten bamboo) and a legend.
What the latest turn changed is ringed in violet (rules/drawing.py), and a figure it moved leaves a
faint trace where it stood.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

# Every picture takes the names it draws with from the one drawing kit, so these lists look
# alike from game to game.
from rules.drawing import (
    INK,
    MARGIN,
    MUTED,
    SMALL,
    TEXT,
    WHITE,
    WIDTH,
    Draw,
    Icon,
    Piece,
    Sheet,
    Word,
    last_symbol,
    outline,
    triangle,
    write,
)
from rules.drawing import LAST as LAST_COLOUR
from rules.engine import Text
from rules.takenoko.actions import action_code
from rules.takenoko.data import COLOURS
from rules.takenoko.hexes import POND, Hex, edge_hexes, plot_spots, rotate
from rules.takenoko.layout import layout_for
from rules.takenoko.render import ROW_MARK, marks_of
from rules.takenoko.scoring import outcome_of, score
from rules.takenoko.state import Plot, TakenokoState
from rules.takenoko.view import TakenokoView

SQRT3 = math.sqrt(3)
GARDEN_HEIGHT = 660
"""The tallest the garden may be drawn; hexes shrink to fit it and the picture's width."""
MAX_RADIUS = 66
"""Hex radius (centre to corner) of a small garden: a start garden is not drawn huge."""
FILL = {"G": (118, 186, 84), "Y": (236, 200, 64), "P": (232, 128, 164)}
BAMBOO = {"G": (38, 110, 34), "Y": (150, 112, 10), "P": (160, 44, 92)}
POND_FILL = (84, 156, 214)
WATER = (24, 100, 196)
OUTLINE = (90, 80, 60)
BADGE = {"w": (40, 120, 210), "e": (140, 92, 44), "f": (226, 112, 26)}
HAT, HAT_TOP = (214, 170, 80), (236, 200, 118)
SPOT = (200, 190, 165)
"""The outline of a spot where a plot may go."""


def _pale(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A dry plot's colour: the plot colour washed out towards white."""
    r, g, b = colour
    return (r + (255 - r) * 3 // 5, g + (255 - g) * 3 // 5, b + (255 - b) * 3 // 5)


def _corners(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hex."""
    return [
        (cx + radius * math.cos(math.radians(60 * i - 30)), cy + radius * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


# -- symbols (the garden's and the legend's) ---------------------------------------------------------
def badge(draw: Draw, x: float, y: float, kind: str, radius: float) -> None:
    """An improvement: a blue drop (watershed), a brown fence (enclosure), an orange sack (fertilizer)."""
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=BADGE[kind], outline=INK, width=2)
    s = radius * 0.55
    if kind == "w":
        draw.polygon([(x, y - s * 1.1), (x + s * 0.7, y + s * 0.1), (x - s * 0.7, y + s * 0.1)], fill=WHITE)
        draw.ellipse((x - s * 0.7, y - s * 0.45, x + s * 0.7, y + s * 0.95), fill=WHITE)
    elif kind == "e":
        width = max(2, int(radius / 7))
        for dx in (-s * 0.7, 0, s * 0.7):
            draw.line((x + dx, y - s, x + dx, y + s), fill=WHITE, width=width)
        for dy in (-s * 0.35, s * 0.45):
            draw.line((x - s, y + dy, x + s, y + dy), fill=WHITE, width=width)
    else:
        draw.rounded_rectangle((x - s * 0.75, y - s * 0.55, x + s * 0.75, y + s), radius=s * 0.3, fill=WHITE)
        draw.polygon([(x - s * 0.45, y - s * 0.55), (x, y - s * 1.05), (x + s * 0.45, y - s * 0.55)], fill=WHITE)


def gardener(draw: Draw, x: float, y: float, radius: float, *, ghost: bool = False) -> None:
    """The gardener: a straw hat seen from the front (a ghost: only its outline, where it stood)."""
    fill, top = (None, None) if ghost else (HAT, HAT_TOP)
    line = LAST_COLOUR if ghost else INK
    draw.ellipse((x - radius, y - radius * 0.15, x + radius, y + radius * 0.55), fill=fill, outline=line, width=2)
    draw.ellipse(
        (x - radius * 0.55, y - radius * 0.75, x + radius * 0.55, y + radius * 0.25), fill=top, outline=line, width=2
    )


def panda(draw: Draw, x: float, y: float, radius: float, *, ghost: bool = False) -> None:
    """The panda: a white face with black ears and eyes (a ghost: only its outline)."""
    line = LAST_COLOUR if ghost else INK
    ear = radius * 0.38
    for ex in (x - radius * 0.7, x + radius * 0.7):
        draw.ellipse(
            (ex - ear, y - radius - ear * 0.2, ex + ear, y - radius + ear * 1.8),
            fill=None if ghost else INK,
            outline=line,
            width=2,
        )
    draw.ellipse(
        (x - radius, y - radius * 0.85, x + radius, y + radius * 0.95),
        fill=None if ghost else WHITE,
        outline=line,
        width=2,
    )
    if not ghost:
        eye = radius * 0.22
        for ex in (x - radius * 0.4, x + radius * 0.4):
            draw.ellipse((ex - eye, y - eye * 1.3, ex + eye, y + eye), fill=INK)


def bamboo(draw: Draw, x: float, bottom: float, height: int, colour: str, unit: float) -> None:
    """``height`` bamboo sections stacked upward from ``bottom``, centred on ``x``."""
    for level in range(height):
        top = bottom - (level + 1) * unit
        draw.rounded_rectangle(
            (x - unit * 0.62, top + unit * 0.12, x + unit * 0.62, top + unit), radius=unit * 0.2, fill=BAMBOO[colour]
        )


def _swatch(colour: str, *, dry: bool = False) -> Callable[[Draw, float, float], None]:
    def paint(draw: Draw, x: float, y: float) -> None:
        fill = _pale(FILL[colour]) if dry else FILL[colour]
        draw.polygon(_corners(x, y, 12), fill=fill, outline=OUTLINE)

    return paint


def _pond_symbol(draw: Draw, x: float, y: float) -> None:
    draw.polygon(_corners(x, y, 12), fill=POND_FILL, outline=OUTLINE)


def _spot_symbol(draw: Draw, x: float, y: float) -> None:
    outline(draw, _corners(x, y, 11), SPOT, 2)


def _bamboo_symbol(draw: Draw, x: float, y: float) -> None:
    bamboo(draw, x, y + 11, 3, "G", 7)


def _badge_symbol(kind: str) -> Callable[[Draw, float, float], None]:
    return lambda draw, x, y: badge(draw, x, y, kind, 11)


def _canal_symbol(draw: Draw, x: float, y: float) -> None:
    draw.line((x - 4, y + 11, x + 4, y - 11), fill=WATER, width=6)


def _choice_symbol(draw: Draw, x: float, y: float) -> None:
    _label(draw, x, y, "a", 11)


def _label(draw: Draw, x: float, y: float, text: str, radius: float) -> None:
    """A choice's letter or number, as on the buttons: black on a white disc."""
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=WHITE, outline=INK, width=2)
    write(draw, (x, y), text, size=max(SMALL - 2, int(radius * 1.25)), bold=True, fill=INK, anchor="mm")


# -- the garden ---------------------------------------------------------------------------------------
class _Frame:
    """Where the garden's hexes go on the sheet: the text board's orientation, scaled to fit."""

    def __init__(self, view: TakenokoView, top: float) -> None:
        layout = layout_for(tuple((p.q, p.r) for p in view.garden), view.spots_shown)
        self.turn = layout.turn
        shown: set[Hex] = {POND, *((p.q, p.r) for p in view.garden)}
        if view.spots_shown:  # room for the spots, as on the text board, so the picture keeps its frame
            shown |= set(plot_spots(shown))
        raw = [self._raw(h) for h in shown]
        xmin, xmax = min(x for x, _ in raw), max(x for x, _ in raw)
        ymin, ymax = min(y for _, y in raw), max(y for _, y in raw)
        room = WIDTH - 2 * MARGIN
        self.radius = min(MAX_RADIUS, room / (xmax - xmin + SQRT3), GARDEN_HEIGHT / (ymax - ymin + 2))
        self.height = (ymax - ymin + 2) * self.radius
        self.x0 = (WIDTH - (xmax - xmin) * self.radius) / 2 - xmin * self.radius
        self.y0 = top + self.radius - ymin * self.radius

    def _raw(self, h: Hex) -> tuple[float, float]:
        q, r = rotate(h, self.turn) if self.turn else h
        return (SQRT3 * (q + r / 2), 1.5 * r)

    def centre(self, h: Hex) -> tuple[float, float]:
        """The centre of hex ``h`` on the sheet."""
        x, y = self._raw(h)
        return (self.x0 + x * self.radius, self.y0 + y * self.radius)


def _garden(sheet: Sheet, view: TakenokoView) -> None:
    frame = _Frame(view, sheet.y + 8)
    sheet.reserve(int(frame.height) + 16)
    draw = sheet.draw
    radius = frame.radius
    centre = frame.centre
    touched = set(view.last.hexes)

    if view.spots_shown:
        placed = {POND, *((p.q, p.r) for p in view.garden)}
        for h in plot_spots(placed):
            x, y = centre(h)
            outline(draw, _corners(x, y, radius - 4), SPOT, 2)
    cx, cy = centre(POND)
    _hex(draw, cx, cy, radius, POND_FILL)
    for plot in view.garden:
        _plot(draw, plot, centre((plot.q, plot.r)), radius)
    for edge in view.canals:
        _canal(draw, centre, edge, radius, edge in view.last.canals)
    for h in touched:
        x, y = centre(h)
        outline(draw, _corners(x, y, radius - 5), WHITE, 3)
        outline(draw, _corners(x, y, radius - 8), LAST_COLOUR, 4)
    _figures(draw, view, centre, radius)
    _choices(draw, view, centre, radius)
    sheet.y += int(frame.height) + 16


RING_DEPTH = 8 * SQRT3 / 2 + 2
"""How far inside a plot's edge the last turn's violet outline reaches (drawn at ``radius - 8``, 4
pixels wide)."""


def canal_width(radius: float) -> int:
    """How wide a canal is drawn along its edge (a new one has a violet border 4 pixels wider each side)."""
    return max(5, int(radius * 0.16))


def plot_marks(radius: float) -> dict[str, tuple[float, float, float]]:
    """Where a plot's improvement badge and a choice's label go, from the plot's centre: x, y and
    radius. The badge sits inside the plot, in its upper half, clear of its edges (canals and the
    last turn's outline run along them) and of the label in the middle."""
    return {
        "improvement": (0.0, -0.46 * radius, 0.19 * radius),
        "choice": (0.1 * radius, 0.02 * radius, max(12.0, radius * 0.28)),
    }


def _hex(draw: Draw, cx: float, cy: float, radius: float, fill: tuple[int, int, int]) -> None:
    corners = _corners(cx, cy, radius - 1)
    draw.polygon(corners, fill=fill)
    outline(draw, corners, OUTLINE, 2)


def _plot(draw: Draw, plot: Plot, at: tuple[float, float], radius: float) -> None:
    """One plot: its colour (pale when dry); its bamboo (bottom left) and their count (left); its
    improvement (upper half, clear of the edges). Figures go bottom right, a tile's label in the
    middle and a canal's on its edge: none of them hides another."""
    cx, cy = at
    _hex(draw, cx, cy, radius, FILL[plot.colour] if plot.irrigated else _pale(FILL[plot.colour]))
    bamboo(draw, cx - radius * 0.4, cy + radius * 0.66, plot.height, plot.colour, radius * 0.16)
    if plot.height:
        size = max(SMALL, int(radius * 0.48))
        write(
            draw, (cx - radius * 0.42, cy - radius * 0.2), str(plot.height), size=size, bold=True, fill=INK, anchor="mm"
        )
    if plot.improvement:
        x, y, badge_radius = plot_marks(radius)["improvement"]
        badge(draw, cx + x, cy + y, plot.improvement, badge_radius)


def _canal(
    draw: Draw, centre: Callable[[Hex], tuple[float, float]], edge: tuple[int, int, int], radius: float, new: bool
) -> None:
    a, b = edge_hexes(edge)
    (ax, ay), (bx, by) = centre(a), centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    # The shared edge is perpendicular to the line between the two centres.
    dx, dy = (by - ay) / SQRT3 / 2, -(bx - ax) / SQRT3 / 2
    width = canal_width(radius)
    if new:
        draw.line((mx - dx, my - dy, mx + dx, my + dy), fill=LAST_COLOUR, width=width + 8)
    draw.line((mx - dx, my - dy, mx + dx, my + dy), fill=WATER, width=width)


def _figures(draw: Draw, view: TakenokoView, centre: Callable[[Hex], tuple[float, float]], radius: float) -> None:
    """The gardener and the panda in their hex's bottom right corner (side by side when they share
    it), and a faint trace where the latest turn moved one from."""
    size = radius * 0.24
    for h, paint in ((view.last.gardener, gardener), (view.last.panda, panda)):
        if h is not None:
            x, y = centre(h)
            paint(draw, x + radius * 0.32, y + radius * 0.4, size, ghost=True)
    gx, gy = centre(view.gardener)
    px, py = centre(view.panda)
    if view.gardener == view.panda:
        gardener(draw, gx - radius * 0.02, gy + radius * 0.5, size * 0.9)
        panda(draw, px + radius * 0.46, py + radius * 0.32, size * 0.9)
    else:
        gardener(draw, gx + radius * 0.32, gy + radius * 0.4, size)
        panda(draw, px + radius * 0.32, py + radius * 0.4, size)


def _choices(draw: Draw, view: TakenokoView, centre: Callable[[Hex], tuple[float, float]], radius: float) -> None:
    """The labels of the open decision, the same as the text board's and the buttons'."""
    labels = marks_of(view.targets)
    disc = plot_marks(radius)["choice"][2]
    edge_disc = max(11.0, radius * 0.21)  # on an edge, between two plots' corners
    for action in view.targets:
        text = ROW_MARK if view.by_row else labels[action_code(action)]
        h = (action.q, action.r)
        if action.kind == "spot":
            cx, cy = centre(h)
            outline(draw, _corners(cx, cy, radius - 5), OUTLINE, 2)
            write(draw, (cx, cy), f"({text})", size=max(TEXT, int(radius * 0.5)), bold=True, fill=INK, anchor="mm")
            continue
        if action.kind == "canal":
            a, b = edge_hexes((action.q, action.r, action.d))
            (ax, ay), (bx, by) = centre(a), centre(b)
            _label(draw, (ax + bx) / 2, (ay + by) / 2, text, edge_disc)
            continue
        else:
            cx, cy = centre(h)
            dx, dy, _ = plot_marks(radius)["choice"]
            x, y = cx + dx, cy + dy
        _label(draw, x, y, text, disc)


# -- players, title, legend ------------------------------------------------------------------------------
def _title(view: TakenokoView, tr: Text) -> tuple[str, str]:
    if view.step == "over":
        return tr("takenoko.picture.title_over"), ""
    key = "takenoko.picture.title_final" if view.emperor >= 0 else "takenoko.picture.title"
    title = tr(key, round=view.round, player=tr.name(view.turn))
    parts = []
    if view.condition:
        face, effect = tr(f"takenoko.face.{view.condition}"), tr(f"takenoko.effect.{view.condition}")
        parts.append(tr("takenoko.picture.weather", face=face, effect=effect))
    elif view.weather:
        parts.append(tr(f"takenoko.face.{view.weather}"))
    allowed = 3 if view.condition == "SUN" else 2
    left = allowed - len(view.used)
    # With no action left the turn may still hold an objective to claim or its end: "done", not "0".
    parts.append(tr("takenoko.picture.actions", n=left) if left > 0 else tr("takenoko.picture.actions_done"))
    return title, " · ".join(parts)


def _eaten(colour: str) -> Icon:
    return Icon(lambda draw, x, y: bamboo(draw, x, y + 11, 2, colour, 10), 20)


def _players(sheet: Sheet, view: TakenokoView, tr: Text) -> None:
    over = view.step == "over"
    order = list(range(view.players))
    ranks: dict[int, int] = {}
    if over:
        result = outcome_of(view.done, view.emperor)
        order = [s.seat for s in result.standings]
        ranks = {s.seat: s.rank for s in result.standings}
    for seat in order:
        points = score(view.done[seat], seat == view.emperor)
        pieces: list[Piece] = []
        if over:
            pieces.append(Word(f"{ranks[seat]}. ", bold=True))
        elif seat == view.turn:
            pieces.append(Icon(lambda draw, x, y: triangle(draw, x, y, 16), 26))
        else:
            pieces.append(Icon(lambda draw, x, y: None, 26))
        pieces.append(Word(tr.name(seat)[:16], bold=True))
        if seat == view.emperor:
            pieces.append(Word(" " + tr("takenoko.picture.emperor"), fill=MUTED))
        pieces.append(Word("  " + tr("takenoko.picture.points", n=points), bold=True))
        pieces.append(Word(" · " + tr("takenoko.picture.objectives", n=len(view.done[seat]))))
        eaten = view.boards[seat].eaten
        if any(eaten):
            pieces.append(Word(" · " + tr("takenoko.picture.ate") + " "))
            for colour, count in zip(COLOURS, eaten, strict=True):
                if count:
                    pieces += [_eaten(colour), Word(f"{count} ", size=TEXT)]
        sheet.line(pieces, highlight=seat == view.last.seat)


def _legend(sheet: Sheet, view: TakenokoView, tr: Text) -> None:
    items: list[tuple[Callable[[Draw, float, float], None], str]] = [
        (_swatch("G"), tr("takenoko.picture.legend.plots")),
        (_swatch("G", dry=True), tr("takenoko.picture.legend.dry")),
        (_bamboo_symbol, tr("takenoko.picture.legend.bamboo")),
        (_badge_symbol("w"), tr("takenoko.picture.legend.w")),
        (_badge_symbol("e"), tr("takenoko.picture.legend.e")),
        (_badge_symbol("f"), tr("takenoko.picture.legend.f")),
        (lambda draw, x, y: gardener(draw, x, y + 2, 11), tr("takenoko.picture.legend.gardener")),
        (lambda draw, x, y: panda(draw, x, y + 1, 10), tr("takenoko.picture.legend.panda")),
        (_canal_symbol, tr("takenoko.picture.legend.canal")),
        (_pond_symbol, tr("takenoko.picture.legend.pond")),
    ]
    if view.spots_shown:
        items.append((_spot_symbol, tr("takenoko.picture.legend.spot")))
    if view.last.seat >= 0:
        items.append((last_symbol, tr("takenoko.picture.legend.last", player=tr.name(view.last.seat))))
    if view.targets:
        items.append((_choice_symbol, tr("takenoko.picture.legend.choices")))
    sheet.legend(items, key="takenoko")


def render_picture(view: TakenokoView, tr: Text) -> bytes:
    """The garden of ``view`` as a PNG, with the title, the players and a legend (the public view:
    nothing private is drawn)."""
    sheet = Sheet()
    sheet.title(*_title(view, tr))
    sheet.space(12)
    _garden(sheet, view)
    sheet.rule()
    sheet.space(8)
    _players(sheet, view, tr)
    sheet.space(4)
    sheet.rule()
    _legend(sheet, view, tr)
    return sheet.png()


def replay_turn(state: TakenokoState) -> Hashable:
    """A replay shows one picture per player's turn."""
    return (state.round, state.turn, state.step == "over")
