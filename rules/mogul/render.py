"""How Mogul reads to players: button labels, prompts, the public board and one seat's panel.

Labels and prompts are catalogue keys with their parameters (``Msg``); boards are text in the
reader's language. Emoji stay outside code blocks; the final standings table is the only code
block. The board reads only public fields of the view, so a seat's view renders the same board
as the channel's.
"""

from __future__ import annotations

from rules.engine import PLACE, Msg, Seat, Text, msg, rank_by

from .actions import MogulAction
from .data import CARDS, COLOUR_EMOJI, COLOUR_INDEX, COLOURS, CRASH, centre_count, colour_key, share_terms
from .scoring import chip_points
from .state import MogulState
from .view import FinalRow, MogulSeatView, MogulView, PlayerView, shares_by_colour

BOARD_LIMIT = 1900


# Each game's button labels branch on its own action kinds, one message each: the shape looks like
# Top Race's ``render.label``, the kinds and texts are Mogul's.
def action_label(state: MogulState, seat: Seat, action: MogulAction) -> Msg:
    """A short button label, e.g. "Drop out (take the pot: 3)" or "Sell 2 pink × 4 (+8)"."""
    kind = action.kind
    if kind == "pay":
        return msg("mogul.action.pay")
    if kind == "drop":
        return msg("mogul.action.drop", params={"pot": state.pot})
    if kind == "loan":
        return msg("mogul.action.loan", params={"cost": state.loan_cost})
    on_offer = state.revealed if state.revealed in CARDS else None
    if kind == "take":
        if on_offer is None:
            return msg("mogul.action.take_plain")
        return msg("mogul.action.take", params={"card": on_offer}, terms=share_terms(CARDS[on_offer].centre))
    if kind == "decline":
        if on_offer is None:
            return msg("mogul.action.decline_plain")
        return msg("mogul.action.decline", params={"card": on_offer})
    if kind == "pick":
        return msg("mogul.action.pick", params={"card": action.card}, terms=share_terms(CARDS[action.card].centre))
    if action.count == 0:
        if state.phase != "winner":
            return msg("mogul.action.sell_none")
        return msg("mogul.action.sell_block" if state.sale_value else "mogul.action.sell_pass")
    if on_offer is None:
        return msg("mogul.action.sell_plain", params={"k": action.count})
    n = state.sale_value
    return msg(
        "mogul.action.sell",
        params={"k": action.count, "n": n, "points": action.count * n},
        terms=share_terms(CARDS[on_offer].border),
    )


def _owned(state: MogulState | MogulView, seat: Seat, colour: str) -> int:
    """How many ``colour``-centre shares ``seat`` owns, read from the state or from a view."""
    if isinstance(state, MogulView):
        return state.table[seat].shares[COLOUR_INDEX[colour]]
    return centre_count(state.shares[seat], colour)


def _winner_key(key: str, state: MogulState | MogulView, seat: Seat, border: str) -> str:
    """What the winner's choice says (MG-ACT-2/5): sell at n; or, owning no share to sell, sell
    nothing to stop the runner-up selling; or, when nobody owns one, leave the share to the runner-up."""
    if not state.sale_value:
        return f"{key}_unsold"
    return key if _owned(state, seat, border) else f"{key}_block"


def prompt(state: MogulState | MogulView, seat: Seat) -> Msg:
    """What ``seat`` is asked now, or whom it waits for (from the state, or from a view)."""
    if state.phase == "over":
        return msg("mogul.prompt.over")
    if seat != state.turn:
        return msg("mogul.prompt.wait", seats={"player": state.turn})
    if state.phase == "pick":
        return msg("mogul.prompt.pick")
    card = state.revealed or ""
    if state.phase == "auction":
        return msg(
            "mogul.prompt.auction", params={"card": card, "pot": state.pot}, terms=share_terms(CARDS[card].centre)
        )
    border = share_terms(CARDS[card].border)
    if state.phase == "winner":
        key = _winner_key("mogul.prompt.winner", state, seat, CARDS[card].border)
        return msg(key, params={"card": card, "n": state.sale_value}, terms=border)
    assert state.winner is not None
    if state.phase == "runner_sell":
        return msg(
            "mogul.prompt.runner_sell", params={"n": state.sale_value}, terms=border, seats={"winner": state.winner}
        )
    return msg("mogul.prompt.runner_take", params={"card": card}, seats={"winner": state.winner})


