"""A picture of the table (PNG), drawn with Pillow from the public view only: never a chip count
before the Crash (spec §6), since the view holds none.

At the top, the card on offer as a card: its centre colour inside (the company it is, the one
that paid dividends), its border colour around it (the shares it lets players sell), then what
it sells for, the pot, the bank, the deck and the discard pile. Under it, the share table: who
holds how many shares of each colour, their score, and where they stand in the auction. What the
last move changed is ringed in violet (rules/drawing.py): the row of each player who moved, the
colour whose shares they took or sold. Once the Crash is out, the final standings, chips revealed.
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
    Colour,
    Draw,
    Icon,
    Piece,
    Sheet,
    Word,
    draw_pieces,
    fit,
    ink_on,
    last_ring,
    last_symbol,
    triangle,
    wrap,
    write,
)
from rules.engine import Text

from .data import CARDS, COLOURS, CRASH, colour_key
from .state import MogulState
from .view import MogulView, shares_by_colour

# Mogul's own five company colours (a palette looks like Racebow's pawn colours: one RGB a line).
COLOUR: dict[str, Colour] = {
    "brown": (146, 96, 58),
    "green": (64, 158, 78),
    "yellow": (240, 200, 48),
    "blue": (56, 108, 210),
    "pink": (236, 128, 170),
}
STAR = (226, 170, 20)
CHIP = (206, 60, 60)
IN_AUCTION = (48, 150, 72)
NAME_WIDTH = 150
COLUMN = 56
"""Width of a colour's column in the share table."""


# -- symbols ---------------------------------------------------------------------------------------------
def card(draw: Draw, x: float, y: float, card_id: str, width: float = 140) -> None:
    """A share card with its top left corner on (x, y): the border colour around the centre colour,
    its id on top (Crash: a black card)."""
    height = width * 1.4
    if card_id == CRASH:
        draw.rounded_rectangle((x, y, x + width, y + height), radius=12, fill=INK)
        write(draw, (x + width / 2, y + height / 2), "CRASH", size=int(width / 5), bold=True, fill=WHITE, anchor="mm")
        return
    share = CARDS[card_id]
    draw.rounded_rectangle((x, y, x + width, y + height), radius=12, fill=COLOUR[share.border], outline=INK, width=2)
    inset = width * 0.17
    draw.rounded_rectangle(
        (x + inset, y + inset * 1.6, x + width - inset, y + height - inset),
        radius=8,
        fill=COLOUR[share.centre],
        outline=INK,
        width=2,
    )
    if width >= 60:  # a legend's small card shows its colours only
        size = max(SMALL - 4, int(width / 7))
        ink = ink_on(COLOUR[share.border])
        write(draw, (x + width / 2, y + inset * 0.8), card_id, size=size, bold=True, fill=ink, anchor="mm")


def chip(draw: Draw, x: float, y: float, radius: float = 11) -> None:
    """A chip (the pot's and the bank's: players' chips are never drawn)."""
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=CHIP, outline=INK, width=2)
    draw.ellipse((x - radius * 0.5, y - radius * 0.5, x + radius * 0.5, y + radius * 0.5), outline=WHITE, width=2)


def star(draw: Draw, x: float, y: float, radius: float = 11) -> None:
    """The first player's star."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append((x + r * math.cos(angle), y - r * math.sin(angle)))
    draw.polygon(points, fill=STAR, outline=INK)


def in_mark(draw: Draw, x: float, y: float) -> None:
    """Still in the auction: a green disc."""
    draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=IN_AUCTION, outline=INK)


def out_mark(draw: Draw, x: float, y: float) -> None:
    """Out of the auction: an empty circle."""
    draw.ellipse((x - 8, y - 8, x + 8, y + 8), outline=MUTED, width=2)


def swatch(colour: str, size: float = 12) -> Callable[[Draw, float, float], None]:
    """A colour's square."""
    return lambda draw, x, y: draw.rounded_rectangle(
        (x - size, y - size, x + size, y + size), radius=4, fill=COLOUR[colour], outline=INK
    )


