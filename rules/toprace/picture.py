"""A picture of the race (PNG), drawn with Pillow from the public view only.

The whole course is drawn, folded into three columns that read bottom to top, left to right (rows
−2 to 17, 18 to 37, 38 to 55, then the finish): 58 rows in one piece would be a thin strip on a
phone, and a window around the cars would move from one picture to the next, which a replay makes
hard to follow; folded, every car, TIP line and narrowing keeps its place in every picture. Each
lane sits at its centre (docs/rules/toprace.md §1.3), so the diagonals and the narrowings show.
Cars are discs in their colour with their letter, the owner's initials beside the row; a broken-down
car is a pale disc with its letter in lower case at its reference cell, a finished one waits
above the finish line in its place. Under the course: the last card, the auction on offer, and
each player's line. What the last move moved is ringed in violet (rules/drawing.py), with a violet
outline where it started.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

# Every picture takes the names it draws with from the one drawing kit, so these lists look
# alike from game to game.
from rules.drawing import (
    INK,
    MARGIN,
    MUTED,
    PAPER,
    RULE,
    SMALL,
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
    last_ring,
    last_symbol,
    text_box,
    triangle,
    width_of,
    write,
)
from rules.drawing import LAST as LAST_COLOUR
from rules.engine import Text
from rules.toprace.data import (
    ARROWS,
    CAR_LETTERS,
    CARD,
    CELL_INDEX,
    FINISH,
    JOKER,
    LANE,
    NCARS,
    OFF,
    ROW,
    TIP_ROWS,
    car_key,
    centre,
)
from rules.toprace.data import (
    WIDTH as LANES,
)
from rules.toprace.state import TopRaceState
from rules.toprace.view import TopRaceView

COLUMNS = ((-2, 17), (18, 37), (38, 55))
"""The course folded: each column's first and last row, read bottom to top."""
ROW_PITCH = 30
LANE_PITCH = 38
COLUMN_WIDTH = (WIDTH - 2 * MARGIN) / len(COLUMNS)
CAR_RADIUS = 14
COLOURS: dict[str, tuple[Colour, ...]] = {
    # A..F, then the joker (J); the editions' colours (docs/rules/toprace.md §1.1). The two lists
    # look alike (seven colours each, some the same): each edition has its own, in its own order.
    "classic": (
        (110, 200, 245),
        (215, 38, 38),
        (250, 250, 250),
        (40, 156, 72),
        (28, 58, 150),
        (246, 206, 32),
        (30, 30, 30),
    ),
    "alt": (
        (215, 38, 38),
        (44, 104, 220),
        (30, 30, 30),
        (246, 206, 32),
        (40, 156, 72),
        (250, 250, 250),
        (130, 60, 200),
    ),
}
TRACK = (232, 226, 212)
GRID = (214, 206, 188)
TIP_LINE = (196, 60, 60)
TIP_DONE = (40, 140, 70)


def car_colour(edition: str, car: int) -> Colour:
    """A car's colour (car 6 is the joker)."""
    return COLOURS[edition][car]


