"""Build the fallback fonts in rules/fonts/: subsets of free fonts that draw the scripts DejaVu Sans
lacks, so that a player's name in any of them draws as letters (see rules/fonts/README.md).

    python scripts/fonts.py    # rewrites rules/fonts/*.woff from the sources below

Not part of the project's install: it needs fontTools (``pip install fonttools``) and the source
fonts, which come from Debian's packages ``fonts-droid-fallback``, ``fonts-noto-cjk`` and
``fonts-noto-core``, and from the npm package ``@fontsource/noto-emoji`` (5.3.2, unpacked to
``NOTO_EMOJI``). The output is committed; run this again only to change a subset.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

OUT = Path(__file__).resolve().parent.parent / "rules" / "fonts"
DEBIAN = Path("/usr/share/fonts")
NOTO_EMOJI = Path(os.environ.get("NOTO_EMOJI", "/tmp/noto-emoji/package/files/noto-emoji-emoji-400-normal.woff"))

SHAPING = {0x200C, 0x200D, 0x25CC}  # joiners and the dotted circle that marks a lone vowel sign
DEVANAGARI = set(range(0x0900, 0x0980)) | set(range(0xA8E0, 0xA900)) | set(range(0x1CD0, 0x1D00)) | SHAPING
THAI = set(range(0x0E00, 0x0E80)) | SHAPING
HAN_AND_KANA = (
    set(range(0x4E00, 0xA000))  # CJK Unified Ideographs: every Han character of the basic block
    | set(range(0xF900, 0xFB00))  # compatibility ideographs
    | set(range(0x3000, 0x3100))  # CJK punctuation, hiragana, katakana
    | set(range(0x31F0, 0x3200))  # katakana extensions
    | set(range(0x3100, 0x3130))  # bopomofo
    | set(range(0xFF00, 0xFFF0))  # full-width and half-width forms
)
HANGUL = set(range(0xAC00, 0xD7A4)) | set(range(0x1100, 0x1200)) | set(range(0x3130, 0x3190))


def build(source: Path, number: int, codepoints: Iterable[int], out: str) -> None:
    """Subset ``source`` (face ``number`` of a collection) to ``codepoints``, keeping every
    shaping feature and the names (the copyright and licence), as WOFF (zlib, read by FreeType)."""
    font = TTFont(source, fontNumber=number)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.flavor = "woff"
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codepoints))
    subsetter.subset(font)
    font.flavor = "woff"
    font.save(OUT / out)
    print(f"{out}: {os.path.getsize(OUT / out) / 1e6:.2f} MB")


def main() -> int:
    noto = DEBIAN / "truetype" / "noto"
    cjk = DEBIAN / "opentype" / "noto"
    build(noto / "NotoSansDevanagari-Regular.ttf", 0, DEVANAGARI, "NotoSansDevanagari-Regular.woff")
    build(noto / "NotoSansDevanagari-Bold.ttf", 0, DEVANAGARI, "NotoSansDevanagari-Bold.woff")
    build(noto / "NotoSansThai-Regular.ttf", 0, THAI, "NotoSansThai-Regular.woff")
    build(noto / "NotoSansThai-Bold.ttf", 0, THAI, "NotoSansThai-Bold.woff")
    build(DEBIAN / "truetype" / "droid" / "DroidSansFallbackFull.ttf", 0, HAN_AND_KANA, "DroidSansFallback-Han.woff")
    build(cjk / "NotoSansCJK-Regular.ttc", 1, HANGUL, "NotoSansKR-Hangul.woff")  # face 1: Korean
    shutil.copyfile(NOTO_EMOJI, OUT / "NotoEmoji-Regular.woff")
    print(f"NotoEmoji-Regular.woff: {os.path.getsize(OUT / 'NotoEmoji-Regular.woff') / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
