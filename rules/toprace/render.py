"""Top Race text: the public board, a seat's private view, and button labels.

Labels (and prompts, view.py) are ``Msg``: catalogue keys and parameters; the renderers receive
``Text`` and write in the reader's language. Money is passed as numbers and formatted by the
catalogue. Every text names a car by its token, colour emoji and letter ('🟥B'), and a cell as
"row R, lane L" (rows −2 to 0 are the starting grid). The track map is a code block, where emoji
would break the alignment: it shows the letters, and its legend says what each mark means.
"""

from __future__ import annotations

from rules.engine import PLACE, Msg, Text, msg, rank_by
from rules.toprace.actions import Action
from rules.toprace.auction import block_amounts
from rules.toprace.data import (
    BET_NONE,
    CAR_LETTERS,
    CARD,
    CELL_INDEX,
    FINISH,
    J5_IDS,
    JOKER,
    LANE,
    NCARS,
    NOT_BET,
    OFF,
    ROW,
    ROW_LAST,
    ROW_MIN,
    TIP_ROWS,
    WIDTH,
    car_key,
    car_token,
    centre,
)
from rules.toprace.movement import front_rear
from rules.toprace.state import Note, RaceResult, TopRaceState
from rules.toprace.view import TopRaceView

NAME_MAX = 16
"""Player names are cut to this length on the board so that six players fit in 1,900 characters."""
LOOKAHEAD = 3
"""Rows the map shows ahead of the leading car, so that a narrowing ahead is seen."""
GAP = 3
"""A run of more rows than this without a car is drawn as one '⋮' line."""
AMOUNT = 7
"""Width of an amount column of the Grand Prix table ('−1 800' fits, with a space before it)."""
LAST_MARK = "✨"
"""Marks the line of a car the last move moved (the legend says so)."""


def slots_text(edition: str, card_id: int) -> str:
    """A movement card's slots in the order they move: '🟥A6 🟦B4 ⬛J2 🟩D1'."""
    return " ".join(f"{car_token(edition, car)}{value}" for car, value in CARD[card_id].slots)


def _card_desc(tr: Text, edition: str, card_id: int) -> str:
    pair = CARD[card_id].pair
    if pair is None:
        return slots_text(edition, card_id)
    return tr("toprace.pair_card", a=car_token(edition, pair[0]), b=car_token(edition, pair[1]))


def _name(tr: Text, seat: int) -> str:
    name = tr.name(seat)
    return name if len(name) <= NAME_MAX else name[: NAME_MAX - 1] + "…"


def _car(tr: Text, edition: str, car: int) -> str:
    """A car with its colour's name: '🟥B red'."""
    return f"{car_token(edition, car)} {tr(car_key(edition, car))}"


def _cell(tr: Text, cell: int) -> str:
    return tr("toprace.cell", row=ROW[cell], lane=LANE[cell])


def _place(tr: Text, place: int) -> str:
    return tr(f"toprace.place.{place}")


# -- labels --------------------------------------------------------------------------------------


# Each game's button labels branch on its own action kinds, one message each: the shape looks like
# Mogul's ``render.action_label``, the kinds and texts are Top Race's.
def label(state: TopRaceState, seat: int, a: Action) -> Msg:
    """A short button label for ``a`` (≤ 80 characters once rendered)."""
    ed = state.edition
    k = a.kind
    if k == "pass":
        return msg("toprace.action.pass")
    if k == "bid":
        return msg("toprace.action.bid", params={"amount": a.n})
    if k == "block":
        amounts = block_amounts(state, a.n)
        return msg("toprace.action.block", params={"lo": amounts[0], "hi": amounts[-1]})
    if k in ("grid", "end"):
        if a.n == FINISH:
            return msg("toprace.action.finish")
        return msg("toprace.action.cell", params={"row": ROW[a.n], "lane": LANE[a.n]})
    if k == "play":
        cid = a.n
        if cid in J5_IDS:  # the six J5 are one choice: name the one actually in hand
            cid = next((c for c in state.hands[seat] if c in J5_IDS), cid)
        pair = CARD[cid].pair
        if pair is not None:
            a_car, b_car = car_token(ed, pair[0]), car_token(ed, pair[1])
            return msg("toprace.action.play_pair", params={"card": cid, "a": a_car, "b": b_car})
        return msg("toprace.action.play", params={"card": cid, "slots": slots_text(ed, cid)})
    if k in ("turbo", "panne"):
        pair = CARD[state.card].pair
        assert pair is not None, "a mode is only asked for a pair card"
        front, rear = front_rear(state, *pair)
        return msg(f"toprace.action.{k}", params={"rear": car_token(ed, rear), "front": car_token(ed, front)})
    if k == "bet" and a.n == BET_NONE:
        return msg("toprace.action.bet_none")
    return msg("toprace.action.car", params={"car": car_token(ed, a.n)}, terms={"colour": car_key(ed, a.n)})


