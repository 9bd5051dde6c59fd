"""Golden playthroughs: seeded AI games written ply by ply (action, public board, private views).

    python -m tests.golden.regen            # rewrite every game's transcripts
    python -m tests.golden.regen mogul      # one game

Each game lists its playthroughs in ``tests/golden/<game>/playthroughs.json`` (name, players,
options, seed, locale), so a new game needs no edit here. Review the diff before committing it:
a changed line is a changed behaviour.
"""

from __future__ import annotations

import difflib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bot.i18n import Text
from rules.engine import Event, ai_player, playout, rng_for
from rules.registry import GAMES

HERE = Path(__file__).resolve().parent
NAMES = ["Ann", "Ben", "Cyd", "Dee", "Eve", "Fay"]


# Like scripts/pictures.py's Shot (a seeded game's players, seed, options), with what only a transcript
# needs (its name and language).
@dataclass(frozen=True)
class Playthrough:
    """One golden playthrough: players, options, seed, language."""

    name: str
    players: int
    seed: int
    options: dict[str, str] = field(default_factory=dict)
    locale: str = "en"


def playthroughs(game: str) -> list[Playthrough]:
    """The playthroughs a game's golden folder lists (none if it has no folder yet)."""
    path = HERE / game / "playthroughs.json"
    if not path.exists():
        return []
    return [Playthrough(**entry) for entry in json.loads(path.read_text(encoding="utf-8"))]


PLAYTHROUGHS: dict[str, list[Playthrough]] = {game: playthroughs(game) for game in sorted(GAMES)}


def transcript(game: str, spec: Playthrough) -> str:
    """The whole playthrough as text."""
    rules = GAMES[game]
    ui = rules.presentation
    tr = Text(spec.locale, NAMES[: spec.players])
    options = rules.check_options(spec.players, spec.options)
    state, opening = rules.setup(spec.players, options, rng_for(spec.seed, 0))
    lines = [f"# {game} {spec.name}: {spec.players} players, options {options}, seed {spec.seed}", ""]
    shown: dict[str, str] = {}

    def tell(events: list[Event]) -> None:
        for event in events:
            audience = "all" if event.to is None else ",".join(tr.name(s) for s in sorted(event.to))
            lines.append(f"- [{audience}] {tr.msg(event)}")

    def snapshot() -> None:
        # The first snapshot is written whole; later ones only as the lines that changed, so a
        # transcript stays small enough to review as a diff.
        texts = {"public": ui.render_board(rules.view(state, None), tr)}
        for seat in range(spec.players):
            texts[f"private {tr.name(seat)}"] = ui.render_private(rules.view(state, seat), tr)
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

    if opening:
        lines.append("# setup")
        tell(opening)
    snapshot()
    for ply in playout(rules, state, spec.seed, ai_player(rules, spec.seed)):
        label = tr.msg(ui.action_label(ply.before, ply.seat, ply.action))
        state = ply.after
        lines.append(f"# ply {ply.number}: {tr.name(ply.seat)} {rules.action_code(ply.action)} ({label})")
        tell(ply.events)
        snapshot()
    return "\n".join(lines) + "\n"


def path_of(game: str, spec: Playthrough) -> Path:
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