# -- the card and the money ---------------------------------------------------------------------------------
def _card_panel(sheet: Sheet, view: MogulView, tr: Text) -> None:
    sheet.reserve(300)
    draw = sheet.draw
    top = sheet.y + 10
    shown = view.revealed if view.phase != "pick" else None
    if view.phase == "over":
        shown = CRASH
    x: float = MARGIN + 150 + 20
    y: float = top + 6
    if shown is not None:
        card(draw, MARGIN + 4, top, shown)
    elif view.phase == "pick":
        for i, pick in enumerate(view.pick_pile):
            card(draw, MARGIN + 4 + i * 90, top + 8, pick, 80)
        x, y = MARGIN + 4, top + 8 + 80 * 1.4 + 10
    lines: list[list[Piece]] = []
    if shown is not None and shown != CRASH:
        share = CARDS[shown]
        lines.append(
            [
                Word(tr("mogul.picture.centre") + " "),
                Icon(swatch(share.centre, 10)),
                Word(" " + tr(colour_key(share.centre))),
            ]
        )
        lines.append(
            [
                Word(tr("mogul.picture.border") + " "),
                Icon(swatch(share.border, 10)),
                Word(" " + tr(colour_key(share.border))),
            ]
        )
        if view.sale_value:
            colours = tr(colour_key(share.border, "shares"))
            lines.append([Word(tr("mogul.picture.sells", colours=colours, n=view.sale_value), bold=True)])
        else:
            lines.append([Word(tr("mogul.picture.unsold"), fill=MUTED)])
        if view.taker is not None:
            lines.append([Word(tr("mogul.picture.taken", player=tr.name(view.taker)), bold=True)])
    if view.phase == "over":
        lines.append([Word(tr("mogul.picture.crash"), bold=True)])
    else:
        money: list[Piece] = []
        if view.phase != "pick":
            money += [Icon(chip), Word(" " + tr("mogul.picture.pot", pot=view.pot) + "    ", bold=True)]
        money += [Icon(chip), Word(" " + tr("mogul.picture.bank", bank=view.bank))]
        lines.append(money)
        lines.append([Word(tr("mogul.picture.deck", deck=view.deck_size), size=SMALL)])
    discard = shares_by_colour(view.discard)
    pieces: list[Piece] = [Word(tr("mogul.picture.discard", count=len(view.discard)) + " ", size=SMALL)]
    for colour, count in zip(COLOURS, discard, strict=True):
        if count:
            pieces += [Icon(swatch(colour, 9), 24), Word(f"{count} ", size=SMALL)]
    lines.append(pieces)
    for line in lines:
        draw_pieces(draw, x, y + 16, line)
        y += 36
    bottom = max(y, top + (196 if shown is not None else 0))
    sheet.y = int(bottom) + 14


# -- the share table ---------------------------------------------------------------------------------------
def _changed(view: MogulView) -> dict[int, set[str]]:
    """The colours whose shares each seat took, picked or sold in the latest ply."""
    found: dict[int, set[str]] = {}
    for move in view.last:
        if move.kind in ("take", "pick"):
            found.setdefault(move.seat, set()).add(CARDS[move.card].centre)
        elif move.kind == "sell" and move.count:
            found.setdefault(move.seat, set()).add(move.colour)
    return found


def _table(sheet: Sheet, view: MogulView, tr: Text) -> None:
    sheet.reserve(40 + 40 * len(view.table))  # drawn on the sheet as it is now: room first
    draw = sheet.draw
    left = MARGIN + 30
    columns = left + NAME_WIDTH
    head = sheet.y + 16
    for i, colour in enumerate(COLOURS):
        swatch(colour, 13)(draw, columns + i * COLUMN + COLUMN / 2, head)
    score_x = columns + len(COLOURS) * COLUMN + 36
    write(draw, (score_x, head), tr("mogul.picture.score"), size=SMALL, fill=MUTED, anchor="mm")
    sheet.y += 34
    movers = {move.seat for move in view.last}
    changed = _changed(view)
    auction = view.phase == "auction"
    for player in view.table:
        seat = player.seat
        y = sheet.y + 20
        sheet.line([], height=40, highlight=seat in movers)
        if seat == view.turn and view.phase != "over":
            triangle(draw, MARGIN + 6, y, 16)
        if seat == view.first:
            star(draw, MARGIN + 24, y)
        write(
            draw,
            (left + 8, y),
            fit(tr.name(seat), TEXT, NAME_WIDTH - 12, True),
            size=TEXT,
            bold=True,
            fill=INK,
            anchor="lm",
        )
        for i, (colour, count) in enumerate(zip(COLOURS, player.shares, strict=True)):
            cx = columns + i * COLUMN + COLUMN / 2
            if count:
                draw.rounded_rectangle((cx - 20, y - 15, cx + 20, y + 15), radius=6, fill=COLOUR[colour], outline=INK)
                write(draw, (cx, y), str(count), size=TEXT, bold=True, fill=ink_on(COLOUR[colour]), anchor="mm")
            else:
                write(draw, (cx, y), "·", size=TEXT, fill=MUTED, anchor="mm")
            if colour in changed.get(seat, ()):
                last_ring(draw, (cx - 20, y - 15, cx + 20, y + 15), round_=False)
        write(draw, (score_x, y), str(player.score), size=TEXT, bold=True, fill=INK, anchor="mm")
        status: list[Piece] = []
        if auction:
            status.append(Icon(in_mark if player.in_auction else out_mark, 22))
        elif view.phase in ("winner", "runner_sell", "runner_take"):
            if seat == view.winner:
                status.append(Word(tr("mogul.picture.winner"), bold=True, size=SMALL))
            elif seat == view.last_drop:
                status.append(Word(tr("mogul.picture.runner"), bold=True, size=SMALL))
        if player.dividend and view.phase != "over":
            status.append(Word(f" +{player.dividend}", fill=IN_AUCTION, bold=True, size=SMALL))
        if player.loans:
            status.append(Word(" " + tr("mogul.picture.loans", loans=player.loans), fill=MUTED, size=SMALL))
        draw_pieces(draw, score_x + 36, y, status)
    sheet.space(6)