# -- the track map ---------------------------------------------------------------------------------


def _lane_columns(row: int) -> dict[int, int]:
    """Column (0..6) of each lane of a row: twice the lane's centre, so diagonals line up."""
    return {lane: int(2 * centre(row, lane) + 3) for lane in range(1, WIDTH[row] + 1)}


_COLUMNS: dict[int, dict[int, int]] = {row: _lane_columns(row) for row in range(ROW_MIN, ROW_LAST + 1)}


def _map_row(view: TopRaceView, row: int, marks: dict[int, str], waiting: dict[int, str]) -> str:
    line = [" "] * 7
    for lane, column in _COLUMNS[row].items():
        line[column] = marks.get(CELL_INDEX[(row, lane)], "·")
    extra = "".join(letter for cell, letter in sorted(waiting.items()) if ROW[cell] == row)
    return f"{row:>3} {''.join(line).rstrip()}" + (f"  {extra}" if extra else "")


def _map(view: TopRaceView, tr: Text) -> list[str]:
    """The stretch of track where the cars are, finish at the top, one line per row (≤ 40 columns)."""
    marks: dict[int, str] = {}
    waiting: dict[int, str] = {}  # broken-down cars whose reference cell another car stands on
    for car in range(NCARS):
        if view.cell[car] != OFF:
            marks[view.cell[car]] = CAR_LETTERS[car]
    for car in range(NCARS):
        ref = view.ref[car]
        if ref != OFF:
            (waiting if ref in marks else marks)[ref] = CAR_LETTERS[car].lower()
    rows = {ROW[c] for c in (*marks, *waiting)}
    if not rows:
        return []
    top, bottom = min(ROW_LAST, max(rows) + LOOKAHEAD), max(ROW_MIN, min(rows) - 1)
    lines = [f"    {tr('toprace.map.finish')}"] if top == ROW_LAST else []
    empty: list[str] = []

    def flush() -> None:
        lines.extend(empty if len(empty) <= GAP else ["    ⋮"])
        empty.clear()

    for row in range(top, bottom - 1, -1):
        if row in TIP_ROWS:
            flush()
            lines.append(f"    {tr('toprace.map.tip', tip=TIP_ROWS.index(row) + 1)}")
        elif row == 0:
            flush()
            lines.append(f"    {tr('toprace.map.start')}")
        text = _map_row(view, row, marks, waiting)
        if row in rows:
            flush()
            lines.append(text)
        else:
            empty.append(text)
    flush()
    return lines


def _grid(view: TopRaceView, tr: Text) -> list[str]:
    """The starting grid, rows 0 to -2, with the cars placed so far (TR-AUC: a buyer places their
    car on a free cell of it), for the decision where a starting cell is chosen."""
    marks = {view.cell[car]: CAR_LETTERS[car] for car in range(NCARS) if view.cell[car] != OFF}
    return [f"    {tr('toprace.map.start')}", *(_map_row(view, row, marks, {}) for row in range(0, ROW_MIN - 1, -1))]


# -- the board -----------------------------------------------------------------------------------


def _where(view: TopRaceView, tr: Text, car: int) -> str:
    if view.phase == "auction" and view.cell[car] == OFF:
        return tr("toprace.board.placing") if view.placing == car else tr("toprace.board.unsold")
    if car in view.finish:
        return tr("toprace.board.finished", place=_place(tr, view.finish.index(car) + 1))
    if view.ref[car] != OFF:
        return tr("toprace.board.broken", cell=_cell(tr, view.ref[car]))
    return _cell(tr, view.cell[car])


def _car_lines(view: TopRaceView, tr: Text) -> list[str]:
    out = []
    moved = {trail.car for trail in view.moved}
    for car in range(NCARS):
        o = view.owner[car]
        if o >= 0:
            who = _name(tr, o)
        elif view.phase == "race" or view.cell[car] != OFF:
            who = tr("toprace.board.bank")
        else:
            who = "—"
        mark = f" {LAST_MARK}" if car in moved else ""
        out.append(f"{_car(tr, view.edition, car)} · {who} · {_where(view, tr, car)}{mark}")
    if moved and view.phase == "auction":
        out.append(tr("toprace.board.legend_placed"))
    return out


def _player_lines(view: TopRaceView, tr: Text) -> list[str]:
    out = []
    for s in range(view.players):
        mark = "▶" if s in view.to_act else ("💤" if view.skipped[s] else "•")
        cars = " ".join(car_token(view.edition, c) for c in range(NCARS) if view.owner[c] == s)
        cards = tr("toprace.board.sits_out") if view.skipped[s] else tr("toprace.board.cards", n=view.hand_sizes[s])
        if view.tip_open:
            cards += " ✅" if view.has_bet[s] else " ⏳"
        parts = [mark, f"**{_name(tr, s)}**", cars, "·", tr("toprace.money", amount=view.money[s]), "·", cards]
        out.append(" ".join(p for p in parts if p))
    return out


