"""The fonts the pictures draw with, and how a line of text is laid out over them, so that a
player's name in any script draws as letters (README.md in this folder: each font, its source,
what it covers and its licence).

DejaVu Sans comes first: it draws every catalogue text and Latin, Greek, Cyrillic, Armenian,
Georgian, Hebrew and Arabic names. A character it lacks is drawn by the first font of ``STACK``
that has it: Devanagari, Thai, Han and kana, Hangul, emoji. A character no font has is drawn by
DejaVu Sans, as its missing-glyph box (the documented fallback: scripts outside the stack).

A line is cut into runs, left to right as they are drawn: first by direction (the Unicode
bidirectional algorithm for a left-to-right paragraph, as both catalogues are, which may hold a
right-to-left name; explicit embeddings and bracket pairs aside), then by font. Each run is
shaped by Pillow's Raqm layout (HarfBuzz: Arabic letters join, Devanagari vowel signs take their
place) when Pillow has it. Pillow's wheels load FriBiDi from the system for Raqm; without it the
layout is Pillow's basic one, and a right-to-left run is put in visual order here, its Arabic
letters in their joined presentation forms (from Unicode's own decompositions), so that a name
still reads right; Devanagari is then drawn unshaped.
"""

from __future__ import annotations

import io
import struct
import unicodedata
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from itertools import chain

from PIL import ImageDraw, ImageFont, features


@dataclass(frozen=True)
class Face:
    """A font of the stack: its regular and bold files (no bold file: the regular, drawn thicker)."""

    regular: str
    bold: str | None
    covers: str


STACK: tuple[Face, ...] = (
    Face("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic"),
    Face("NotoSansDevanagari-Regular.woff", "NotoSansDevanagari-Bold.woff", "Devanagari"),
    Face("NotoSansThai-Regular.woff", "NotoSansThai-Bold.woff", "Thai"),
    Face("DroidSansFallback-Han.woff", None, "Han (CJK Unified Ideographs), kana, bopomofo"),
    Face("NotoSansKR-Hangul.woff", None, "Hangul"),
    Face("NotoEmoji-Regular.woff", None, "emoji"),
)
"""The fonts in the order they are asked for a character."""

ENGINE: ImageFont.Layout = ImageFont.Layout.RAQM if features.check_feature("raqm") else ImageFont.Layout.BASIC
"""Pillow's layout engine for every font (a test sets the basic one to check the fallback)."""


# -- the font files ---------------------------------------------------------------------------------
@cache
def _file(name: str) -> bytes:
    """A font file's bytes; a WOFF one unpacked once to the TrueType/OpenType it holds (FreeType
    would unpack it again at each size)."""
    data = (resources.files("rules") / "fonts" / name).read_bytes()
    return _sfnt(data) if data[:4] == b"wOFF" else data


def _sfnt(woff: bytes) -> bytes:
    """The TrueType/OpenType font a WOFF file holds (its tables unpacked, each on 4 bytes)."""
    flavor, _, count = struct.unpack_from(">4sIH", woff, 4)
    entries = sorted(struct.unpack_from(">4sIIII", woff, 44 + 20 * i) for i in range(count))
    power = 1 << (count.bit_length() - 1)
    header = struct.pack(">4sHHHH", flavor, count, power * 16, power.bit_length() - 1, count * 16 - power * 16)
    records, bodies = [], []
    offset = 12 + 16 * count
    for tag, at, packed, size, checksum in entries:
        body = woff[at : at + packed]
        body = zlib.decompress(body) if packed < size else body
        records.append(struct.pack(">4sIII", tag, checksum, offset, size))
        bodies.append(body + b"\0" * (-size % 4))
        offset += size + (-size % 4)
    return header + b"".join(records) + b"".join(bodies)


@cache
def _font(size: int, bold: bool, face: int, engine: ImageFont.Layout) -> ImageFont.FreeTypeFont:
    spec = STACK[face]
    name = spec.bold if bold and spec.bold else spec.regular
    return ImageFont.truetype(io.BytesIO(_file(name)), size, layout_engine=engine)


