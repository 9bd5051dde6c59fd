"""Takenoko text: button labels, prompts, the public board (§9) and a seat's private view.

Labels and prompts are ``Msg`` (catalogue keys and parameters); boards are written with the
reader's ``Text``. Inside the code block only ASCII is used (emoji widths break the alignment);
outside it colours and the weather carry emoji.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rules.engine import PLACE, Msg, Seat, Standing, Text, msg
from rules.takenoko import marks
from rules.takenoko.actions import TakenokoAction, action_code
from rules.takenoko.cards import PLACEMENTS
from rules.takenoko.data import CARDS, CATEGORIES, CHIPS, COLOURS, HAND_LIMIT, PLOTS, Card, objectives_needed
from rules.takenoko.figures import destinations
from rules.takenoko.hexes import DIR_NAMES, POND, Hex, step
from rules.takenoko.layout import Layout, layout_for
from rules.takenoko.rules import current_choices
from rules.takenoko.scoring import outcome_of, points_by_category, score
from rules.takenoko.state import Plot, Step, TakenokoState
from rules.takenoko.turn import candidates
from rules.takenoko.view import TakenokoView
from rules.takenoko.work import TakenokoWork

# The letters live in marks.py (the rules name chosen places by them too); read here as before.
TILE_MARKS = marks.TILE_MARKS
CANAL_MARKS = marks.CANAL_MARKS
ROW_MARK = marks.ROW_MARK
marks_of = marks.marks_of
LAST_MARK = "!"
"""Marks, in a cell's figure slot, a plot the latest turn changed (when no figure or label is there)."""
NAME_MAX = 16
BOARD_LIMIT = 1900
FACE_EMOJI = {"SUN": "☀️", "RAIN": "🌧️", "WIND": "🌬️", "STORM": "⛈️", "CLOUDS": "☁️", "CHOICE": "❓"}
COLOUR_EMOJI = {"G": "🟩", "Y": "🟨", "P": "🩷"}
CATEGORY_EMOJI = {"PL": "🧩", "GA": "🎋", "PA": "🐼"}
HIDDEN = {"gardener": "takenoko.legend.hidden_gardener", "panda": "takenoko.legend.hidden_panda"}


# -- cells and marks -----------------------------------------------------------------------------------
def cell_text(plot: Plot) -> str:
    """§9 cell: colour (upper case = irrigated), height, improvement (``.`` none)."""
    colour = plot.colour if plot.irrigated else plot.colour.lower()
    return f"{colour}{plot.height}{plot.improvement or '.'}"


def plot_key(plot: Plot) -> str:
    """Catalogue key naming a placed plot by colour and improvement."""
    return f"takenoko.plot.{plot.colour}{plot.improvement}"


def plot_id_key(plot_id: str) -> str:
    """Catalogue key naming a plot card by colour and printed improvement."""
    return f"takenoko.plot.{plot_id[0]}{PLOTS[plot_id]}"


def card_key(card_id: str) -> str:
    """Catalogue key naming an objective card."""
    return f"takenoko.card.{CARDS[card_id].type}"


# -- labels ---------------------------------------------------------------------------------------------
def action_label(state: TakenokoState, seat: Seat, action: TakenokoAction) -> Msg:
    """A short button label (≤ 80 characters), with the letter or number drawn on the board."""
    kind = action.kind
    if kind == "face":
        return msg(
            "takenoko.label.face",
            params={"emoji": FACE_EMOJI[action.name]},
            terms={"face": f"takenoko.face.{action.name}", "effect": f"takenoko.effect.{action.name}"},
        )
    if kind == "skip":
        return msg("takenoko.label.skip", terms={"face": f"takenoko.face.{state.condition or 'SUN'}"})
    if kind == "col":
        return msg(
            "takenoko.label.colour",
            params={"emoji": COLOUR_EMOJI[action.name]},
            terms={"colour": f"takenoko.plots.{action.name}"},
        )
    if kind == "act":
        return msg(f"takenoko.label.act.{action.name}")
    if kind == "plot":
        return msg(
            "takenoko.label.plot",
            params={"id": action.name, "emoji": COLOUR_EMOJI[action.name[0]]},
            terms={"plot": plot_id_key(action.name)},
        )
    if kind == "chip":
        return msg(f"takenoko.label.chip.{action.name}")
    if kind == "cat":
        left = len(state.decks[CATEGORIES.index(action.name)])
        return msg(
            "takenoko.label.category",
            params={"emoji": CATEGORY_EMOJI[action.name], "n": left},
            terms={"category": f"takenoko.category.{action.name}"},
        )
    if kind == "val":
        return msg(
            "takenoko.label.validate",
            params={"points": CARDS[action.name].points},
            terms={"card": card_key(action.name)},
        )
    if kind == "end":
        return msg("takenoko.label.end")
    if kind in ("row", "dir"):
        return _group_label(state, action)
    return _positional_label(state, action)


