"""Top Race text: the public board, a seat's private view, and button labels.

Labels (and prompts, view.py) are ``Msg`` (catalogue keys + parameters); the renderers receive ``Text`` and
write in the reader's language. Car letters appear only inside the monospace track strip; outside
it cars are shown by their colour emoji (edition-dependent, locale-independent).
"""

from __future__ import annotations

from rules.engine import Msg, Text, msg
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
    centre,
    emoji,
    fmt_money,
    money_sign,
)
from rules.toprace.movement import front_rear
from rules.toprace.state import TopRaceState
from rules.toprace.view import TopRaceView

NAME_MAX = 16
"""Player names are cut to this length on the board so that six players fit in 1,900 characters."""


def card_text(edition: str, card_id: int) -> str:
    """A card as emoji and numbers in slot order: '🩵6 🟦4 ⬛2 🟥1', or '🩵↔🟥' for a pair card."""
    card = CARD[card_id]
    if card.pair is not None:
        a, b = card.pair
        return f"{emoji(edition, a)}↔{emoji(edition, b)}"
    return " ".join(f"{emoji(edition, car)}{value}" for car, value in card.slots)


# -- labels --------------------------------------------------------------------------------------


def label(state: TopRaceState, seat: int, a: Action) -> Msg:
    """A short button label for ``a`` (≤ 80 characters once rendered)."""
    ed = state.edition
    k = a.kind
    if k == "pass":
        return msg("toprace.action.pass")
    if k == "bid":
        return msg("toprace.action.bid", params={"amount": fmt_money(a.n)})
    if k == "block":
        amounts = block_amounts(state, a.n)
        return msg("toprace.action.block", params={"lo": fmt_money(amounts[0]), "hi": fmt_money(amounts[-1])})
    if k == "grid":
        return msg("toprace.action.grid", params={"n": 1 - ROW[a.n], "lane": LANE[a.n]})
    if k == "play":
        cid = a.n
        if cid in J5_IDS:  # the six J5 are one choice: name the one actually in hand
            cid = next((c for c in state.hands[seat] if c in J5_IDS), cid)
        return msg("toprace.action.play", params={"card": cid, "desc": card_text(ed, cid)})
    if k in ("turbo", "panne"):
        pair = CARD[state.card].pair
        assert pair is not None, "a mode is only asked for a pair card"
        front, rear = front_rear(state, *pair)
        if k == "turbo":
            return msg(
                "toprace.action.turbo",
                params={"rear": emoji(ed, rear), "front": emoji(ed, front)},
                terms={"car": car_key(ed, rear)},
            )
        return msg("toprace.action.panne", params={"front": emoji(ed, front)}, terms={"car": car_key(ed, front)})
    if k == "joker":
        return msg("toprace.action.joker", params={"emoji": emoji(ed, a.n)}, terms={"car": car_key(ed, a.n)})
    if k == "end":
        if a.n == FINISH:
            return msg("toprace.action.end_finish")
        return msg("toprace.action.end", params={"row": ROW[a.n], "lane": LANE[a.n]})
    if a.n == BET_NONE:
        return msg("toprace.action.bet_none")
    return msg("toprace.action.bet", params={"emoji": emoji(ed, a.n)}, terms={"car": car_key(ed, a.n)})


# -- the board ---------------------------------------------------------------------------------

_YS = 7  # half-lane positions: y = 2·centre + 3 ∈ 0..6