def _note_text(view: TopRaceView, tr: Text, note: Note) -> str:
    ed = view.edition
    car = car_token(ed, note.car)
    kind = note.kind
    if kind == "finish":
        return tr("toprace.note.finish", car=car)
    if kind == "move":
        if note.lost:
            return tr("toprace.note.jam", car=car, row=ROW[note.end], lost=note.lost)
        return tr("toprace.note.move", car=car, row=ROW[note.end])
    if kind == "blocked":
        return tr("toprace.note.blocked", car=car, n=note.lost)
    if kind == "ignored":
        return tr("toprace.note.ignored", car=car, n=note.lost)
    if kind == "turbo":
        return tr("toprace.note.turbo", car=car, front=car_token(ed, note.other))
    if kind == "panne":
        return tr("toprace.note.panne", car=car)
    if kind == "release":
        return tr("toprace.note.release", car=car, cell=_cell(tr, note.end))
    if kind == "joker":
        return tr("toprace.note.joker", joker=car_token(ed, JOKER), points=note.points, car=car)
    return tr("toprace.note.no_effect")


def _last_line(view: TopRaceView, tr: Text) -> str | None:
    last = view.last
    if last is None:
        return None
    card = tr("toprace.card_no", card=last.card)
    head = tr("toprace.board.last", seat=_name(tr, last.seat), card=card, desc=_card_desc(tr, view.edition, last.card))
    notes = [_note_text(view, tr, n) for n in last.notes]
    return head + (" — " + ", ".join(notes) if notes else "")


def _status_line(view: TopRaceView, tr: Text) -> str:
    ed = view.edition
    if view.tip_open:
        return tr("toprace.board.betting", tip=view.tip_open)
    who = _name(tr, view.turn)
    ask = view.ask
    if ask in ("bid", "amount"):
        out = tr("toprace.board.offer", car=_car(tr, ed, view.revealed), left=view.drivers_left)
        if view.high_bidder >= 0:
            out += " " + tr("toprace.board.high", amount=view.high, seat=_name(tr, view.high_bidder))
        out_seats = [_name(tr, s) for s in range(view.players) if view.passed[s]]
        if out_seats:
            out += " " + tr("toprace.board.out", seats=", ".join(out_seats))
        return out + "\n" + tr("toprace.board.to_bid", seat=who)
    if ask == "grid":
        return tr("toprace.board.to_place", seat=who, car=car_token(ed, view.placing))
    if ask == "play":
        return tr("toprace.board.to_play", seat=who)
    if ask == "mode":
        return tr("toprace.board.to_mode", seat=who)
    if ask == "joker":
        return tr("toprace.board.to_joker", seat=who, joker=car_token(ed, JOKER), points=view.points)
    return tr("toprace.board.to_end", seat=who, car=car_token(ed, view.car), points=view.points)


def _result_lines(view: TopRaceView, tr: Text, res: RaceResult) -> list[str]:
    """A finished race: each place with its car, owner and prize, then every bet and its payout."""
    ed = view.edition
    out = [tr("toprace.board.result", race=res.race)]
    for i, car in enumerate(res.places):
        owner = res.owners[car]
        who = _name(tr, owner) if owner >= 0 else tr("toprace.board.bank")
        token = car_token(ed, car)
        out.append(
            tr("toprace.board.result_place", place=_place(tr, i + 1), car=token, seat=who, amount=res.prizes[car])
        )
    for s in range(view.players):
        bets = [b for b in res.bets if b.seat == s]
        if bets:
            items = " · ".join(
                tr("toprace.board.bet_none", tip=b.tip)
                if b.car == BET_NONE
                else tr("toprace.board.bet_item", tip=b.tip, car=car_token(ed, b.car), amount=b.payout)
                for b in bets
            )
            out.append(tr("toprace.board.bets_line", seat=_name(tr, s), items=items))
    return out


def _standings(view: TopRaceView, tr: Text) -> list[str]:
    order = sorted(range(view.players), key=lambda s: (-view.money[s], s))
    shared = len(set(view.money)) < view.players
    out = [tr("toprace.board.standings_tied" if shared else "toprace.board.standings")]
    rank = 0
    for i, s in enumerate(order):
        if i == 0 or view.money[s] != view.money[order[i - 1]]:
            rank = i + 1
        medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(rank, f"{rank}.")
        out.append(f"{medal} **{_name(tr, s)}** {tr('toprace.money', amount=view.money[s])}")
    return out