def _last_line(sheet: Sheet, view: MogulView, tr: Text) -> None:
    """The latest ply in words: 'Cyd paid 1 chip', several moves when the turn flow played some."""
    said = []
    for move in view.last:
        key = (
            "mogul.picture.last.sell_none"
            if move.kind == "sell" and not move.count
            else f"mogul.picture.last.{move.kind}"
        )
        said.append(tr(key, player=tr.name(move.seat), count=move.count, card=move.card))
    if said:
        for line in wrap(" · ".join(said), SMALL, WIDTH - 2 * MARGIN - 34):
            sheet.line([Icon(last_symbol, 30), Word(line, size=SMALL)], height=30)


def _standings(sheet: Sheet, view: MogulView, tr: Text) -> None:
    """§7: rank, player, track score, chips (revealed at the end), chips ÷ 5, final score, shares."""
    assert view.final_standings is not None
    sheet.reserve(40 + 36 * len(view.final_standings))
    draw = sheet.draw
    heads = ("rank", "player", "track", "chips", "bonus", "final", "shares")
    xs = (MARGIN + 14, MARGIN + 44, 330, 420, 505, 590, 690)
    y = sheet.y + 16
    for key, x in zip(heads, xs, strict=True):
        anchor = "lm" if key == "player" else "mm"
        write(draw, (x, y), tr(f"mogul.standings.{key}"), size=SMALL, bold=True, fill=MUTED, anchor=anchor)
    sheet.y += 32
    for row in view.final_standings:
        y = sheet.y + 18
        sheet.line([], height=36)
        values = (
            str(row.rank),
            fit(tr.name(row.seat), TEXT, 240, True),
            str(row.track),
            str(row.chips),
            str(row.bonus),
            str(row.final),
            str(row.shares),
        )
        for key, value, x in zip(heads, values, xs, strict=True):
            anchor = "lm" if key == "player" else "mm"
            write(draw, (x, y), value, size=TEXT, bold=key in ("player", "final"), fill=INK, anchor=anchor)


# -- title and legend -------------------------------------------------------------------------------------
def _title(view: MogulView, tr: Text) -> tuple[str, str]:
    first = tr.name(view.first)
    if view.phase == "over":
        return tr("mogul.picture.title_over"), ""
    if view.phase == "pick":
        return tr("mogul.picture.title_pick"), tr("mogul.picture.ask.pick", player=tr.name(view.turn))
    title = tr("mogul.picture.title", round=view.round, player=first)
    player = tr.name(view.turn)
    if view.phase == "auction":
        return title, tr("mogul.picture.ask.auction", player=player, pot=view.pot)
    if view.phase == "winner":
        return title, tr("mogul.picture.ask.winner", player=player)
    if view.phase == "runner_sell":
        return title, tr("mogul.picture.ask.runner_sell", player=player)
    return title, tr("mogul.picture.ask.runner_take", player=player, card=view.revealed or "")


def _dividend_symbol(draw: Draw, x: float, y: float) -> None:
    write(draw, (x, y), "+1", size=SMALL, bold=True, fill=IN_AUCTION, anchor="mm")


def _legend(sheet: Sheet, view: MogulView, tr: Text) -> None:
    items: list[tuple[Callable[[Draw, float, float], None], str]] = [
        (lambda draw, x, y: card(draw, x - 8, y - 11, "M09", 16), tr("mogul.picture.legend.card")),
        (star, tr("mogul.picture.legend.first")),
    ]
    if view.phase != "over":  # nobody is to play once the Crash is out
        items.append((lambda draw, x, y: triangle(draw, x, y, 16), tr("mogul.picture.legend.turn")))
    if view.phase == "auction":
        items += [(in_mark, tr("mogul.picture.legend.in")), (out_mark, tr("mogul.picture.legend.out"))]
    if any(player.dividend for player in view.table):
        items.append((_dividend_symbol, tr("mogul.picture.legend.dividend")))
    if view.last:
        items.append((last_symbol, tr("mogul.picture.legend.last")))
    sheet.legend(items, key="mogul")


def render_picture(view: MogulView, tr: Text) -> bytes:
    """The table of ``view`` as a PNG: the card, the money, the shares, the scores; the final
    standings once the game is over (the public view: no chips before then)."""
    sheet = Sheet()
    sheet.title(*_title(view, tr))
    _card_panel(sheet, view, tr)
    sheet.rule()
    if view.phase == "over" and view.final_standings is not None:
        _table(sheet, view, tr)  # the final board above the standings: a replay ends on both
        sheet.rule()
        _standings(sheet, view, tr)
    else:
        _table(sheet, view, tr)
        _last_line(sheet, view, tr)
    sheet.rule()
    _legend(sheet, view, tr)
    return sheet.png()


def replay_turn(state: MogulState) -> Hashable:
    """A replay shows one picture per round (a share revealed), and one per quick-start pick."""
    return (state.round, len(state.pick_pile), state.phase == "over")