def _track_template() -> tuple[list[str], dict[int, tuple[int, int]], str, str]:
    """The empty strip (7 lines), each cell's (line, column), and the ruler lines above and below."""
    grid: list[list[str]] = [[] for _ in range(_YS)]
    pos: dict[int, tuple[int, int]] = {}
    head: list[str] = []
    foot: list[str] = []
    for row in range(ROW_MIN, ROW_LAST + 1):
        cells = {int(2 * centre(row, lane) + 3): CELL_INDEX[(row, lane)] for lane in range(1, WIDTH[row] + 1)}
        head.append(" ")
        foot.append(str(row // 10) if row % 10 == 0 and row > 0 else ("0" if row % 10 == 1 and row > 1 else " "))
        for y in range(_YS):
            cell = cells.get(y)
            if cell is not None:
                pos[cell] = (y, len(grid[y]))
            grid[y].append(" " if cell is None else "·")
        sep = "|" if row == 0 else ("¦" if row in TIP_ROWS else ("#" if row == ROW_LAST else ""))
        if sep:
            head.append(">" if row == 0 else ("F" if row == ROW_LAST else str(TIP_ROWS.index(row) + 1)))
            foot.append(" ")
            for y in range(_YS):
                grid[y].append(sep)
    return ["".join(g) for g in grid], pos, "".join(head).rstrip(), "".join(foot).rstrip()


_STRIP, _POS, _HEAD, _FOOT = _track_template()


def _track(view: TopRaceView) -> str:
    """The track as a 7-line monospace strip, start left, finish right (broken-down cars in lower case)."""
    lines = [list(line) for line in _STRIP]
    for i, c in enumerate(view.ref):
        if c != OFF:
            y, x = _POS[c]
            lines[y][x] = CAR_LETTERS[i].lower()
    for i, c in enumerate(view.cell):
        if c != OFF:
            y, x = _POS[c]
            lines[y][x] = CAR_LETTERS[i]
    body = "\n".join("".join(line).rstrip() for line in lines)
    return f"```\n{_HEAD}\n{body}\n{_FOOT}\n```"


def _name(tr: Text, seat: int) -> str:
    name = tr.name(seat)
    return name if len(name) <= NAME_MAX else name[: NAME_MAX - 1] + "…"


def _money(tr: Text, amount: int, signed: bool = False) -> str:
    return money_sign(amount, signed) + tr("toprace.money", amount=fmt_money(amount))


def _car(view: TopRaceView, tr: Text, car: int) -> str:
    return f"{emoji(view.edition, car)} {tr(car_key(view.edition, car))}"


def _cell_text(tr: Text, cell: int) -> str:
    if ROW[cell] <= 0:
        return tr("toprace.board.grid_cell", n=1 - ROW[cell], lane=LANE[cell])
    return tr("toprace.board.cell", row=ROW[cell], lane=LANE[cell])


def _car_lines(view: TopRaceView, tr: Text) -> list[str]:
    out = []
    for car in range(NCARS):
        if view.phase == "auction" and view.cell[car] == OFF:
            where = tr("toprace.board.unsold") if view.placing != car else tr("toprace.board.placing")
        elif car in view.finish:
            where = tr("toprace.board.finished", place=view.finish.index(car) + 1)
        elif view.ref[car] != OFF:
            where = tr("toprace.board.broken", cell=_cell_text(tr, view.ref[car]))
        else:
            where = _cell_text(tr, view.cell[car])
        o = view.owner[car]
        if o >= 0:
            who = _name(tr, o)
        elif view.phase == "race" or view.cell[car] != OFF:
            who = tr("toprace.board.bank")
        else:
            who = "—"
        out.append(f"`{CAR_LETTERS[car]}` {_car(view, tr, car)} · {who} · {where}")
    return out


def _player_lines(view: TopRaceView, tr: Text) -> list[str]:
    out = []
    for s in range(view.players):
        mark = "▶" if s in view.to_act else ("💤" if view.skipped[s] else "•")
        cars = "".join(emoji(view.edition, c) for c in range(NCARS) if view.owner[c] == s)
        extra = ""
        if view.tip_open:
            extra = " ✅" if view.has_bet[s] else " ⏳"
        cards = tr("toprace.board.cards", n=view.hand_sizes[s])
        parts = [mark, f"**{_name(tr, s)}**", cars, _money(tr, view.money[s]), "·", cards + extra]
        out.append(" ".join(p for p in parts if p))
    return out


def _note_text(view: TopRaceView, tr: Text, note_kind: str, car: int, **kw: int) -> str:
    em = emoji(view.edition, car)
    if note_kind in ("move", "finish"):
        lost = kw["lost"]
        end = tr("toprace.note.finish") if kw["end"] == FINISH else _cell_text(tr, kw["end"])
        text = f"{em}→{end}"
        return text + (tr("toprace.note.lost", n=lost) if lost else "")
    if note_kind == "blocked":
        return tr("toprace.note.blocked", car=em, n=kw["lost"])
    if note_kind == "ignored":
        return tr("toprace.note.ignored", car=em, n=kw["points"])
    if note_kind == "turbo":
        return tr("toprace.note.turbo", car=em, front=emoji(view.edition, kw["other"]))
    if note_kind == "panne":
        return tr("toprace.note.panne", car=em)
    if note_kind == "release":
        return tr("toprace.note.release", car=em, cell=_cell_text(tr, kw["end"]))
    if note_kind == "joker":
        return f"{emoji(view.edition, JOKER)}{kw['points']}→{em}"
    return tr("toprace.note.no_effect")


def _last_line(view: TopRaceView, tr: Text) -> str | None:
    last = view.last
    if last is None:
        return None
    notes = [
        _note_text(view, tr, n.kind, n.car, end=n.end, lost=n.lost, points=n.points, other=n.other) for n in last.notes
    ]
    head = tr("toprace.board.last", seat=_name(tr, last.seat), card=last.card, desc=card_text(view.edition, last.card))
    return head + (" — " + ", ".join(notes) if notes else "")


def _status_line(view: TopRaceView, tr: Text) -> str:
    ed = view.edition
    if view.phase == "over":
        return tr("toprace.board.over")
    if view.tip_open:
        return tr("toprace.board.betting", tip=view.tip_open)
    who = _name(tr, view.turn)
    ask = view.ask
    if ask in ("bid", "amount"):
        car = view.revealed
        out = tr("toprace.board.offer", car=_car(view, tr, car), offer=view.offers, left=view.drivers_left)
        if view.high_bidder >= 0:
            out += " " + tr("toprace.board.high", amount=_money(tr, view.high), seat=_name(tr, view.high_bidder))
        out_seats = [_name(tr, s) for s in range(view.players) if view.passed[s]]
        if out_seats:
            out += " " + tr("toprace.board.out", seats=", ".join(out_seats))
        return out + "\n" + tr("toprace.board.to_bid", seat=who)
    if ask == "grid":
        return tr("toprace.board.to_place", seat=who, car=_car(view, tr, view.placing))
    if ask == "play":
        return tr("toprace.board.to_play", seat=who)
    if ask == "mode":
        return tr("toprace.board.to_mode", seat=who)
    if ask == "joker":
        return tr("toprace.board.to_joker", seat=who, points=view.points, joker=emoji(ed, JOKER))
    return tr("toprace.board.to_end", seat=who, car=_car(view, tr, view.car), points=view.points)


def _result_lines(view: TopRaceView, tr: Text) -> list[str]:
    """The last finished race: places with prizes, then every bet and its payout."""
    res = view.results[-1]
    ed = view.edition
    out = [tr("toprace.board.result", race=res.race)]
    parts = []
    for i, car in enumerate(res.places):
        o = res.owners[car]
        who = _name(tr, o) if o >= 0 else tr("toprace.board.bank")
        parts.append(f"{i + 1}. {emoji(ed, car)} {who} {_money(tr, res.prizes[car], True)}")
    out.append(" · ".join(parts))
    for s in range(view.players):
        bets = [b for b in res.bets if b.seat == s]
        if bets:
            items = " · ".join(
                f"T{b.tip} {'∅' if b.car == BET_NONE else emoji(ed, b.car)} {_money(tr, b.payout, True)}" for b in bets
            )
            out.append(tr("toprace.board.bets_line", seat=_name(tr, s), items=items))
    return out


def _standings(view: TopRaceView, tr: Text) -> list[str]:
    order = sorted(range(view.players), key=lambda s: (-view.money[s], s))
    out = [tr("toprace.board.standings")]
    rank = 0
    for i, s in enumerate(order):
        if i == 0 or view.money[s] != view.money[order[i - 1]]:
            rank = i + 1
        medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(rank, f"{rank}.")
        out.append(f"{medal} **{_name(tr, s)}** {_money(tr, view.money[s])}")
    return out


def _grand_prix_lines(view: TopRaceView, tr: Text) -> list[str]:
    """§7 for a Grand Prix: per player and race, cars with their place and prize, price paid, bets."""
    ed = view.edition
    out = [tr("toprace.board.gp_title")]
    for s in range(view.players):
        parts = []
        for res in view.results:
            cars = " ".join(
                f"{emoji(ed, car)}{place + 1}" for place, car in enumerate(res.places) if res.owners[car] == s
            )
            prize = sum(res.prizes[car] for car in range(len(res.owners)) if res.owners[car] == s)
            paid = sum(p.price for p in res.purchases if p.seat == s)
            bets = sum(b.payout for b in res.bets if b.seat == s)
            parts.append(
                tr(
                    "toprace.board.gp_race",
                    race=res.race,
                    cars=cars or "–",
                    prize=_money(tr, prize, True),
                    paid=_money(tr, paid),
                    bets=_money(tr, bets, True),
                )
            )
        out.append(tr("toprace.board.gp_line", seat=_name(tr, s), races=" | ".join(parts)))
    return out


def render_board(view: TopRaceView, tr: Text) -> str:
    """The public board: track strip, cars, players, TIP lines, last card, whose turn, results."""
    lines = [tr("toprace.board.title", race=view.race, races=view.races)]
    if view.phase == "over":
        lines += _standings(view, tr)
        if len(view.results) > 1:
            lines += _grand_prix_lines(view, tr)
        if view.results:
            lines += _result_lines(view, tr)
        return "\n".join(lines)
    if view.phase == "race":
        lines.append(_track(view))  # during the auction the car lines say where the grid cars are
    lines += _car_lines(view, tr)
    lines += _player_lines(view, tr)
    if view.betting and view.phase == "race":
        marks = " ".join(f"{k + 1}{'✅' if view.tips[k] else '▫️'}" for k in range(3))
        lines.append(tr("toprace.board.tips", marks=marks))
    if view.phase == "auction" and view.results:
        lines += _result_lines(view, tr)
    last = _last_line(view, tr)
    if last and view.phase == "race":
        lines.append(last)
    lines.append(_status_line(view, tr))
    return "\n".join(lines)


def render_private(view: TopRaceView, tr: Text) -> str:
    """One seat's hand (cars and numbers in slot order), own bets this race and current question."""
    lines = [tr("toprace.private.title", race=view.race, races=view.races)]
    hand = view.hand or ()
    if hand:
        lines.append(tr("toprace.private.hand", n=len(hand)))
        lines += [f"`#{c}` {card_text(view.edition, c)}" for c in hand]
    else:
        lines.append(tr("toprace.private.no_hand"))
    if view.my_bets and view.phase != "over":
        bets = [
            f"T{k + 1} " + (tr("toprace.private.no_bet") if b == BET_NONE else _car(view, tr, b))
            for k, b in enumerate(view.my_bets)
            if b != NOT_BET
        ]
        if bets:
            lines.append(tr("toprace.private.bets", bets=" · ".join(bets)))
    if view.question is not None:
        lines.append("❓ " + tr.msg(view.question))
    return "\n".join(lines)