def colour_name(tr: Text, colour: str, form: str = "") -> str:
    """The translated colour name with its emoji, alone or as the adjective of shares (``form``)."""
    return f"{COLOUR_EMOJI[colour]} {tr(colour_key(colour, form))}"


def counts_text(counts: tuple[int, ...], tr: Text) -> str:
    """'🟫2 🩷1' for shares counted by colour, or the 'none' word."""
    parts = [f"{COLOUR_EMOJI[c]}{k}" for c, k in zip(COLOURS, counts, strict=True) if k]
    return " ".join(parts) if parts else tr("mogul.board.no_shares")


def card_text(card_id: str) -> str:
    """'M09 🟩/🩷': a card with its centre and border emoji (the legend says which is which)."""
    card = CARDS[card_id]
    return f"{card_id} {COLOUR_EMOJI[card.centre]}/{COLOUR_EMOJI[card.border]}"


def last_moves(view: MogulView, seat: Seat, tr: Text) -> list[str]:
    """What ``seat`` did in the latest ply, as its player line says it (✨, explained by the legend)."""
    said = []
    for move in view.last:
        if move.seat != seat:
            continue
        if move.kind == "sell" and not move.count:
            said.append(tr("mogul.board.last.sell_none"))
        else:
            said.append(tr(f"mogul.board.last.{move.kind}", count=move.count, card=move.card))
    return said


def _player_line(view: MogulView, player: PlayerView, tr: Text) -> str:
    extras: list[str] = []
    if view.phase == "auction":
        extras.append(tr("mogul.board.in") if player.in_auction else tr("mogul.board.out"))
        if player.loaned_now:
            extras.append(tr("mogul.board.loan_now"))
    elif view.phase in ("winner", "runner_sell", "runner_take"):
        if player.seat == view.winner:
            extras.append(tr("mogul.board.winner"))
        elif player.seat == view.last_drop:
            extras.append(tr("mogul.board.runner"))
    if player.dividend and view.phase != "over":
        extras.append(tr("mogul.board.dividend", points=player.dividend))
    if player.loans:
        extras.append(tr("mogul.board.loans", loans=player.loans))
    extras += last_moves(view, player.seat, tr)
    marker = "▶️" if player.seat == view.turn else ("⭐" if player.seat == view.first else "▫️")
    line = tr(
        "mogul.board.player",
        marker=marker,
        player=tr.name(player.seat),
        score=player.score,
        shares=counts_text(player.shares, tr),
    )
    return line + "".join(f" · {extra}" for extra in extras)


def _asked(view: MogulView, tr: Text) -> str:
    """The public line saying who decides what."""
    player = tr.name(view.turn)
    if view.phase == "pick":
        return tr("mogul.board.asks.pick", player=player)
    if view.phase == "auction":
        return tr("mogul.board.asks.auction", player=player, pot=view.pot)
    assert view.revealed is not None
    colours = colour_name(tr, CARDS[view.revealed].border, "shares")
    if view.phase == "winner":
        key = _winner_key("mogul.board.asks.winner", view, view.turn, CARDS[view.revealed].border)
        return tr(key, player=player, colours=colours, n=view.sale_value)
    if view.phase == "runner_sell":
        return tr("mogul.board.asks.runner_sell", player=player, colours=colours, n=view.sale_value)
    return tr("mogul.board.asks.runner_take", player=player, card=view.revealed)


PHONE_WIDTH = 40
"""The widest line a code block may hold before a phone scrolls it sideways."""


