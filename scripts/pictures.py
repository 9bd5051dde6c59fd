"""Draw the README's pictures: one PNG per game, a position in the middle of a seeded AI game.

    python scripts/pictures.py           # writes docs/pictures/<game>.png and pictures.json
    python scripts/pictures.py --check   # exits 1 if a committed picture differs from a new one

The pictures are the bot's own (``render_picture`` of the public view), in English. A test
(tests/test_readme_pictures.py) checks that the committed files are what this script draws now:
pixel for pixel with the Pillow version recorded in pictures.json (its bundled FreeType draws the
text), and at least that they decode at the same size with another version.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

import PIL
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.i18n import Text
from rules.engine import ai_player, playout
from rules.registry import GAMES

OUT = Path(__file__).resolve().parent.parent / "docs" / "pictures"
NAMES = ["Ann", "Ben", "Cyd", "Dee", "Eve", "Fay"]


# Like tests/golden/regen.py's Playthrough (a seeded game's players, seed, options), with what only a
# picture needs (how far into the game); the usual names are the same six.
@dataclass(frozen=True)
class Shot:
    """Which position a README picture shows: a seeded AI game, stopped after ``share`` of it."""

    players: int
    seed: int
    share: float
    options: dict[str, str] = field(default_factory=dict)


# The positions chosen for the README; a game not named here is shown halfway through seed 1.
SHOTS = {
    "toprace": Shot(4, 7, 0.8),
    "takenoko": Shot(3, 7, 0.55),
    "racebow": Shot(4, 5, 0.45),
    "mogul": Shot(4, 5, 0.5),
}


def draw(game: str) -> bytes:
    """The README picture of ``game``."""
    rules = GAMES[game]
    shot = SHOTS.get(game, Shot(rules.max_players, 1, 0.5))
    state = rules.start(shot.players, shot.options, shot.seed)
    states = [state, *(ply.after for ply in playout(rules, state, shot.seed, ai_player(rules, shot.seed)))]
    chosen = states[int(shot.share * (len(states) - 1))]
    render = rules.presentation.render_picture
    assert render is not None
    return render(rules.view(chosen, None), Text("en", NAMES[: shot.players]))


def same_pixels(a: bytes, b: bytes) -> bool:
    """True if two PNGs hold the same image."""
    first, second = Image.open(io.BytesIO(a)), Image.open(io.BytesIO(b))
    return first.size == second.size and first.convert("RGB").tobytes() == second.convert("RGB").tobytes()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed pictures, write nothing")
    args = parser.parse_args()
    stale = []
    for game in (name for name, rules in GAMES.items() if rules.presentation.render_picture is not None):
        data = draw(game)
        path = OUT / f"{game}.png"
        if args.check:
            if not path.exists() or not same_pixels(path.read_bytes(), data):
                stale.append(game)
            continue
        OUT.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path.relative_to(OUT.parent.parent)}")
    if args.check:
        print("stale: " + ", ".join(stale) if stale else "up to date")
        return 1 if stale else 0
    meta = {"pillow": PIL.__version__, "shots": {game: asdict(shot) for game, shot in SHOTS.items()}}
    (OUT / "pictures.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