def _group_label(state: TakenokoState, action: TakenokoAction) -> Msg:
    w = TakenokoWork(state)
    everything = candidates(w)
    if action.kind == "dir":
        count = sum(1 for d, _ in destinations(w, state.step) if d == action.d)
        return msg(
            "takenoko.label.direction",
            params={"n": count},
            terms={"direction": f"takenoko.direction.{DIR_NAMES[action.d]}"},
        )
    layout = w.layout()
    rows = [layout.edge_row((a.q, a.r, a.d)) if a.kind == "canal" else layout.row((a.q, a.r)) for a in everything]
    return msg("takenoko.label.row", params={"row": action.d, "n": rows.count(action.d)})


def _positional_label(state: TakenokoState, action: TakenokoAction) -> Msg:
    h: Hex = (action.q, action.r)
    if state.step == "storm":  # the pond, offered beside the colours (TK-WEATHER-05)
        return msg("takenoko.label.pond")
    label = marks_of(current_choices(state)).get(action_code(action), "?")
    if action.kind == "spot":
        return msg("takenoko.label.spot", params={"mark": label})
    plots = {(p.q, p.r): p for p in state.garden}
    if action.kind == "canal":
        a, b = plots.get(h), plots.get(step(h, action.d))
        return msg(
            "takenoko.label.canal",
            params={"mark": label, "a": cell_text(a) if a else "", "b": cell_text(b) if b else ""},
        )
    plot = plots.get(h)
    if plot is None:
        return msg("takenoko.label.tile_pond", params={"mark": label})
    return msg(
        "takenoko.label.tile",
        params={"mark": label, "cell": cell_text(plot)},
        terms={"plot": plot_key(plot)},
    )


# -- prompts --------------------------------------------------------------------------------------------
class _Asking(Protocol):
    @property
    def step(self) -> Step: ...
    @property
    def weather(self) -> str: ...
    @property
    def condition(self) -> str: ...
    @property
    def used(self) -> tuple[str, ...]: ...
    @property
    def pick(self) -> str: ...
    @property
    def placing(self) -> str: ...


def question(asking: _Asking, by_row: bool) -> Msg:
    """What the active player is asked, from public facts only (the same for every reader)."""
    step = asking.step
    if step == "face":
        return msg("takenoko.prompt.face_choice" if asking.weather == "CHOICE" else "takenoko.prompt.face_clouds")
    if step in ("rain_tile", "storm_tile"):
        return msg(f"takenoko.prompt.{step}", terms={"colour": f"takenoko.plots.{asking.pick}"})
    if step == "action":
        allowed = 3 if asking.condition == "SUN" else 2
        left = max(0, allowed - len(asking.used))
        return msg("takenoko.prompt.action" if left else "takenoko.prompt.action_done", params={"n": left})
    if by_row and step in ("gardener", "panda"):
        return msg("takenoko.prompt.direction", terms={"figure": f"takenoko.figure.{step}"})
    if by_row:
        return msg("takenoko.prompt.row")
    if step == "plot_spot":
        return msg("takenoko.prompt.plot_spot", terms={"plot": plot_id_key(asking.placing)})
    if step == "chip_plot":
        return msg("takenoko.prompt.chip_plot", terms={"chip": f"takenoko.chip.{asking.pick}"})
    return msg(f"takenoko.prompt.{step}")


def prompt(state: TakenokoState, seat: Seat) -> Msg:
    """What ``seat`` is asked right now (or whom everyone waits for)."""
    if state.step == "over":
        return msg("takenoko.prompt.over")
    if seat != state.turn:
        return msg("takenoko.prompt.wait", seats={"player": state.turn})
    asked = current_choices(state)
    return question(state, bool(asked) and asked[0].kind in ("row", "dir"))


