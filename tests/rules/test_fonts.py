"""The pictures' fonts (rules/fonts): a name in any script Discord allows draws as letters, never as
a font's missing-glyph box, and a right-to-left name reads right to left, with Pillow's Raqm
layout (HarfBuzz, FriBiDi) and without it (Pillow's basic layout, where FriBiDi is missing)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw, ImageFont, features

from bot.i18n import Text
from rules import fonts
from rules.drawing import width_of
from rules.registry import GAMES
from tests.support.pictures import fits_a_phone, picture, positions

NAMES = {
    "Chinese": "王小明",
    "Japanese": "田中さくら",
    "katakana": "サクラ・ヨシダ",
    "Korean": "김민준",
    "Arabic": "محمد علي",
    "Persian": "سارا پارسا",
    "Hebrew": "שלום עליכם",
    "Cyrillic": "Дмитрий",
    "Greek": "Ελένη",
    "Devanagari": "राहुल शर्मा",
    "Thai": "สมชาย",
    "emoji": "🔥Ace👍🏽",
    "emoji sequence": "👨‍👩‍👧 ❤️ 🇫🇷",
    "mixed": "Zoë (北京) 🎲",
}
ENGINES = [ImageFont.Layout.BASIC] + ([ImageFont.Layout.RAQM] if features.check_feature("raqm") else [])
BOX = "\u0378"
"""An unassigned code point: no font has it, every font draws its missing-glyph box for it."""


@pytest.fixture(params=ENGINES, ids=lambda e: e.name.lower())
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[ImageFont.Layout]:
    """Each layout the pictures may get: Raqm where Pillow has it, the basic one everywhere."""
    monkeypatch.setattr(fonts, "ENGINE", request.param)
    yield request.param


def glyph(face: ImageFont.FreeTypeFont, char: str) -> tuple[tuple[int, int], bytes]:
    """What ``face`` draws for ``char`` alone: its size and its pixels."""
    mask = face.getmask(char)
    return mask.size, bytes(mask)


@pytest.mark.parametrize("script", NAMES)
@pytest.mark.parametrize("bold", [False, True])
def test_a_name_in_any_script_draws_no_missing_glyph_box(script: str, bold: bool, engine: ImageFont.Layout) -> None:
    name = NAMES[script]
    for run in fonts.runs(name, bold):
        face = fonts.font(40, bold, run.face)
        box = glyph(face, BOX)
        for char in run.text:
            assert glyph(face, char) != box, f"{script}: {char!r} (U+{ord(char):04X}) is drawn as a box"
    assert width_of(name, 22, bold) > 10


def test_a_script_outside_the_stack_draws_the_documented_box() -> None:
    """Bengali is in no font of the stack: DejaVu Sans draws it, as its box (rules/fonts/README.md);
    the check above would see it."""
    (run,) = fonts.runs("অমিত")
    face = fonts.font(40, False, run.face)
    assert run.face == 0 and glyph(face, "অ") == glyph(face, BOX)


def test_each_script_is_drawn_by_the_font_made_for_it() -> None:
    covers = {
        run.face for script in ("Chinese", "Korean", "Devanagari", "Thai", "emoji") for run in fonts.runs(NAMES[script])
    }
    assert covers >= {1, 2, 3, 4, 5}
    assert fonts.runs("Ann") == (fonts.Run("Ann", 0, rtl=False),) and fonts.plain("Ann · Zoë → 3 ✓")


def ink(image: Image.Image) -> list[bool]:
    return [value < 128 for value in image.get_flattened_data()]  # type: ignore[attr-defined]


def drawn(text: str, *, reference: bool = False, raw: bool = False) -> list[bool]:
    """``text`` drawn by the pictures (``rules.fonts.draw``), or as the reference draws it: the whole
    line given to Raqm at once, FriBiDi ordering it; ``raw``: the basic layout, left as it is."""
    image = Image.new("L", (760, 60), 255)
    canvas = ImageDraw.Draw(image)
    if reference:
        face = fonts._font(32, False, 0, ImageFont.Layout.RAQM)
        canvas.text((10, 30), text, font=face, fill=0, anchor="lm", direction="ltr")
    elif raw:
        canvas.text((10, 30), text, font=fonts._font(32, False, 0, ImageFont.Layout.BASIC), fill=0, anchor="lm")
    else:
        fonts.draw(canvas, (10, 30), text, size=32, fill=0, anchor="lm")
    return ink(image)


def apart(a: list[bool], b: list[bool]) -> float:
    """The share of inked pixels that differ between two drawings (0: the same)."""
    return sum(x != y for x, y in zip(a, b, strict=True)) / max(1, sum(a) + sum(b))


RIGHT_TO_LEFT = ["שלום עליכם", "محمد علي", "سارا پارسا", "عبد الله (أبو)", "Ann played محمد 3 cards"]


@pytest.mark.skipif(not features.check_feature("raqm"), reason="the reference is Raqm's own bidi and shaping")
@pytest.mark.parametrize("text", RIGHT_TO_LEFT)
def test_right_to_left_names_read_right_to_left_and_arabic_letters_join(text: str, engine: ImageFont.Layout) -> None:
    """Drawn as FriBiDi orders the whole line and HarfBuzz joins its letters: the same pixels with
    Raqm; without it, the order and the joined forms this module gives, within a few pixels of
    spacing (the basic layout does not kern); a line left in logical order with unjoined letters,
    as the basic layout alone draws it, is far off."""
    reference = drawn(text, reference=True)
    if engine == ImageFont.Layout.RAQM:
        assert apart(drawn(text), reference) == 0
    else:
        assert apart(drawn(text), reference) < 0.2
        if "Ann" not in text:
            assert apart(drawn(text, raw=True), reference) > 0.45


def test_the_basic_layout_joins_arabic_letters_from_unicode_data() -> None:
    """Initial, medial, final and isolated forms; lam-alef as one ligature; a mark does not break a join."""
    assert fonts.shape_arabic("محمد") == "\ufee3\ufea4\ufee4\ufeaa"
    assert fonts.shape_arabic("لا") == "\ufefb" and fonts.shape_arabic("علا") == "\ufecb\ufefc"
    assert fonts.shape_arabic("بَب") == "\ufe91\u064e\ufe90"
    assert fonts.shape_arabic("Ann") == "Ann"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_picture_draws_its_players_names_through_the_font_stack(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Names in six scripts at one table: each picture along a game draws every name (or the
    start of it, Top Race's initials) with ``rules.fonts.draw``, and still fits a phone."""
    names = ["王小明", "محمد علي", "김민준", "राहुल", "สมชาย", "🔥Ace"]
    rules = GAMES[game]
    players = max(rules.min_players, min(4, rules.max_players))
    tr = Text("en", names[:players])
    texts: list[str] = []
    draw = fonts.draw

    def spy(canvas: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, **kwargs: object) -> None:
        texts.append(text)
        draw(canvas, xy, text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fonts, "draw", spy)
    states = positions(rules, players, 3)
    for state in [states[len(states) // 2], states[-1]]:
        texts.clear()
        assert fits_a_phone(picture(rules, state, tr))
        for name in names[:players]:
            assert any(name[:2] in text for text in texts), f"{name} is not drawn"