def standings_table(rows: tuple[FinalRow, ...], tr: Text) -> str:
    """§7 table in a code block no wider than a phone: rank, player, track, chips, chips ÷ 5,
    final, shares. Names are cut (…) to what the other columns leave."""
    headers = [
        tr("mogul.standings.rank"),
        tr("mogul.standings.player"),
        tr("mogul.standings.track"),
        tr("mogul.standings.chips"),
        tr("mogul.standings.bonus"),
        tr("mogul.standings.final"),
        tr("mogul.standings.shares"),
    ]
    body = [
        [
            str(row.rank),
            tr.name(row.seat),
            str(row.track),
            str(row.chips),
            str(row.bonus),
            str(row.final),
            str(row.shares),
        ]
        for row in rows
    ]
    widths = [max(len(line[i]) for line in [headers, *body]) for i in range(len(headers))]
    room = PHONE_WIDTH - (sum(widths) - widths[1]) - (len(widths) - 1)
    widths[1] = max(len(headers[1]), min(widths[1], room))
    for line in body:
        if len(line[1]) > widths[1]:
            line[1] = line[1][: widths[1] - 1] + "…"

    def fmt(cells: list[str]) -> str:
        """One row: the name left-aligned, numbers right-aligned."""
        return " ".join(
            cell.ljust(width) if i == 1 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "```\n" + "\n".join(fmt(line) for line in [headers, *body]) + "\n```"


def render_board(view: MogulView, tr: Text) -> str:
    """The public board: card, money, deck, discard, players, who must act (or the results), and a
    legend of its symbols. Never a chip count before the end; at most 1,900 characters."""
    lines: list[str] = []
    over = view.phase == "over"
    if view.phase == "pick":
        lines.append(tr("mogul.board.title_pick", player=tr.name(view.first)))
    else:
        lines.append(tr("mogul.board.title", round=view.round, player=tr.name(view.first)))
    if over:
        lines.append(tr("mogul.board.crash"))
    elif view.revealed and view.revealed != CRASH:
        card = CARDS[view.revealed]
        lines.append(
            tr(
                "mogul.board.revealed" if view.sale_value else "mogul.board.revealed_unsold",
                card=view.revealed,
                centre=colour_name(tr, card.centre),
                border=colour_name(tr, card.border),
                colours=colour_name(tr, card.border, "shares"),
                n=view.sale_value,
            )
        )
        if view.taker is not None:
            lines.append(tr("mogul.board.taken", player=tr.name(view.taker), card=view.revealed))
    if view.phase == "pick":
        lines.append(tr("mogul.board.money_pick", bank=view.bank, deck=view.deck_size))
    elif not over:
        lines.append(tr("mogul.board.money", pot=view.pot, bank=view.bank, deck=view.deck_size))
    discard_counts = shares_by_colour(view.discard)
    lines.append(tr("mogul.board.discard", count=len(view.discard), cards=counts_text(discard_counts, tr)))
    if view.phase == "pick":
        pile = "  ".join(f"{card_text(c)} {tr(colour_key(CARDS[c].centre, 'share'))}" for c in view.pick_pile)
        lines.append(tr("mogul.board.pick_pile", cards=pile))
        order = ", ".join(tr.name(s) for s in view.pick_order)
        lines.append(tr("mogul.board.pick_order", players=order))
    lines.append("")
    lines.extend(_player_line(view, player, tr) for player in view.table)
    lines.append("")
    if over and view.final_standings is not None:
        lines.extend(tr.msg(said) for said in view.verdict)
        lines.append(standings_table(view.final_standings, tr))
        lines.append(tr("mogul.standings.legend"))
    else:
        lines.append(_asked(view, tr))
    legend = tr("mogul.board.legend")
    if view.last:
        legend += " · " + tr("mogul.board.legend_last")
    lines.append(legend)
    text = "\n".join(lines)
    if len(text) > BOARD_LIMIT:  # only reachable with absurdly long names: keep the message valid
        text = text[: BOARD_LIMIT - 1] + "…"
    return text


def render_private(view: MogulView, tr: Text) -> str:
    """One seat's panel: chips, shares, score and the current question."""
    if not isinstance(view, MogulSeatView):
        return tr("mogul.private.spectator")
    me = view.table[view.seat]
    lines = [
        tr("mogul.private.title", player=tr.name(view.seat)),
        tr("mogul.private.chips", chips=view.chips, points=chip_points(view.chips)),
        tr("mogul.private.shares", shares=counts_text(me.shares, tr), score=me.score),
    ]
    if me.loans:
        lines.append(tr("mogul.private.loans", loans=me.loans))
    lines.append(f"➡️ {tr.msg(prompt(view, view.seat))}")
    return "\n".join(lines)


def tally(view: MogulView, seat: Seat) -> dict[str, int]:
    """What counts for ``seat``: score, shares, loans, its place (the final one once the Crash
    came), and its chips in its own view only (chips are secret)."""
    player = view.table[seat]
    found = {
        "mogul.tally.score": player.score,
        "mogul.tally.shares": sum(player.shares),
        "mogul.tally.loans": player.loans,
    }
    if isinstance(view, MogulSeatView) and view.seat == seat:
        found["mogul.tally.chips"] = view.chips
    if view.final_standings:
        found[PLACE] = next(row.rank for row in view.final_standings if row.seat == seat)
    else:
        found[PLACE] = dict(rank_by([(p.seat, (p.score,)) for p in view.table]))[seat]
    return found