# -- the garden as text ---------------------------------------------------------------------------------
def garden_lines(view: TakenokoView) -> tuple[list[str], Layout, list[str]]:
    """The grid lines, the layout used, and the figures that could not be drawn in it
    (their cell shows a tile letter): 'gardener' and/or 'panda'."""
    layout = layout_for(tuple((p.q, p.r) for p in view.garden), view.spots_shown)
    if layout.mode == "list":
        return _list_lines(view, layout), layout, []
    canvas = [[" "] * layout.width for _ in range(layout.lines)]

    def put(line: int, col: int, text: str) -> None:
        canvas[line][col : col + len(text)] = text

    put(*layout.at(POND), "~~~")
    for plot in view.garden:
        put(*layout.at((plot.q, plot.r)), cell_text(plot))
    for edge in view.canals:
        line, col, glyph = layout.mark(edge)
        put(line, col, glyph)
    labels = marks_of(view.targets)
    lettered: set[tuple[int, int]] = set()
    for action in view.targets:
        label = ROW_MARK if view.by_row else labels[action_code(action)]
        h = (action.q, action.r)
        if action.kind == "spot":
            put(*layout.at(h), f"({label})")
        elif action.kind == "canal":
            line, col, _ = layout.mark((action.q, action.r, action.d))
            put(line, col, label)
        else:
            spot = layout.figure(h)
            put(*spot, label)
            lettered.add(spot)
    hidden: list[str] = []
    figures = [("gardener", view.gardener, "&"), ("panda", view.panda, "@")]
    if view.gardener == view.panda:
        figures = [("both", view.gardener, "B")]
    for name, h, glyph in figures:
        spot = layout.figure(h)
        if spot in lettered:
            hidden.extend(("gardener", "panda") if name == "both" else (name,))
        else:
            put(*spot, glyph)
    for h in view.last.hexes:
        line, col = layout.figure(h)
        if canvas[line][col] == " ":
            put(line, col, LAST_MARK)
    return ["".join(row).rstrip() for row in canvas], layout, hidden


def _list_lines(view: TakenokoView, layout: Layout) -> list[str]:
    """The fallback: each board row as a line of cells (with their figure or label)."""
    labels = marks_of(view.targets)
    items: dict[Hex, str] = {POND: "~~~"}
    for plot in view.garden:
        items[(plot.q, plot.r)] = cell_text(plot)
    tails: dict[Hex, str] = {}
    for action in view.targets:
        h = (action.q, action.r)
        label = ROW_MARK if view.by_row else labels[action_code(action)]
        if action.kind == "spot":
            items[h] = f"({label})"
        elif action.kind == "tile":
            tails[h] = label
    for h, glyph in ((view.gardener, "&"), (view.panda, "@")):
        tails.setdefault(h, "B" if view.gardener == view.panda else glyph)
    for h in view.last.hexes:
        tails.setdefault(h, LAST_MARK)
    rows: dict[int, list[tuple[int, str]]] = {}
    for h, text in items.items():
        line, col = layout.at(h)
        rows.setdefault(line, []).append((col, text + tails.get(h, " ")))
    lines: list[str] = []
    for line in sorted(rows):
        cells = [text for _, text in sorted(rows[line])]
        for start in range(0, len(cells), 8):
            lines.append(" ".join(cells[start : start + 8]).rstrip())
    return lines


# -- the public board -----------------------------------------------------------------------------------
def _name(tr: Text, seat: int) -> str:
    name = tr.name(seat)
    return name if len(name) <= NAME_MAX else name[: NAME_MAX - 1] + "…"


def _counts(letters: Sequence[str], counts: Sequence[int]) -> str:
    text = " ".join(f"{letter}{n}" for letter, n in zip(letters, counts, strict=True) if n)
    return text or "-"


def _status(view: TakenokoView, tr: Text) -> list[str]:
    if view.step == "over":
        return [tr("takenoko.board.title_over")]
    key = "takenoko.board.title_final" if view.emperor >= 0 else "takenoko.board.title"
    lines = [tr(key, round=view.round, player=_name(tr, view.turn))]
    parts = []
    if view.condition:
        parts.append(
            tr(
                "takenoko.board.weather",
                emoji=FACE_EMOJI[view.condition],
                face=tr(f"takenoko.face.{view.condition}"),
                effect=tr(f"takenoko.effect.{view.condition}"),
            )
        )
    elif view.weather:
        parts.append(
            tr("takenoko.board.rolled", emoji=FACE_EMOJI[view.weather], face=tr(f"takenoko.face.{view.weather}"))
        )
    allowed = 3 if view.condition == "SUN" else 2
    left = max(0, allowed - len(view.used))
    if view.used:
        used = ", ".join(tr(f"takenoko.action.{name}") for name in view.used)
        parts.append(tr("takenoko.board.actions", used=used, left=left))
    else:
        parts.append(tr("takenoko.board.actions_none", left=left))
    lines.append(" · ".join(parts))
    return lines