def _thousands(tr: Text, amount: int) -> str:
    """An amount in thousands with its sign, for the Grand Prix table: '+350', '−40', '0'."""
    if amount == 0:
        return "0"
    return tr("toprace.table.gain" if amount > 0 else "toprace.table.loss", k=abs(amount) // 1000)


def _grand_prix_table(view: TopRaceView, tr: Text) -> list[str]:
    """§7 for a Grand Prix: per player and race, the cars and their places, the prizes, the price
    paid and the bets, in a code block no wider than a phone, its legend outside."""
    ed = view.edition
    head = f"    {tr('toprace.table.cars'):<6}" + "".join(
        f"{tr(f'toprace.table.{column}'):>{AMOUNT}}" for column in ("prize", "paid", "bets")
    )
    rows = [head]
    for s in range(view.players):
        rows.append(_name(tr, s))
        for res in view.results:
            mine = [car for car in res.places if res.owners[car] == s]
            cars = " ".join(f"{CAR_LETTERS[car]}{res.places.index(car) + 1}" for car in mine) or "–"
            prize = sum(res.prizes[car] for car in mine)
            paid = sum(p.price for p in res.purchases if p.seat == s)
            bets = sum(b.payout for b in res.bets if b.seat == s)
            amounts = "".join(f"{_thousands(tr, x):>{AMOUNT}}" for x in (prize, -paid, bets))
            rows.append(f" {tr('toprace.table.race', race=res.race):<4}{cars:<5}{amounts}")
    legend = tr("toprace.table.legend", cars=" ".join(car_token(ed, car) for car in range(NCARS)))
    return [tr("toprace.board.gp_title"), "```", *rows, "```", legend]


def render_board(view: TopRaceView, tr: Text) -> str:
    """The public board: track map, cars, players, TIP lines, last card, whose turn, results."""
    title = "toprace.board.title" if view.races == 1 else "toprace.board.title_gp"
    lines = [tr(title, race=view.race, races=view.races)]
    if view.phase == "over":
        lines += _standings(view, tr)
        if len(view.results) > 1:
            lines += _grand_prix_table(view, tr)
        if view.results:
            lines += _result_lines(view, tr, view.results[-1])
        return "\n".join(lines)
    if view.phase == "race":
        track = _map(view, tr)
        legend = tr("toprace.board.legend")
        if view.moved:
            legend += " · " + tr("toprace.board.legend_last")
        lines += ["```", *track, "```", legend]
    elif view.ask == "grid":
        lines += ["```", *_grid(view, tr), "```", tr("toprace.board.legend_grid")]
    lines += _car_lines(view, tr)
    lines += _player_lines(view, tr)
    if view.betting and view.phase == "race":
        marks = " · ".join(f"{k + 1} {'✅' if view.tips[k] else '▫️'}" for k in range(3))
        lines.append(tr("toprace.board.tips", marks=marks))
    if view.phase == "auction" and view.results:
        lines += _result_lines(view, tr, view.results[-1])
    last = _last_line(view, tr)
    if last and view.phase == "race":
        lines.append(last)
    lines.append(_status_line(view, tr))
    return "\n".join(lines)


def render_private(view: TopRaceView, tr: Text) -> str:
    """One seat's hand (cars and numbers in slot order), own bets this race and current question."""
    title = "toprace.private.title" if view.races == 1 else "toprace.private.title_gp"
    lines = [tr(title, race=view.race, races=view.races)]
    hand = view.hand or ()
    if hand:
        lines.append(tr("toprace.private.hand", n=len(hand)))
        for c in hand:
            lines.append(f"`{tr('toprace.card_no', card=c)}` {_card_desc(tr, view.edition, c)}")
    else:
        lines.append(tr("toprace.private.no_hand"))
    if view.my_bets and view.phase != "over":
        bets = [
            tr("toprace.private.bet_none", tip=k + 1)
            if b == BET_NONE
            else tr("toprace.private.bet", tip=k + 1, car=_car(tr, view.edition, b))
            for k, b in enumerate(view.my_bets)
            if b != NOT_BET
        ]
        if bets:
            lines.append(tr("toprace.private.bets", bets=" · ".join(bets)))
    if view.question is not None:
        lines.append("❓ " + tr.msg(view.question))
    return "\n".join(lines)


def tally(view: TopRaceView, seat: int) -> dict[str, int]:
    """What counts for ``seat``: its money, the cars it owns and its place by money (bets are
    secret: not counted)."""
    place = dict(rank_by([(s, (money,)) for s, money in enumerate(view.money)]))[seat]
    cars = sum(1 for owner in view.owner if owner == seat)
    return {"toprace.tally.money": view.money[seat], "toprace.tally.cars": cars, PLACE: place}
