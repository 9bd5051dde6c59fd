"""A picture of the garden (PNG), drawn with Pillow from the public view only.

Same orientation and the same labels as the text board (layout.py): hexes in the plot colours
(pale when dry), bamboo as stacked sections, improvements as small badges, canals as blue edges,
the gardener and the panda, and the letters or numbers of the open decision.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from rules.engine import Text
from rules.takenoko.actions import action_code
from rules.takenoko.hexes import POND, Hex, edge_hexes, plot_spots, rotate
from rules.takenoko.layout import layout_for
from rules.takenoko.render import ROW_MARK, marks_of
from rules.takenoko.view import TakenokoView

RADIUS = 34
"""Hex radius in pixels (centre to corner)."""
MARGIN = 24
SQRT3 = math.sqrt(3)
FILL = {"G": (118, 186, 84), "Y": (236, 200, 64), "P": (232, 128, 164)}
BAMBOO = {"G": (46, 120, 40), "Y": (176, 134, 18), "P": (176, 58, 102)}
POND_FILL = (84, 156, 214)
WATER = (30, 110, 200)
BACKGROUND = (250, 246, 232)
OUTLINE = (90, 80, 60)
BADGE = {"w": (40, 120, 210), "e": (150, 100, 50), "f": (220, 110, 30)}
INK = (30, 30, 30)


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _pale(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A dry plot's colour: the plot colour washed out towards white."""
    r, g, b = colour
    return (r + (255 - r) * 11 // 20, g + (255 - g) * 11 // 20, b + (255 - b) * 11 // 20)


def _corners(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hex."""
    return [
        (cx + radius * math.cos(math.radians(60 * i - 30)), cy + radius * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


def render_picture(view: TakenokoView, tr: Text) -> bytes:
    """The garden of ``view`` as a PNG (the public view: nothing private is drawn)."""
    layout = layout_for(tuple((p.q, p.r) for p in view.garden), view.spots_shown)
    turn = layout.turn

    def centre_raw(h: Hex) -> tuple[float, float]:
        q, r = rotate(h, turn) if turn else h
        return (RADIUS * SQRT3 * (q + r / 2), RADIUS * 1.5 * r)

    shown: set[Hex] = {POND, *((p.q, p.r) for p in view.garden)}
    if view.spots_shown:  # room for the spots, as on the text board, so the picture keeps its frame
        shown |= set(plot_spots(shown))
    raw = [centre_raw(h) for h in shown]
    xmin = min(x for x, _ in raw) - RADIUS
    ymin = min(y for _, y in raw) - RADIUS
    width = int(max(x for x, _ in raw) + RADIUS - xmin) + 2 * MARGIN
    height = int(max(y for _, y in raw) + RADIUS - ymin) + 2 * MARGIN

    def centre(h: Hex) -> tuple[float, float]:
        x, y = centre_raw(h)
        return (x - xmin + MARGIN, y - ymin + MARGIN)

    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small, large = _font(13), _font(18)

    cx, cy = centre(POND)
    draw.polygon(_corners(cx, cy, RADIUS - 1), fill=POND_FILL, outline=OUTLINE)
    for plot in view.garden:
        cx, cy = centre((plot.q, plot.r))
        fill = FILL[plot.colour] if plot.irrigated else _pale(FILL[plot.colour])
        draw.polygon(_corners(cx, cy, RADIUS - 1), fill=fill, outline=OUTLINE)
        # Bamboo: one section per stacked segment, left of the centre.
        for level in range(plot.height):
            top = cy + 14 - (level + 1) * 8
            draw.rounded_rectangle((cx - 13, top, cx - 5, top + 7), radius=2, fill=BAMBOO[plot.colour])
        if plot.improvement:
            bx, by = cx + 10, cy + 10
            draw.ellipse((bx - 8, by - 8, bx + 8, by + 8), fill=BADGE[plot.improvement], outline=INK)
            draw.text((bx, by), plot.improvement, fill=(255, 255, 255), font=small, anchor="mm")
        if not plot.irrigated:
            draw.text((cx + 10, cy - 12), "~", fill=OUTLINE, font=small, anchor="mm")
    for edge in view.canals:
        a, b = edge_hexes(edge)
        (ax, ay), (bx, by) = centre(a), centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        # The shared edge is perpendicular to the line between the two centres.
        dx, dy = (by - ay) / SQRT3 / 2, -(bx - ax) / SQRT3 / 2
        draw.line((mx - dx, my - dy, mx + dx, my + dy), fill=WATER, width=6)

    _figures(draw, view, centre)
    labels = marks_of(view.targets)
    for action in view.targets:
        text = ROW_MARK if view.by_row else labels[action_code(action)]
        h = (action.q, action.r)
        if action.kind == "spot":
            cx, cy = centre(h)
            draw.polygon(_corners(cx, cy, RADIUS - 4), outline=OUTLINE, width=2)
            draw.text((cx, cy), f"({text})", fill=INK, font=large, anchor="mm")
            continue
        if action.kind == "canal":
            a, b = edge_hexes((action.q, action.r, action.d))
            (ax, ay), (bx, by) = centre(a), centre(b)
            x, y = (ax + bx) / 2, (ay + by) / 2
        else:
            cx, cy = centre(h)
            x, y = cx + 12, cy - 12
        draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=(255, 255, 255), outline=INK, width=2)
        draw.text((x, y), text, fill=INK, font=small, anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def _figures(draw: ImageDraw.ImageDraw, view: TakenokoView, centre: Callable[[Hex], tuple[float, float]]) -> None:
    """The gardener (a straw hat) and the panda (a white face with black ears)."""
    gx, gy = centre(view.gardener)
    px, py = centre(view.panda)
    if view.gardener == view.panda:
        gx, px = gx + 2, px + 16
    gx, gy = gx + 4, gy - 6
    draw.ellipse((gx - 10, gy - 4, gx + 10, gy + 6), fill=(214, 170, 80), outline=INK)
    draw.ellipse((gx - 5, gy - 9, gx + 5, gy + 2), fill=(232, 196, 110), outline=INK)
    px, py = px + 4, py + 14
    for ex in (px - 7, px + 7):
        draw.ellipse((ex - 4, py - 12, ex + 4, py - 4), fill=INK)
    draw.ellipse((px - 9, py - 9, px + 9, py + 8), fill=(255, 255, 255), outline=INK)
    for ex in (px - 4, px + 4):
        draw.ellipse((ex - 2, py - 3, ex + 2, py + 1), fill=INK)