def _player_line(view: TakenokoView, seat: int, tr: Text) -> str:
    board = view.boards[seat]
    done = view.done[seat]
    return tr(
        "takenoko.board.player",
        mark="▶" if seat == view.turn and view.step != "over" else "·",
        name=_name(tr, seat),
        emperor=" 👑" if seat == view.emperor else "",
        points=score(done, seat == view.emperor),
        n=len(done),
        hand=" ".join(f"{c}{n}" for c, n in zip(CATEGORIES, view.hand_counts[seat], strict=True)),
        canals=board.canals,
        chips=_counts(CHIPS, board.chips),
        eaten=_counts(COLOURS, board.eaten),
    )


def _supply_line(view: TakenokoView, tr: Text) -> str:
    return tr(
        "takenoko.board.supply",
        plots=view.plots_left,
        canals=view.canal_supply,
        chips=_counts(CHIPS, view.chip_supply),
        bamboo=" ".join(f"{c}{n}" for c, n in zip(COLOURS, view.bamboo, strict=True)),
        decks=" ".join(f"{c}{n}" for c, n in zip(CATEGORIES, view.decks_left, strict=True)),
    )


def _legend(view: TakenokoView, layout: Layout, hidden: list[str], marked: bool, tr: Text) -> list[str]:
    lines = [tr("takenoko.legend.cells"), tr("takenoko.legend.figures")]
    if layout.mode == "compact":
        lines.append(tr("takenoko.legend.compact"))
    if layout.turn:
        lines.append(tr("takenoko.legend.turned", degrees=60 * layout.turn))
    if layout.mode == "list":
        lines.append(tr("takenoko.legend.list", canals=len(view.canals)))
    if view.targets:
        kind = view.targets[0].kind
        lines.append(tr("takenoko.legend.rows" if view.by_row else f"takenoko.legend.{kind}"))
    for figure in hidden:
        h = view.gardener if figure == "gardener" else view.panda
        label = marks_of(view.targets).get(action_code(_tile_action(view, h)), "?")
        lines.append(tr(HIDDEN[figure], mark=label))
    if marked:
        lines.append(tr("takenoko.legend.last", player=_name(tr, view.last.seat)))
    return lines


def _tile_action(view: TakenokoView, h: Hex) -> TakenokoAction:
    for action in view.targets:
        if action.kind == "tile" and (action.q, action.r) == h:
            return action
    return view.targets[0]


def render_board(view: TakenokoView, tr: Text) -> str:
    """The public board: status, the garden in a code block, legend, players, supply, who acts."""
    grid, layout, hidden = garden_lines(view)
    # Rows kept for spots nobody is choosing now stay out of the message (but while a row is
    # asked, rows are counted from the top of the grid: keep them all).
    while grid and not grid[-1]:
        grid.pop()
    while grid and not grid[0] and not view.by_row:
        grid.pop(0)
    lines = _status(view, tr)
    lines += ["```", *grid, "```"]
    lines += _legend(view, layout, hidden, any(LAST_MARK in line for line in grid), tr)
    if view.step == "over":
        lines.append(tr("takenoko.board.standings"))
        lines += _standings(view, tr)
    else:
        lines += [_player_line(view, seat, tr) for seat in range(view.players)]
        lines.append(_supply_line(view, tr))
        if view.drawn_count and view.step == "plot_pick":
            lines.append(tr("takenoko.board.drawn", player=_name(tr, view.turn), n=view.drawn_count))
        asked = tr.msg(question(view, view.by_row))
        lines.append(tr("takenoko.board.asked", player=_name(tr, view.turn), question=asked))
    text = "\n".join(lines)
    if len(text) > BOARD_LIMIT:  # only with absurdly long names: keep the message valid
        text = text[: BOARD_LIMIT - 1] + "…"
    return text


def _standings(view: TakenokoView, tr: Text) -> list[str]:
    """TK-END-05: rank, player, total, points by category, Emperor, objectives and their ids."""
    result = outcome_of(view.done, view.emperor)
    lines = []
    for standing in result.standings:
        seat = standing.seat
        lines.append(
            tr(
                "takenoko.board.standing",
                rank=standing.rank,
                name=_name(tr, seat),
                n=len(view.done[seat]),
                **_points(view, standing),
            )
        )
    return lines


def _points(view: TakenokoView, standing: Standing) -> dict[str, int]:
    """TK-END-05: a player's total and points by kind (plots, gardener, panda, the Emperor)."""
    plot, gardener, panda = points_by_category(view.done[standing.seat])
    emperor = 2 if standing.seat == view.emperor else 0
    return {"total": standing.score, "plot": plot, "gardener": gardener, "panda": panda, "emperor": emperor}


