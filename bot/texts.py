"""What the service writes: boards, private views, the choices of open decisions, the Outbox of a
move, the public history and the final standings, in the reader's language."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.clock import Clocks, TableSettings, deadline, iso
from bot.core import ServiceCore, Step
from bot.errors import GameOver, NoTable
from bot.i18n import Text, catalogue, duration, t
from bot.outbox import Ask, Choice, Clock, Outbox, Place, Player
from db.store import TableRecord
from rules.engine import Game, Outcome


class Texts(ServiceCore):
    """Text and choices, drawn from the game's views (never from its state directly)."""

    def _picture(self, table: TableRecord, state: Any) -> Callable[[], bytes] | None:
        """The public board as a picture, drawn on demand from the public view (if the game has one)."""
        rules = self._rules(table.game)
        draw = rules.presentation.render_picture
        if draw is None:
            return None
        view = rules.view(state, None)
        tr = Text(table.locale, self._names(table))
        return lambda: draw(view, tr)

    def _board_text(self, table: TableRecord, state: Any, *, closing: bool = False) -> str:
        rules = self._rules(table.game)
        tr = Text(table.locale, self._names(table))
        board = rules.presentation.render_board(rules.view(state, None), tr)
        if closing:
            board += "\n" + t("table.board_cancelled", table.locale)
        return board

    def _private_text(self, table: TableRecord, state: Any, seat: int, locale: str | None, *, ask: bool) -> str:
        rules = self._rules(table.game)
        tr = Text(locale, self._names(table))
        header = t("table.private_header", locale, game=t(f"{table.game}.name", locale), table=table.id)
        parts = [header, rules.presentation.render_private(rules.view(state, seat), tr)]
        if ask and seat in rules.to_act(state):
            label = rules.presentation.action_label
            labels = [tr.msg(label(state, seat, a)) for a in rules.legal_actions(state, seat)]
            parts.append(t("table.your_choices", locale, choices=" · ".join(labels)))
        return "\n".join(p for p in parts if p)

    def _ask(self, table: TableRecord, seat: int, locale: str | None) -> Ask:
        """``seat``'s open decision: its private choices and what a public message may offer."""
        rules = self._rules(table.game)
        state = self._state(table)
        tr = Text(locale, self._names(table))
        label = rules.presentation.action_label

        labels: dict[str, str] = {}  # code -> label, each drawn once for both lists

        def choices(actions: Any) -> tuple[Choice, ...]:
            found = []
            for action in actions:
                code = rules.action_code(action)
                if code not in labels:
                    labels[code] = tr.msg(label(state, seat, action))
                found.append(Choice(code, labels[code]))
            return tuple(found)

        offered = rules.public_choices(state, seat)
        decision = table.decision_of(seat)
        return Ask(
            table.id,
            seat,
            table.seats[seat].user_id,
            decision.ply if decision else table.ply,
            tr.msg(rules.presentation.prompt(state, seat)),
            choices(rules.legal_actions(state, seat)),
            None if offered is None else choices(offered),
        )

    def _waiting_on(self, table: TableRecord) -> list[str]:
        return [table.seats[d.seat].user_id for d in table.decisions if not table.seats[d.seat].is_ai]

    def _lobby_outbox(self, table: TableRecord) -> Outbox:
        rules = self._rules(table.game)
        loc = table.locale
        out = Outbox(table.id, table.game)
        options = " · ".join(option_text(table.game, k, v, loc) for k, v in table.options.items()) or "-"
        out.board = t(
            "lobby.board",
            loc,
            game=t(f"{table.game}.name", loc),
            table=table.id,
            players="\n".join(f"• {s.name}" for s in table.seats),
            count=len(table.seats),
            min=rules.min_players,
            max=rules.max_players,
            host=self._name_of(table, table.host_id),
            options=options,
        )
        out.moved = True
        return out

    def _move_outbox(
        self,
        table: TableRecord,
        step: Step,
        *,
        actor: int | None,
        reply_to: Player | None = None,
        everyone_private: bool = False,
    ) -> Outbox:
        rules = self._rules(table.game)
        names = self._names(table)
        public = Text(table.locale, names)
        out = Outbox(table.id, table.game, over=step.write.status == "over", moved=True)
        out.board = self._board_text(table, step.state)
        out.picture = self._picture(table, step.state)
        out.asks = [self._ask(table, d.seat, table.locale) for d in table.decisions]
        secret = {ask.seat for ask in out.asks if ask.secret}
        out.events.extend(public.msg(e) for _, e in step.events if e.to is None)
        if out.over:
            out.results = "\n".join(self._results(table, rules, step.state, table.locale))
        out.clocks, out.paused_until = self._clock_lines(table)
        # Mention whoever is newly asked, except the player who is acting right now.
        out.mentions = [table.seats[s].user_id for s in sorted(step.opened) if not table.seats[s].is_ai and s != actor]
        for rec in table.seats:
            if rec.is_ai or rec.seat is None or rec.seat == actor:
                continue
            mine = [e for _, e in step.events if e.to is not None and rec.seat in e.to]
            # A secret decision (a hand to play from, a bet) that opens is sent privately.
            newly_secret = rec.seat in step.opened and rec.seat in secret
            if everyone_private or mine or newly_secret:
                tr = Text(rec.locale, names)
                lines = [tr.msg(e) for e in mine]
                body = self._private_text(table, step.state, rec.seat, rec.locale, ask=True)
                out.private[rec.user_id] = "\n".join([body, *lines]) if lines else body
        if reply_to is not None and actor is not None:
            tr = Text(reply_to.locale, names)
            own = [tr.msg(e) for _, e in step.events if e.to is not None and actor in e.to]
            lines = [t("table.you_played", reply_to.locale, action=tr.msg(step.played))] if step.played else []
            lines.extend(own)
            if actor in rules.to_act(step.state):
                lines.append(self._private_text(table, step.state, actor, reply_to.locale, ask=True))
            out.reply = "\n".join(lines)
        return out

    async def _live_or_over(self, place: Place, locale: str | None) -> TableRecord:
        """The live table of ``place``; if its last game has ended, say so with its standings."""
        try:
            return await self._live(place)
        except NoTable:
            last = await self.store.last_table(place.channel_id)
            if last is None or last.status != "over":
                raise
            rules = self._rules(last.game)
            results = self._results(last, rules, self._state(last), locale)
            raise GameOver("error.game_over_results", standings="\n".join(results), game=last.game) from None

    def _results(self, table: TableRecord, rules: Game[Any, Any, Any], state: Any, locale: str | None) -> list[str]:
        """The final standings, how a tie on the score was broken, and which seats the AI played."""
        outcome = rules.outcome(state)
        if outcome is None:
            return []
        lines = standings_text(table, outcome, locale)
        stored = json.loads(table.results) if table.results else {}
        for row in stored.get("standings", []):
            if not row.get("ai") and row.get("ai_seconds", 0) > 0:
                lines.append(t("table.ai_played", locale, player=row["name"], time=duration(row["ai_seconds"], locale)))
        return lines

    def _clock_lines(self, table: TableRecord) -> tuple[list[Clock], str | None]:
        """Whose clocks run now (present humans with a decision open), or until when it is paused."""
        settings = TableSettings.from_json(table.settings)
        clocks = Clocks.from_json(table.clocks, len(table.seats), settings)
        if table.status != "active":
            return [], None
        if clocks.paused:
            return [], iso(self.clock() + clocks.pause_left(self.clock()))
        if not settings.timed:
            return [], None
        running = [
            Clock(table.seats[d.seat].user_id, table.seats[d.seat].name, iso(deadline(d.since, clocks.seats[d.seat])))
            for d in table.decisions
            if not table.seats[d.seat].is_ai and not clocks.seats[d.seat].away
        ]
        return running, None


