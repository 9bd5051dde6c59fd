"""The README's pictures (docs/pictures) are what scripts/pictures.py draws now, so they never go
stale: pixel for pixel with the Pillow version that drew them (recorded in pictures.json: its
bundled FreeType draws the text, and another version may smooth a letter differently), and at
least the same size, decoded, with any other."""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import PIL
import pytest
from PIL import Image

from rules.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
PICTURES = ROOT / "docs" / "pictures"


@cache
def script() -> ModuleType:
    """scripts/pictures.py, imported from its file (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("readme_pictures", ROOT / "scripts" / "pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_committed_picture_is_what_the_script_draws(game: str) -> None:
    drawn = Image.open(io.BytesIO(script().draw(game)))
    committed = Image.open(PICTURES / f"{game}.png")
    assert committed.format == "PNG"
    assert committed.size == drawn.size, "run: python scripts/pictures.py"
    meta = json.loads((PICTURES / "pictures.json").read_text(encoding="utf-8"))
    if meta["pillow"] == PIL.__version__:
        # Compared first, asserted after: pytest's diff of two megabytes of pixels takes minutes.
        same = committed.convert("RGB").tobytes() == drawn.convert("RGB").tobytes()
        assert same, "run: python scripts/pictures.py"