def render_results(view: TakenokoView, tr: Text) -> str:
    """TK-END-05 as the results show it, like an end-of-game table: each player's points by kind
    (plots, gardener, panda, the Emperor) and the objectives they validated, by name."""
    if not any(view.done):
        return ""
    result = outcome_of(view.done, view.emperor)
    lines = [tr("takenoko.results.title")]
    for standing in result.standings:
        seat = standing.seat
        lines.append(tr("takenoko.results.player", name=_name(tr, seat), **_points(view, standing)))
        names = [tr(card_key(card_id)) for card_id in view.done[seat]]
        lines.append(
            tr("takenoko.results.objectives", n=len(names), names=tr("takenoko.results.sep").join(names) or "-")
        )
    return "\n".join(lines)


# -- a seat's private view ------------------------------------------------------------------------------
def card_picture(card: Card) -> list[str]:
    """A small ASCII picture of what a card asks (≤ 7 columns, ≤ 3 lines)."""
    if card.category == "PA":
        return ["".join(c * n for c, n in zip(COLOURS, card.need, strict=True))]
    if card.category == "GA":
        if card.count == 1:
            return [f"{card.colours}4{'.' if card.improvement == '0' else card.improvement}"]
        return [f"{card.count}x {card.colours}3"]
    cells = PLACEMENTS[card.shape][0]
    if len(card.colours) == 1:
        colours = [card.colours] * len(cells)
    else:
        a, b = card.colours[0], card.colours[1]
        colours = [a, b, b, a]  # middles a, b; tips b, a: each colour on one tip and one middle
    xs = [2 * q + r for q, r in cells]
    rs = [r for _, r in cells]
    rows = [[" "] * (max(xs) - min(xs) + 1) for _ in range(max(rs) - min(rs) + 1)]
    for (q, r), colour in zip(cells, colours, strict=True):
        rows[r - min(rs)][2 * q + r - min(xs)] = colour
    return ["".join(row).rstrip() for row in rows]


def _pictures(hand: Sequence[str]) -> list[str]:
    """The hand's pictures side by side, numbered like the list above them."""
    width = 9
    lines: list[str] = []
    for start in range(0, len(hand), 4):
        chunk = hand[start : start + 4]
        pictures = [card_picture(CARDS[c]) for c in chunk]
        height = max(len(p) for p in pictures)
        block = ["".join(f"{start + i + 1}".ljust(width) for i in range(len(chunk))).rstrip()]
        for line in range(height):
            block.append("".join((p[line] if line < len(p) else "").ljust(width) for p in pictures).rstrip())
        lines += block
    return lines


def render_private(view: TakenokoView, tr: Text) -> str:
    """A seat's hand (each card with its picture and whether it holds now), its board and drawn plots."""
    if view.seat is None or view.hand is None or view.met is None:
        return tr("takenoko.private.spectator")
    seat = view.seat
    lines = [tr("takenoko.private.title", n=len(view.hand), limit=HAND_LIMIT)]
    for number, (card_id, holds) in enumerate(zip(view.hand, view.met, strict=True), start=1):
        card = CARDS[card_id]
        lines.append(
            tr(
                "takenoko.private.card",
                number=number,
                met="✅" if holds else "⬜",
                emoji=CATEGORY_EMOJI[card.category],
                card=tr(card_key(card_id)),
                points=card.points,
            )
        )
    if view.hand:
        lines += ["```", *_pictures(view.hand), "```", tr("takenoko.private.picture_legend")]
    else:
        lines.append(tr("takenoko.private.no_cards"))
    board = view.boards[seat]
    lines.append(
        tr(
            "takenoko.private.board",
            canals=board.canals,
            chips=_counts(CHIPS, board.chips),
            eaten=_counts(COLOURS, board.eaten),
        )
    )
    done = view.done[seat]
    lines.append(
        tr(
            "takenoko.private.done",
            n=len(done),
            needed=objectives_needed(view.players),
            points=score(done, seat == view.emperor),
        )
    )
    if view.drawn:
        drawn = ", ".join(f"{COLOUR_EMOJI[p[0]]} {p} {tr(plot_id_key(p))}" for p in view.drawn)
        lines.append(tr("takenoko.private.drawn", plots=drawn))
    return "\n".join(lines)


def tally(view: TakenokoView, seat: Seat) -> dict[str, int]:
    """What counts for ``seat``: its points and objectives validated (face up, so public), and its
    place (TK-END-05: points, then panda points)."""
    outcome = outcome_of(view.done, view.emperor)
    place = next(s.rank for s in outcome.standings if s.seat == seat)
    points = score(view.done[seat], view.emperor == seat)
    return {"takenoko.tally.points": points, "takenoko.tally.objectives": len(view.done[seat]), PLACE: place}