def _pale(colour: Colour) -> Colour:
    r, g, b = colour
    return (r + (255 - r) * 2 // 3, g + (255 - g) * 2 // 3, b + (255 - b) * 2 // 3)


def car_disc(draw: Draw, x: float, y: float, edition: str, car: int, *, radius: float = CAR_RADIUS) -> None:
    """A car: a disc in its colour with its letter."""
    disc(draw, x, y, radius, car_colour(edition, car), CAR_LETTERS[car], size=int(radius * 1.25))


def broken_disc(draw: Draw, x: float, y: float, edition: str, car: int, *, radius: float = CAR_RADIUS) -> None:
    """A broken-down car (TR-PAIR-3): a pale disc, its letter in lower case, a red slash."""
    r = radius
    draw.ellipse((x - r, y - r, x + r, y + r), fill=_pale(car_colour(edition, car)), outline=TIP_LINE, width=2)
    write(draw, (x, y), CAR_LETTERS[car].lower(), size=int(r * 1.25), bold=True, fill=INK, anchor="mm")
    draw.line((x - r * 0.7, y + r * 0.7, x + r * 0.7, y - r * 0.7), fill=TIP_LINE, width=2)


def _car_icon(edition: str, car: int, radius: float = 12) -> Icon:
    return Icon(lambda draw, x, y: car_disc(draw, x, y, edition, car, radius=radius), 2 * radius + 6)


# -- the course -----------------------------------------------------------------------------------------
class _Course:
    """Where each cell of the folded course lies, measured from the top of the course's band."""

    height = 60 + ROW_PITCH * (COLUMNS[0][1] - COLUMNS[0][0] + 1) + 10
    """The band's height: the finish and the finished cars over the columns of rows."""

    def __init__(self, top: float) -> None:
        self.top = top
        self.bottom = top + 68 + ROW_PITCH * (COLUMNS[0][1] - COLUMNS[0][0] + 1)

    @staticmethod
    def column(row: int) -> int:
        """Which column holds ``row``."""
        return next(i for i, (lo, hi) in enumerate(COLUMNS) if lo <= row <= hi)

    def lane_x(self, row: int, lane: int) -> float:
        """The x of a lane's centre: the lanes of every row centred on the column's middle."""
        middle = MARGIN + COLUMN_WIDTH * (self.column(row) + 0.5) + 4
        return middle + centre(row, lane) * LANE_PITCH

    def row_y(self, row: int) -> float:
        """The y of a row's centre: rows rise from the bottom of their column."""
        lo = COLUMNS[self.column(row)][0]
        return self.bottom - ROW_PITCH * (row - lo + 0.5)

    def cell(self, cell: int) -> tuple[float, float]:
        """The centre of a cell (by index)."""
        return (self.lane_x(ROW[cell], LANE[cell]), self.row_y(ROW[cell]))


Box = tuple[float, float, float, float]
LABEL = SMALL - 3
"""Size of the course's labels, row numbers and initials (a label shrinks to its room, to ``TINY``)."""
TINY = 11


def _column_right(column: int) -> float:
    """The right end of a column's room: the line before the next column, or the margin."""
    return MARGIN + COLUMN_WIDTH * (column + 1) - 4 if column < len(COLUMNS) - 1 else WIDTH - MARGIN


def _shrunk(text: str, room: float, bold: bool = True) -> tuple[str, int]:
    """``text`` at the largest size from ``LABEL`` down to ``TINY`` that fits ``room``, cut with
    '…' at the smallest if it still does not."""
    room -= 2  # the ink may pass the advance by a pixel
    for size in range(LABEL, TINY - 1, -1):
        if width_of(text, size, bold) <= room:
            return text, size
    return fit(text, TINY, room, bold), TINY


@dataclass(frozen=True)
class Label:
    """A text on the course: where it is drawn, how, and the box its ink covers."""

    text: str
    xy: tuple[float, float]
    size: int
    anchor: str
    colour: Colour
    bold: bool = True

    @property
    def box(self) -> Box:
        """The space the text takes on the picture."""
        return text_box(self.xy, self.text, size=self.size, bold=self.bold, anchor=self.anchor)

    def draw(self, draw: Draw) -> None:
        """Write the text on the picture."""
        write(draw, self.xy, self.text, size=self.size, bold=self.bold, fill=self.colour, anchor=self.anchor)


def _line_ends(course: _Course, row: int) -> tuple[float, float, float]:
    """The y of the line just above ``row`` and its two ends."""
    y = course.row_y(row) - ROW_PITCH / 2
    left = course.lane_x(row, 1) - LANE_PITCH / 2 - 4
    right = course.lane_x(row, LANES[row]) + LANE_PITCH / 2 + 4
    return y, left, right


def _labels(course: _Course, texts: tuple[str, str, str, str, str], tips: tuple[bool, ...]) -> list[Label]:
    """The course's labels: the start and each TIP line's before the line, on its left (the right
    of a row is its initials' room), shrunk to the room left after the row numbers' column; the
    finish above its line."""
    start, finish, *tip_labels = texts
    found = []
    for row, text, colour, bold in [
        (0, start, MUTED, False),
        *((row, tip_labels[k], TIP_DONE if tips[k] else TIP_LINE, True) for k, row in enumerate(TIP_ROWS)),
    ]:
        y, left, _ = _line_ends(course, row)
        shown, size = _shrunk(text, left - 6 - _column_left(course.column(row)), bold)
        found.append(Label(shown, (left - 6, y), size, "rm", colour, bold))
    left, right = _finish_ends(course)
    y = course.row_y(COLUMNS[-1][1]) - ROW_PITCH / 2 - 26
    found.append(Label(finish, ((left + right) / 2, y), LABEL, "mm", INK))
    return found


def _column_left(column: int) -> float:
    """The left end of a column's room: the margin, or just after the line between two columns."""
    return MARGIN + COLUMN_WIDTH * column + 4 if column else MARGIN


def _finish_ends(course: _Course) -> tuple[float, float]:
    last = COLUMNS[-1][1]
    return course.lane_x(last, 1) - LANE_PITCH / 2, course.lane_x(last, LANES[last]) + LANE_PITCH / 2


def _numbers(course: _Course) -> list[Label]:
    """Each row's number, left of its cells."""
    return [
        Label(str(row), (course.lane_x(row, 1) - LANE_PITCH / 2 - 8, course.row_y(row)), LABEL, "rm", MUTED, False)
        for lo, hi in COLUMNS
        for row in range(lo, hi + 1)
    ]


def cell_box(course: _Course, row: int, lane: int) -> Box:
    """The box a cell of the course is drawn in."""
    x, y = course.lane_x(row, lane), course.row_y(row)
    return (x - 16, y - 12, x + 16, y + 12)


@lru_cache(maxsize=64)
def _background(labels: tuple[str, str, str, str, str], tips: tuple[bool, ...]) -> Image.Image:
    """The empty course: cells, row numbers, the grid's arrows, the start, the TIP lines (crossed
    or not) and the finish. The same for every picture with the same texts, so it is drawn once."""
    image = Image.new("RGB", (WIDTH, int(_Course.height)), PAPER)
    draw = ImageDraw.Draw(image)
    course = _Course(0)
    for index, (lo, hi) in enumerate(COLUMNS):
        for row in range(lo, hi + 1):
            for lane in range(1, LANES[row] + 1):
                fill = GRID if row <= 0 else TRACK
                draw.rounded_rectangle(cell_box(course, row, lane), radius=6, fill=fill, outline=RULE)
                if CELL_INDEX[(row, lane)] in ARROWS:
                    triangle_up(draw, course.lane_x(row, lane), course.row_y(row), 9, MUTED)
            if row in TIP_ROWS:
                _dashes(draw, course, row, TIP_DONE if tips[TIP_ROWS.index(row)] else TIP_LINE)
            if row == 0:
                _dashes(draw, course, row, MUTED)
        if index < len(COLUMNS) - 1:
            x = MARGIN + COLUMN_WIDTH * (index + 1)
            draw.line((x, course.top + 10, x, course.bottom), fill=RULE, width=1)
    for label in [*_numbers(course), *_labels(course, labels, tips)]:
        label.draw(draw)
    last = COLUMNS[-1][1]
    y = course.row_y(last) - ROW_PITCH / 2 - 4
    left, right = _finish_ends(course)
    square = 6
    for i, x in enumerate(range(int(left), int(right), square)):
        for j in range(2):
            draw.rectangle(
                (x, y - square * (j + 1), min(x + square, right), y - square * j), fill=INK if (i + j) % 2 else WHITE
            )
    return image


def _texts(view: TopRaceView, tr: Text) -> tuple[str, str, str, str, str]:
    tips = [
        tr("toprace.picture.tip_done" if done else "toprace.picture.tip", tip=k + 1) for k, done in enumerate(view.tips)
    ]
    return (tr("toprace.picture.start"), tr("toprace.picture.finish"), tips[0], tips[1], tips[2])


def _course(sheet: Sheet, view: TopRaceView, tr: Text) -> None:
    sheet.reserve(int(_Course.height))
    top = sheet.y
    sheet.image.paste(_background(_texts(view, tr), tuple(view.tips)), (0, top))
    course = _Course(top)
    _finished(sheet.draw, course, view)
    _cars(sheet.draw, course, view, tr)
    sheet.y = top + int(_Course.height)


def triangle_up(draw: Draw, x: float, y: float, size: float, fill: Colour) -> None:
    """An arrow cell of the starting grid (a small triangle pointing up the course)."""
    draw.polygon([(x - size / 2, y + size / 3), (x + size / 2, y + size / 3), (x, y - size / 2)], fill=fill)


def _dashes(draw: Draw, course: _Course, row: int, colour: Colour) -> None:
    """A dashed line across the column just above ``row``."""
    y, left, right = _line_ends(course, row)
    for x in range(int(left), int(right), 10):
        draw.line((x, y, min(x + 6, right), y), fill=colour, width=3)


def _finish_spot(course: _Course, place: int) -> tuple[float, float]:
    """Where the car that finished in ``place`` (0 = first) waits, above the finish line."""
    last = COLUMNS[-1][1]
    left = course.lane_x(last, 1) - LANE_PITCH / 2
    return (left + 14 + place * 31, course.row_y(last) - ROW_PITCH / 2 - 50)


def _finished(draw: Draw, course: _Course, view: TopRaceView) -> None:
    """The finished cars above the finish line, in their places (TR-MOVE-6)."""
    for place, car in enumerate(view.finish):
        x, y = _finish_spot(course, place)
        car_disc(draw, x, y, view.edition, car, radius=12)
        write(draw, (x, y - 21), str(place + 1), size=LABEL, bold=True, fill=INK, anchor="mm")


def _initials(tr: Text, players: int) -> list[str]:
    """Each player's shortest name prefix (two letters at least) that no other player's shares."""
    names = [tr.name(seat) for seat in range(players)]
    found = []
    for seat, name in enumerate(names):
        size = 2
        while size < len(name) and any(
            other[:size].lower() == name[:size].lower() for s, other in enumerate(names) if s != seat
        ):
            size += 1
        found.append(name[:size])
    return found


@dataclass(frozen=True)
class Placed:
    """A car on the course as drawn: its centre and radius; a broken-down one at its reference cell."""

    car: int
    x: float
    y: float
    radius: float
    broken: bool

    @property
    def box(self) -> Box:
        """The space the disc takes on the picture."""
        return (self.x - self.radius, self.y - self.radius, self.x + self.radius, self.y + self.radius)


SHARED = {1: (CAR_RADIUS, 0.0), 2: (9.0, 18.0), 3: (6.0, 12.0)}
"""Radius of the cars that share a cell (a car and the broken-down ones waiting there, TR-PAIR-3:
it blocks nothing), and how far apart their centres are: side by side within the lane, clear of
the next lane's cars."""


def placed_cars(course: _Course, view: TopRaceView) -> list[Placed]:
    """Every car on the course: the one standing on a cell first (left), then the broken-down ones
    whose reference cell it is, side by side within the cell."""
    sharing: dict[int, list[tuple[int, bool]]] = {}
    for car in range(NCARS):
        if view.cell[car] != OFF:
            sharing.setdefault(view.cell[car], []).insert(0, (car, False))
        if view.ref[car] != OFF:
            sharing.setdefault(view.ref[car], []).append((car, True))
    found = []
    for cell, cars in sharing.items():
        x, y = course.cell(cell)
        radius, step = SHARED[min(len(cars), 3)]
        for index, (car, broken) in enumerate(cars):
            found.append(Placed(car, x + (index - (len(cars) - 1) / 2) * step, y, radius, broken))
    return found


def row_tags(course: _Course, view: TopRaceView, tr: Text, cars: list[Placed]) -> list[tuple[int, Label, list[int]]]:
    """Each row's owners' initials, right of its cells, in the order of their cars left to right,
    shrunk (then cut) to the room left before the next column; with the cars they name, in order."""
    initials = _initials(tr, view.players)
    rows: dict[int, list[Placed]] = {}
    for placed in cars:
        if view.owner[placed.car] >= 0:
            cell = view.ref[placed.car] if placed.broken else view.cell[placed.car]
            rows.setdefault(ROW[cell], []).append(placed)
    found = []
    for row, here in sorted(rows.items()):
        here.sort(key=lambda p: p.x)
        right = course.lane_x(row, LANES[row]) + LANE_PITCH / 2 + 6
        text, size = _shrunk(
            " ".join(initials[view.owner[p.car]] for p in here), _column_right(course.column(row)) - right
        )
        found.append((row, Label(text, (right, course.row_y(row)), size, "lm", INK), [p.car for p in here]))
    return found


def _cars(draw: Draw, course: _Course, view: TopRaceView, tr: Text) -> None:
    """The cars on the course, their owners' initials at the row's end, the last move's marks."""
    ed = view.edition
    for trail in view.moved:
        if trail.start not in (OFF, FINISH):
            x, y = course.cell(trail.start)
            draw.ellipse((x - 13, y - 13, x + 13, y + 13), outline=LAST_COLOUR, width=3)
    cars = placed_cars(course, view)
    for placed in cars:
        paint = broken_disc if placed.broken else car_disc
        paint(draw, placed.x, placed.y, ed, placed.car, radius=placed.radius)
    moved = {trail.car for trail in view.moved}
    for placed in cars:
        if placed.car in moved:
            last_ring(draw, placed.box)
    for car in moved:
        if car in view.finish:
            x, y = _finish_spot(course, view.finish.index(car))
            last_ring(draw, (x - 12, y - 12, x + 12, y + 12))
    for _, label, _ in row_tags(course, view, tr, cars):
        label.draw(draw)


@dataclass(frozen=True)
class Layout:
    """Where the course's parts are drawn (for checking that none hides another)."""

    cells: list[Box]
    numbers: list[Label]
    labels: list[Label]
    cars: list[Placed]
    tags: list[tuple[int, Label, list[int]]]
    columns: list[tuple[float, float]]
    """Each column's room, left to right."""


def layout(view: TopRaceView, tr: Text) -> Layout:
    """The course of ``view`` as ``render_picture`` lays it out, measured from the course's top."""
    course = _Course(0)
    cells = [
        cell_box(course, row, lane)
        for lo, hi in COLUMNS
        for row in range(lo, hi + 1)
        for lane in range(1, LANES[row] + 1)
    ]
    cars = placed_cars(course, view)
    columns = [(_column_left(i), _column_right(i)) for i in range(len(COLUMNS))]
    return Layout(
        cells,
        _numbers(course),
        _labels(course, _texts(view, tr), tuple(view.tips)),
        cars,
        row_tags(course, view, tr, cars),
        columns,
    )


# -- under the course -------------------------------------------------------------------------------------
def _card_pieces(edition: str, card_id: int, tr: Text) -> list[Piece]:
    """A card as it reads: its slots in order, each car's disc and its value (the joker J)."""
    card = CARD[card_id]
    if card.pair is not None:
        a, b = card.pair
        return [_car_icon(edition, a), Word("↔"), _car_icon(edition, b), Word(" " + tr("toprace.picture.pair"))]
    pieces: list[Piece] = []
    for car, value in card.slots:
        pieces += [_car_icon(edition, car if car != JOKER else JOKER), Word(f"{value}  ")]
    return pieces


def _status(view: TopRaceView, tr: Text) -> str:
    """What the table waits for, in one line."""
    if view.phase == "over":
        return tr("toprace.picture.over")
    if view.tip_open:
        return tr("toprace.picture.betting", tip=view.tip_open)
    seat = tr.name(view.turn)
    ask = view.ask
    letter = CAR_LETTERS[view.car] if view.car >= 0 else ""
    if ask in ("bid", "amount"):
        return tr("toprace.picture.to_bid", seat=seat)
    if ask == "grid":
        return tr("toprace.picture.to_place", seat=seat, car=CAR_LETTERS[view.placing])
    if ask == "play":
        return tr("toprace.picture.to_play", seat=seat)
    if ask == "mode":
        return tr("toprace.picture.to_mode", seat=seat)
    if ask == "joker":
        return tr("toprace.picture.to_joker", seat=seat, points=view.points)
    return tr("toprace.picture.to_end", seat=seat, car=letter, points=view.points)


def _offer(sheet: Sheet, view: TopRaceView, tr: Text) -> None:
    """The auction: the car on offer, the high bid, who is out; the cars not sold yet."""
    ed = view.edition
    if view.revealed >= 0:
        pieces: list[Piece] = [Word(tr("toprace.picture.offer") + " ", bold=True), _car_icon(ed, view.revealed)]
        pieces.append(Word(" " + tr(car_key(ed, view.revealed))))
        if view.high_bidder >= 0:
            bid = tr("toprace.picture.high", amount=view.high, seat=tr.name(view.high_bidder))
            pieces.append(Word(" · " + bid))
        sheet.line(pieces)
        out = [tr.name(s) for s in range(view.players) if view.passed[s]]
        if out:
            sheet.line([Word(tr("toprace.picture.out", seats=", ".join(out)), fill=MUTED, size=SMALL)], height=30)
    unsold = [car for car in range(NCARS) if view.cell[car] == OFF and car != view.revealed and view.owner[car] < 0]
    if unsold and view.phase == "auction":
        pieces = [Word(tr("toprace.picture.unsold") + " ", size=SMALL, fill=MUTED)]
        pieces += [_car_icon(ed, car, 11) for car in unsold]
        sheet.line(pieces, height=32)


def _players(sheet: Sheet, view: TopRaceView, tr: Text) -> None:
    ed = view.edition
    order = list(range(view.players))
    ranks: dict[int, int] = {}
    if view.phase == "over":
        order.sort(key=lambda s: (-view.money[s], s))
        for i, seat in enumerate(order):
            ranks[seat] = ranks[order[i - 1]] if i and view.money[seat] == view.money[order[i - 1]] else i + 1
    if view.phase == "race" and view.last is not None:
        mover = view.last.seat  # who played the last card
    else:
        mover = next((view.owner[trail.car] for trail in view.moved), -1)  # who placed the last car
    for seat in order:
        pieces: list[Piece] = []
        if view.phase == "over":
            pieces.append(Word(f"{ranks[seat]}. ", bold=True))
        elif seat in view.to_act:
            pieces.append(Icon(lambda draw, x, y: triangle(draw, x, y, 16), 26))
        else:
            pieces.append(Icon(lambda draw, x, y: None, 26))
        pieces += [Word(tr.name(seat)[:16], bold=True), Word("  " + tr("toprace.money", amount=view.money[seat]))]
        owned = [car for car in range(NCARS) if view.owner[car] == seat]
        if owned:
            pieces.append(Word(" "))
            pieces += [_car_icon(ed, car, 11) for car in owned]
        if view.phase != "over":
            status = (
                tr("toprace.board.sits_out")
                if view.skipped[seat]
                else tr("toprace.board.cards", n=view.hand_sizes[seat])
            )
            pieces.append(Word(" · " + status, fill=MUTED))
            if view.tip_open:
                key = "toprace.picture.has_bet" if view.has_bet[seat] else "toprace.picture.to_bet"
                pieces.append(Word(" · " + tr(key), bold=not view.has_bet[seat]))
        sheet.line(pieces, highlight=seat == mover and view.phase != "over")


def _results(sheet: Sheet, view: TopRaceView, tr: Text) -> None:
    """The race just finished: each place, its car, its owner and its prize."""
    result = view.results[-1]
    sheet.line([Word(tr("toprace.picture.result", race=result.race), bold=True)])
    pieces: list[Piece] = []
    for place, car in enumerate(result.places):
        pieces += [Word(f"{place + 1}. "), _car_icon(view.edition, car, 11)]
        owner = result.owners[car]
        pieces.append(Word((_initials(tr, view.players)[owner] if owner >= 0 else "—") + "   ", size=SMALL))
    sheet.line(pieces)


def _legend(sheet: Sheet, view: TopRaceView, tr: Text) -> None:
    ed = view.edition
    items: list[tuple[Callable[[Draw, float, float], None], str]] = [
        (lambda draw, x, y: car_disc(draw, x, y, ed, 0, radius=11), tr("toprace.picture.legend.car")),
        (lambda draw, x, y: triangle_up(draw, x, y, 12, MUTED), tr("toprace.picture.legend.grid")),
        (
            lambda draw, x, y: draw.line((x - 12, y, x + 12, y), fill=TIP_LINE, width=3),
            tr("toprace.picture.legend.tip"),
        ),
    ]
    if any(ref != OFF for ref in view.ref):
        items.append((lambda draw, x, y: broken_disc(draw, x, y, ed, 1), tr("toprace.picture.legend.broken")))
    if view.moved:
        key = "toprace.picture.legend.last" if view.phase == "race" else "toprace.picture.legend.placed"
        items.append((last_symbol, tr(key)))
    sheet.legend(items, key=("toprace", ed))


def render_picture(view: TopRaceView, tr: Text) -> bytes:
    """The course of ``view`` as a PNG, with the last card, the auction, the players and a legend
    (the public view: no hand, no bet before the race ends)."""
    sheet = Sheet()
    title = (
        tr("toprace.picture.title")
        if view.races == 1
        else tr("toprace.picture.title_gp", race=view.race, races=view.races)
    )
    sheet.title(title, _status(view, tr))
    if view.phase != "over" or view.finish or any(cell != OFF for cell in view.cell):
        _course(sheet, view, tr)
        sheet.rule()
        sheet.space(6)
    if view.phase == "race" and view.last is not None:
        card = tr("toprace.card_no", card=view.last.card)
        head = tr("toprace.picture.last", seat=tr.name(view.last.seat), card=card)
        sheet.line([Word(head + "  ", bold=True), *_card_pieces(view.edition, view.last.card, tr)])
    if view.phase == "auction":
        _offer(sheet, view, tr)
    _players(sheet, view, tr)
    if view.results and view.phase != "race":
        sheet.space(4)
        _results(sheet, view, tr)
    sheet.space(4)
    sheet.rule()
    if view.phase != "over":
        _legend(sheet, view, tr)
    return sheet.png()


def replay_turn(state: TopRaceState) -> Hashable:
    """A replay shows one picture per card played (when the turn passes) and per car placed."""
    placed = sum(1 for cell in state.cell if cell != OFF)
    return (state.race, state.phase, state.turn if state.phase == "race" else placed)