def option_text(game: str, name: str, value: str, locale: str) -> str:
    """An option as players set it: the slash command's option name and choice label."""
    entries = catalogue(locale)
    label = entries.get(f"cmd.{game}.new.{name}.name", name)
    return t("lobby.option", locale, name=label, value=entries.get(f"cmd.{game}.new.{name}.{value}", value))


def game_key(game: str, name: str) -> str:
    """The game's own text ``<game>.<name>`` where it has one, else the shared ``table.<name>``."""
    own = f"{game}.{name}"
    return own if own in catalogue("en") else f"table.{name}"


def score_text(game: str, score: int, locale: str | None) -> str:
    """A final score in the game's unit (``<game>.score``: money, points...), or the bare number."""
    return t(game_key(game, "score"), locale, score=score)


def standings_text(table: TableRecord, outcome: Outcome, locale: str | None) -> list[str]:
    """The standings as lines: rank, player, score; then how a tie on the score was decided.

    A game whose score is only its ranking (Racebow's places) gives its own line,
    ``<game>.standing``, which leaves the number out."""
    names = [s.name for s in table.seats]
    lines = [t("table.standings_header", locale)]
    line = game_key(table.game, "standing")
    for standing in outcome.standings:
        lines.append(
            t(
                line,
                locale,
                rank=standing.rank,
                player=names[standing.seat],
                score=score_text(table.game, standing.score, locale),
            )
        )
    first = outcome.standings[0]
    tied = [s for s in outcome.standings if s.score == first.score]
    if len(tied) < 2:
        return lines
    if len(outcome.winners()) > 1:
        lines.append(t("table.tie_shared", locale, players=", ".join(names[s.seat] for s in tied)))
        return lines
    # The winner tied on the score: say which tie-break settled it, and by how much.
    contenders = tied[1:]
    for index, key in enumerate(outcome.tiebreaks):
        equal = [s for s in contenders if s.keys[index] == first.keys[index]]
        if not equal:
            runner = max(s.keys[index] for s in contenders)
            lines.append(
                t(
                    "table.tiebreak",
                    locale,
                    player=names[first.seat],
                    tiebreak=t(key, locale),
                    best=first.keys[index],
                    other=runner,
                )
            )
            break
        contenders = equal
    return lines
