"""Add or replace catalogue entries in both languages at once (a maintenance tool, not shipped code).

    python scripts/catalogue.py core entries.json

``entries.json`` maps each key to ``{"en": "...", "fr": "..."}``; the files keep their format
(two-space indent, UTF-8 text as written), new keys go at the end.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "bot" / "i18n"


def update(part: str, entries: dict[str, dict[str, str]]) -> None:
    """Write ``entries`` into ``bot/i18n/<lang>/<part>.json`` for each language."""
    for lang in ("en", "fr"):
        path = ROOT / lang / f"{part}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, texts in entries.items():
            data[key] = texts[lang]
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    update(sys.argv[1], json.loads(Path(sys.argv[2]).read_text(encoding="utf-8")))
