"""How Mogul reads to players: button labels, prompts, the public board and one seat's panel.

Labels and prompts are catalogue keys with their parameters (``Msg``); boards are text in the
reader's language. Emoji stay outside code blocks; the final standings table is the only code
block. The board reads only public fields of the view, so a seat's view renders the same board
as the channel's.
"""

from __future__ import annotations

from rules.engine import Msg, Seat, Text, msg

from .actions import MogulAction
from .data import CARDS, COLOUR_EMOJI, COLOURS, CRASH, colour_key
from .state import MogulState
from .view import FinalRow, MogulSeatView, MogulView, PlayerView, shares_by_colour

BOARD_LIMIT = 1900
NAME_WIDTH = 14


def _centre_key(card_id: str) -> str:
    """The catalogue key of a card's centre colour."""
    return colour_key(CARDS[card_id].centre)


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
        return msg("mogul.action.take", params={"card": on_offer}, terms={"colour": _centre_key(on_offer)})
    if kind == "decline":
        if on_offer is None:
            return msg("mogul.action.decline_plain")
        return msg("mogul.action.decline", params={"card": on_offer})
    if kind == "pick":
        return msg("mogul.action.pick", params={"card": action.card}, terms={"colour": _centre_key(action.card)})
    if action.count == 0:
        return msg("mogul.action.sell_block" if state.phase == "winner" else "mogul.action.sell_none")
    if on_offer is None:
        return msg("mogul.action.sell_plain", params={"k": action.count})
    n = state.sale_value
    return msg(
        "mogul.action.sell",
        params={"k": action.count, "n": n, "points": action.count * n},
        terms={"colour": colour_key(CARDS[on_offer].border)},
    )


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
        return msg("mogul.prompt.auction", params={"card": card, "pot": state.pot}, terms={"colour": _centre_key(card)})
    border = {"colour": colour_key(CARDS[card].border)}
    if state.phase == "winner":
        return msg("mogul.prompt.winner", params={"card": card, "n": state.sale_value}, terms=border)
    assert state.winner is not None
    if state.phase == "runner_sell":
        return msg(
            "mogul.prompt.runner_sell", params={"n": state.sale_value}, terms=border, seats={"winner": state.winner}
        )
    return msg("mogul.prompt.runner_take", params={"card": card}, seats={"winner": state.winner})


def colour_name(tr: Text, colour: str) -> str:
    """The translated colour name with its emoji."""
    return f"{COLOUR_EMOJI[colour]} {tr(colour_key(colour))}"


def counts_text(counts: tuple[int, ...], tr: Text) -> str:
    """'🟫2 🩷1' for shares counted by colour, or the 'none' word."""
    parts = [f"{COLOUR_EMOJI[c]}{k}" for c, k in zip(COLOURS, counts, strict=True) if k]
    return " ".join(parts) if parts else tr("mogul.board.no_shares")


def card_text(tr: Text, card_id: str) -> str:
    """'M09 🟩/🩷': a card with its centre and border emoji."""
    card = CARDS[card_id]
    return f"{card_id} {COLOUR_EMOJI[card.centre]}/{COLOUR_EMOJI[card.border]}"


def _player_line(view: MogulView, player: PlayerView, tr: Text) -> str:
    extras: list[str] = []
    if view.phase == "over":
        pass
    elif view.phase == "auction":
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
    border = colour_name(tr, CARDS[view.revealed].border)
    if view.phase == "winner":
        return tr("mogul.board.asks.winner", player=player, colour=border, n=view.sale_value)
    if view.phase == "runner_sell":
        return tr("mogul.board.asks.runner_sell", player=player, colour=border, n=view.sale_value)
    return tr("mogul.board.asks.runner_take", player=player, card=view.revealed)


def standings_table(rows: tuple[FinalRow, ...], tr: Text) -> str:
    """§7 table in a code block: rank, player, track, chips, chips ÷ 5, final, shares."""
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
            tr.name(row.seat)[:NAME_WIDTH],
            str(row.track),
            str(row.chips),
            str(row.bonus),
            str(row.final),
            str(row.shares),
        ]
        for row in rows
    ]
    widths = [max(len(line[i]) for line in [headers, *body]) for i in range(len(headers))]

    def fmt(cells: list[str]) -> str:
        return " ".join(
            cell.ljust(width) if i == 1 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "```\n" + "\n".join(fmt(line) for line in [headers, *body]) + "\n```"


def render_board(view: MogulView, tr: Text) -> str:
    """The public board: card, money, deck, discard, players, and who must act (or the results)."""
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
                "mogul.board.revealed",
                card=view.revealed,
                centre=colour_name(tr, card.centre),
                border=colour_name(tr, card.border),
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
        pile = "  ".join(f"{card_text(tr, c)} {tr(_centre_key(c))}" for c in view.pick_pile)
        lines.append(tr("mogul.board.pick_pile", cards=pile))
        order = ", ".join(tr.name(s) for s in view.pick_order)
        lines.append(tr("mogul.board.pick_order", players=order))
    lines.append("")
    lines.extend(_player_line(view, player, tr) for player in view.table)
    lines.append("")
    if over and view.final_standings is not None:
        winners = ", ".join(tr.name(row.seat) for row in view.final_standings if row.rank == 1)
        lines.append(tr("mogul.board.winners", players=winners))
        lines.append(standings_table(view.final_standings, tr))
    else:
        lines.append(_asked(view, tr))
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
        tr("mogul.private.chips", chips=view.chips, points=view.chips // 5),
        tr("mogul.private.shares", shares=counts_text(me.shares, tr), score=me.score),
    ]
    if me.loans:
        lines.append(tr("mogul.private.loans", loans=me.loans))
    lines.append(f"➡️ {tr.msg(prompt(view, view.seat))}")
    return "\n".join(lines)