def font(size: int, bold: bool = False, face: int = 0) -> ImageFont.FreeTypeFont:
    """Face ``face`` of the stack (DejaVu Sans by default) at ``size`` pixels."""
    return _font(size, bold, face, ENGINE)


def _table(data: bytes, tag: bytes) -> bytes:
    """One table of a TrueType/OpenType font."""
    (count,) = struct.unpack_from(">H", data, 4)
    for i in range(count):
        found, _, offset, size = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if found == tag:
            return data[offset : offset + size]
    raise ValueError(f"no {tag!r} table")


def _cmap(table: bytes) -> frozenset[int]:
    """The characters a 'cmap' table maps to a glyph (its Unicode subtable, format 12 or 4)."""
    (count,) = struct.unpack_from(">H", table, 2)
    subtables = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", table, 4 + 8 * i)
        subtables[(platform, encoding)] = offset
    for key in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 1), (0, 0)):
        if key not in subtables:
            continue
        at = subtables[key]
        (kind,) = struct.unpack_from(">H", table, at)
        if kind == 12:
            (groups,) = struct.unpack_from(">I", table, at + 12)
            found: set[int] = set()
            for g in range(groups):
                first, last, _ = struct.unpack_from(">III", table, at + 16 + 12 * g)
                found.update(range(first, last + 1))
            return frozenset(found)
        if kind == 4:
            return frozenset(_format4(table, at))
    raise ValueError("no Unicode cmap")


def _format4(table: bytes, at: int) -> Iterable[int]:
    (segments,) = struct.unpack_from(">H", table, at + 6)
    segments //= 2
    ends = struct.unpack_from(f">{segments}H", table, at + 14)
    starts = struct.unpack_from(f">{segments}H", table, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", table, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    offsets = struct.unpack_from(f">{segments}H", table, ranges_at)
    for s in range(segments):
        for code in range(starts[s], ends[s] + 1):
            if code == 0xFFFF:
                continue
            if offsets[s] == 0:
                glyph = (code + deltas[s]) & 0xFFFF
            else:
                where = ranges_at + 2 * s + offsets[s] + 2 * (code - starts[s])
                (glyph,) = struct.unpack_from(">H", table, where)
                glyph = (glyph + deltas[s]) & 0xFFFF if glyph else 0
            if glyph:
                yield code


@cache
def coverage(face: int, bold: bool = False) -> frozenset[int]:
    """The characters face ``face`` of the stack has a glyph for."""
    spec = STACK[face]
    return _cmap(_table(_file(spec.bold if bold and spec.bold else spec.regular), b"cmap"))


# -- characters -------------------------------------------------------------------------------------
CONTROLS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Explicit direction marks and embeddings: not drawn (a name cannot turn the line around)."""
RTL_TYPES = frozenset({"R", "AL", "AN"})
MIRROR = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹", strict=True))


def _attaches(char: str) -> bool:
    """A character drawn with the one before it: a mark, a joiner, a variation selector, a skin tone."""
    return (
        unicodedata.category(char) in ("Mn", "Me", "Cf")
        or "\ufe00" <= char <= "\ufe0f"
        or "\U0001f3fb" <= char <= "\U0001f3ff"
        or "\U000e0020" <= char <= "\U000e007f"  # tag characters (subdivision flags)
    )


def _faces(text: str, bold: bool) -> list[int]:
    """The stack's face that draws each character: the first that has it; a mark, a joiner or a
    modifier goes with the character before it."""
    found: list[int] = []
    for char in text:
        code = ord(char)
        if found and _attaches(char):
            found.append(found[-1])
            continue
        found.append(next((i for i in range(len(STACK)) if code in coverage(i, bold)), 0))
    return found


def _levels(text: str) -> list[int]:
    """Each character's bidirectional level in a left-to-right paragraph (0 left to right, 1 right
    to left, 2 a number inside right-to-left text): rules W1-W7, N1-N2, I1-I2 and L1 of UAX #9."""
    types = [unicodedata.bidirectional(c) or "L" for c in text]
    size = len(types)
    last = "L"  # W1: a mark takes the type of what it marks
    for i, t in enumerate(types):
        if t == "NSM":
            types[i] = last
        elif t != "BN":
            last = t
    strong = "L"  # W2: a European number after Arabic letters is an Arabic one; W3: AL is R
    for i, t in enumerate(types):
        if t in ("L", "R", "AL"):
            strong = t
        elif t == "EN" and strong == "AL":
            types[i] = "AN"
    types = ["R" if t == "AL" else t for t in types]
    for i in range(1, size - 1):  # W4: one separator between two numbers of a kind
        a, t, b = types[i - 1], types[i], types[i + 1]
        if (t == "ES" and a == b == "EN") or (t == "CS" and a == b and a in ("EN", "AN")):
            types[i] = a
    for i, t in enumerate(types):  # W5: terminators (%, $) next to a European number
        if t == "EN":
            j = i - 1
            while j >= 0 and types[j] == "ET":
                types[j], j = "EN", j - 1
            j = i + 1
            while j < size and types[j] == "ET":
                types[j], j = "EN", j + 1
    types = ["ON" if t in ("ES", "ET", "CS") else t for t in types]  # W6
    strong = "L"  # W7: a European number after left-to-right text is left to right
    for i, t in enumerate(types):
        if t in ("L", "R"):
            strong = t
        elif t == "EN" and strong == "L":
            types[i] = "L"
    resolved = ["R" if t in ("EN", "AN") else t for t in types]  # numbers count as R for N0-N1
    for opening, closing in _brackets(text):  # N0: a pair of brackets takes one direction
        inside = set(resolved[opening + 1 : closing])
        if "L" in inside:
            direction = "L"
        elif "R" in inside:
            direction = next((t for t in reversed(resolved[:opening]) if t in ("L", "R")), "L")
        else:
            continue
        types[opening] = types[closing] = resolved[opening] = resolved[closing] = direction
    i = 0
    while i < size:  # N1/N2: neutrals between two of a direction take it, else the paragraph's
        if resolved[i] in ("L", "R"):
            i += 1
            continue
        j = i
        while j < size and resolved[j] not in ("L", "R"):
            j += 1
        before = resolved[i - 1] if i else "L"
        after = resolved[j] if j < size else "L"
        for k in range(i, j):
            types[k] = before if before == after else "L"
        i = j
    levels = [1 if t == "R" else 2 if t in ("EN", "AN") else 0 for t in types]  # I1
    for k in range(size - 1, -1, -1):  # L1: trailing spaces are of the paragraph
        if unicodedata.bidirectional(text[k]) not in ("WS", "S", "B", "BN"):
            break
        levels[k] = 0
    return levels


