"""Golden playthroughs: seeded AI games written ply by ply (action, public board, private views).

    python -m tests.golden.regen            # rewrite every game's transcripts
    python -m tests.golden.regen mogul      # one game

Review the diff before committing it: a changed line is a changed behaviour.
"""

from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.i18n import Text
from rules.engine import rng_for
from rules.registry import GAMES

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Game:
    """One golden playthrough: players, options, seed, language."""

    name: str
    players: int
    options: dict[str, str]
    seed: int
    locale: str = "en"


PLAYTHROUGHS: dict[str, list[Game]] = {
    "mogul": [
        Game("3p-default", 3, {}, 11),
        Game("4p-loan2-pick-fr", 4, {"loan_cost": "2", "quick_start": "pick"}, 12, "fr"),
    ],
    "toprace": [
        Game("3p-default", 3, {}, 21),
        Game("5p-alt-3races-fr", 5, {"edition": "alt", "races": "3", "allow_no_bet": "on"}, 22, "fr"),
    ],
}


def transcript(game: str, spec: Game) -> str:
    """The whole playthrough as text."""
    rules: Any = GAMES[game]
    names = ["Ann", "Ben", "Cyd", "Dee", "Eve", "Fay"][: spec.players]
    tr = Text(spec.locale, names)
    options = rules.check_options(spec.players, spec.options)
    state = rules.setup(spec.players, options, rng_for(spec.seed, 0))
    lines = [f"# {game} {spec.name}: {spec.players} players, options {options}, seed {spec.seed}", ""]

    shown: dict[str, str] = {}

    def snapshot() -> None:
        # The first snapshot is written whole; later ones only as the lines that changed, so a
        # transcript stays small enough to review as a diff.
        texts = {"public": rules.render_board(rules.view(state, None), tr)}
        for seat in range(spec.players):
            texts[f"private {tr.name(seat)}"] = rules.render_private(rules.view(state, seat), tr)
        for title, text in texts.items():
            before = shown.get(title)
            if before is None:
                lines.append(f"## {title}")
                lines.append(text)
            elif before != text:
                lines.append(f"## {title} (changed lines)")
                lines.extend(line for line in difflib.ndiff(before.splitlines(), text.splitlines()) if line[:1] in "+-")
            shown[title] = text
        lines.append("")

    snapshot()
    ply = 0
    while rules.to_act(state):
        ply += 1
        seat = min(rules.to_act(state))
        action = rules.ai_action(state, seat, rng_for(f"{spec.seed}:ai", ply))
        label = tr.msg(rules.action_label(state, seat, action))
        state, events = rules.apply(state, seat, action, rng_for(spec.seed, ply))
        lines.append(f"# ply {ply}: {tr.name(seat)} {rules.action_code(action)} ({label})")
        for event in events:
            audience = "all" if event.to is None else ",".join(tr.name(s) for s in sorted(event.to))
            lines.append(f"- [{audience}] {tr.msg(event)}")
        snapshot()
    return "\n".join(lines) + "\n"


def path_of(game: str, spec: Game) -> Path:
    """Where a playthrough's transcript lives."""
    return HERE / game / f"{spec.name}.txt"


def main(argv: list[str]) -> int:
    """Rewrite the transcripts of the named games (all by default)."""
    for game in argv or sorted(PLAYTHROUGHS):
        if game not in GAMES:
            print(f"skipping {game}: not registered")
            continue
        for spec in PLAYTHROUGHS[game]:
            path = path_of(game, spec)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(transcript(game, spec), encoding="utf-8")
            print(f"wrote {path.relative_to(HERE.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