def _brackets(text: str) -> list[tuple[int, int]]:
    """The positions of each pair of matching brackets (BD16, for (), [] and {})."""
    pairs, stack = [], []
    for i, char in enumerate(text):
        if char in "([{":
            stack.append((i, {"(": ")", "[": "]", "{": "}"}[char]))
        elif char in ")]}":
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][1] == char:
                    pairs.append((stack[depth][0], i))
                    del stack[depth:]
                    break
    return sorted(pairs)


def _visual_order(levels: list[int]) -> list[int]:
    """Logical positions in the order they are drawn, left to right (rule L2)."""
    order = list(range(len(levels)))
    for level in range(max(levels, default=0), 0, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return order


# -- runs -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Run:
    """Part of a line drawn in one font and one direction: its characters in reading order."""

    text: str
    face: int
    rtl: bool


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """``text`` as the runs it is drawn in, left to right."""
    text = "".join(c for c in text if c not in CONTROLS)
    if not text:
        return ()
    faces = _faces(text, bold)
    rtl = any(unicodedata.bidirectional(c) in RTL_TYPES for c in text)
    levels = _levels(text) if rtl else [0] * len(text)
    order = _visual_order(levels) if rtl else list(range(len(text)))
    found: list[Run] = []
    group: list[int] = []
    for position in [*order, -1]:
        if group and (
            position < 0 or (faces[position], levels[position] % 2) != (faces[group[0]], levels[group[0]] % 2)
        ):
            odd = levels[group[0]] % 2 == 1
            chars = [text[k] for k in (reversed(group) if odd else group)]
            face = faces[group[0]]
            kept = "".join(c for c in chars if not _attaches(c) or ord(c) in coverage(face, bold))
            if kept:
                found.append(Run(kept, face, odd))
            group = []
        if position >= 0:
            group.append(position)
    return tuple(found)


def _mark(char: str) -> bool:
    return unicodedata.category(char) in ("Mn", "Me")


def plain(text: str) -> bool:
    """True if ``text`` is drawn as one left-to-right run of DejaVu Sans (as nearly every text is)."""
    return text.isascii() or _plain(text)


@lru_cache(maxsize=4096)
def _plain(text: str) -> bool:
    regular, bold = coverage(0), coverage(0, True)
    return all(
        ord(c) in regular and ord(c) in bold and c not in CONTROLS and unicodedata.bidirectional(c) not in RTL_TYPES
        for c in text
    )


# -- the basic layout's own shaping ----------------------------------------------------------------------
@cache
def _arabic() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """Arabic letters' presentation forms (isolated, final, initial, medial) by letter, and the
    lam-alef ligatures by alef, read from Unicode's decompositions of the presentation forms."""
    forms: dict[str, dict[str, str]] = {}
    lam_alef: dict[str, dict[str, str]] = {}
    for code in chain(range(0xFE70, 0xFF00), range(0xFB50, 0xFE00)):
        parts = unicodedata.decomposition(chr(code)).split()
        if len(parts) < 2 or parts[0] not in ("<isolated>", "<final>", "<initial>", "<medial>"):
            continue
        kind, letters = parts[0][1:-1], [chr(int(p, 16)) for p in parts[1:]]
        if len(letters) == 1:
            forms.setdefault(letters[0], {}).setdefault(kind, chr(code))
        elif len(letters) == 2 and letters[0] == "\u0644" and code >= 0xFE70:
            lam_alef.setdefault(letters[1], {}).setdefault(kind, chr(code))
    return forms, lam_alef


def _joins_next(char: str) -> bool:
    forms = _arabic()[0].get(char, {})
    return char in "\u0640\u200d" or "initial" in forms or "medial" in forms


def _joins_previous(char: str) -> bool:
    forms = _arabic()[0].get(char, {})
    return char in "\u0640\u200d" or "final" in forms or "medial" in forms


def shape_arabic(text: str, have: frozenset[int] = frozenset()) -> str:
    """``text`` (in reading order) with its Arabic letters in the forms their neighbours call for
    and lam-alef as one ligature; a form ``have`` lacks (when given) stays the plain letter."""
    forms, lam_alef = _arabic()
    solid = [i for i, c in enumerate(text) if not _mark(c)]  # marks do not break a join
    form: dict[int, str] = {}
    for n, i in enumerate(solid):
        char = text[i]
        if char not in forms:
            continue
        before = n > 0 and _joins_next(text[solid[n - 1]]) and _joins_previous(char)
        after = n + 1 < len(solid) and _joins_next(char) and _joins_previous(text[solid[n + 1]])
        form[i] = {(True, True): "medial", (True, False): "final", (False, True): "initial"}.get(
            (before, after), "isolated"
        )
    out: list[str] = []
    skip = -1
    for i, char in enumerate(text):
        if i == skip:
            continue
        if char == "\u0644" and i + 1 < len(text) and text[i + 1] in lam_alef:
            joined = "final" if form.get(i) in ("final", "medial") else "isolated"
            ligature = lam_alef[text[i + 1]].get(joined)
            if ligature and (not have or ord(ligature) in have):
                out.append(ligature)
                skip = i + 1
                continue
        options = forms.get(char, {})
        shaped = options.get(form[i], options.get("isolated", char)) if i in form else char
        out.append(shaped if not have or ord(shaped) in have else char)
    return "".join(out)


def _visual(run: Run, bold: bool) -> str:
    """A run's characters in the order the basic layout draws them: a right-to-left run shaped
    and reversed (each letter keeping its marks after it), its brackets mirrored."""
    if not run.rtl:
        return run.text
    shaped = shape_arabic(run.text, coverage(run.face, bold))
    clusters: list[str] = []
    for char in shaped:
        if clusters and _mark(char):
            clusters[-1] += char
        else:
            clusters.append(MIRROR.get(char, char))
    return "".join(reversed(clusters))


# -- measuring and drawing --------------------------------------------------------------------------------
def _thicker(size: int, face: int, bold: bool) -> float:
    """How much a bold text is thickened in a face that has no bold file."""
    return round(size / 26, 2) if bold and STACK[face].bold is None else 0


def _run_width(run: Run, size: int, bold: bool) -> float:
    face = font(size, bold, run.face)
    if ENGINE == ImageFont.Layout.RAQM:
        return face.getlength(run.text, direction="rtl" if run.rtl else "ltr")
    return face.getlength(_visual(run, bold))


def width(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is drawn, in pixels."""
    return _width(text, size, bold, ENGINE)


@lru_cache(maxsize=8192)
def _width(text: str, size: int, bold: bool, engine: ImageFont.Layout) -> float:
    if plain(text):
        return font(size, bold).getlength(text)
    return sum(_run_width(run, size, bold) for run in runs(text, bold))


def _placed(xy: tuple[float, float], text: str, size: int, bold: bool, anchor: str) -> list[tuple[float, float, Run]]:
    """Where each run of ``text`` starts (its left end on the baseline), anchored as Pillow's."""
    x, y = xy
    found = runs(text, bold)
    total = sum(_run_width(run, size, bold) for run in found)
    x -= {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
    ascent, descent = font(size, bold).getmetrics()
    y += {"a": ascent, "t": ascent, "m": (ascent - descent + 1) // 2, "s": 0, "d": -descent, "b": -descent}[anchor[1]]
    placed = []
    for run in found:
        placed.append((x, y, run))
        x += _run_width(run, size, bold)
    return placed


def _direction(run: Run) -> str | None:
    """The direction Raqm lays a run out in (the basic layout takes none: it is in visual order)."""
    if ENGINE == ImageFont.Layout.RAQM:
        return "rtl" if run.rtl else "ltr"
    return None


def _shown(run: Run, bold: bool) -> str:
    return run.text if ENGINE == ImageFont.Layout.RAQM else _visual(run, bold)


def draw(
    canvas: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    bold: bool = False,
    fill: tuple[int, int, int] = (0, 0, 0),
    anchor: str = "la",
) -> None:
    """Draw ``text`` at ``xy`` as Pillow's ``text`` does with ``anchor`` (left, middle or right;
    ascender, middle, baseline or descender of DejaVu Sans), each run in its font."""
    if plain(text):
        canvas.text(xy, text, fill=fill, font=font(size, bold), anchor=anchor)
        return
    for x, y, run in _placed(xy, text, size, bold, anchor):
        canvas.text(
            (x, y),
            _shown(run, bold),
            fill=fill,
            font=font(size, bold, run.face),
            anchor="ls",
            stroke_width=_thicker(size, run.face, bold),
            direction=_direction(run),
        )


def box(
    xy: tuple[float, float], text: str, *, size: int, bold: bool = False, anchor: str = "la"
) -> tuple[float, float, float, float]:
    """The box the ink of ``text`` covers when ``draw`` draws it at ``xy`` (left, top, right, bottom)."""
    if plain(text):
        x0, y0, x1, y1 = font(size, bold).getbbox(text, anchor=anchor)
        return (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1)
    edges = []
    for x, y, run in _placed(xy, text, size, bold, anchor):
        x0, y0, x1, y1 = font(size, bold, run.face).getbbox(_shown(run, bold), anchor="ls", direction=_direction(run))
        grow = _thicker(size, run.face, bold)
        edges.append((x + x0 - grow, y + y0 - grow, x + x1 + grow, y + y1 + grow))
    if not edges:
        return (xy[0], xy[1], xy[0], xy[1])
    return (min(e[0] for e in edges), min(e[1] for e in edges), max(e[2] for e in edges), max(e[3] for e in edges))
