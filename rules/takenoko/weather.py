"""The weather die (W0–W2): the roll from round 2, CHOICE and the empty-CLOUDS fallback, and each
condition's optional effect (TK-WEATHER-01..07, TK-SETUP-05)."""

from __future__ import annotations

from rules.takenoko.actions import CHIP, COLOUR, FACE, SKIP, TakenokoAction, tile
from rules.takenoko.data import CHIP_INDEX, CHIPS, COLOUR_INDEX, COLOURS, CONDITIONS, FACES, MAX_HEIGHT, add_at
from rules.takenoko.fields import TakenokoFields
from rules.takenoko.figures import move_panda
from rules.takenoko.garden import grow, plot_term
from rules.takenoko.hexes import POND, Hex
from rules.takenoko.layout import reading_order_hexes
from rules.takenoko.state import Plot


def roll(w: TakenokoFields) -> None:
    """W0: roll the die (from round 2, TK-SETUP-05) and resolve the face, or ask W1."""
    assert w.rng is not None
    face = w.rng.choice(FACES)
    w.weather = face
    w.event("takenoko.event.roll", seats={"player": w.turn}, terms={"face": f"takenoko.face.{face}"})
    if face == "CHOICE":
        w.step = "face"
    elif face == "CLOUDS" and not any(w.chip_supply):
        # TK-WEATHER-06: no chip left, the player picks another condition instead.
        w.event("takenoko.event.clouds_empty")
        w.step = "face"
    else:
        resolve(w, face)


def face_choices(w: TakenokoFields) -> list[TakenokoAction]:
    """W1: CHOICE offers the five conditions (CLOUDS only while chips remain, TK-WEATHER-07); an
    empty CLOUDS offers SUN, RAIN, WIND and STORM (TK-WEATHER-06)."""
    if w.weather == "CHOICE" and any(w.chip_supply):
        return [FACE[c] for c in CONDITIONS]
    return [FACE[c] for c in CONDITIONS if c != "CLOUDS"]


def resolve(w: TakenokoFields, condition: str) -> None:
    """Put a condition in effect: SUN and WIND are permissions (TK-WEATHER-02/04); RAIN, STORM and
    CLOUDS ask their optional effect (W2)."""
    w.condition = condition
    if condition == "SUN":
        w.event("takenoko.event.sun")
        w.step = "action"
    elif condition == "WIND":
        w.event("takenoko.event.wind")
        w.step = "action"
    else:
        w.step = {"RAIN": "rain", "STORM": "storm", "CLOUDS": "clouds"}[condition]  # type: ignore[assignment]


def rain_targets(w: TakenokoFields, colour: str) -> list[Hex]:
    """TK-WEATHER-03: irrigated plots of a colour below height 4, while that bamboo is in the reserve."""
    if not w.bamboo[COLOUR_INDEX[colour]]:
        return []
    return reading_order_hexes(w.layout(), [(p.q, p.r) for p in w.garden if _rain_target(p, colour)])


def storm_targets(w: TakenokoFields, colour: str) -> list[Hex]:
    """TK-WEATHER-05: any plot of a colour but the one the panda stands on."""
    return reading_order_hexes(w.layout(), [(p.q, p.r) for p in w.garden if _storm_target(p, colour, w.panda)])


def _rain_target(p: Plot, colour: str) -> bool:
    return p.colour == colour and p.irrigated and p.height < MAX_HEIGHT


def _storm_target(p: Plot, colour: str, panda: Hex) -> bool:
    return p.colour == colour and (p.q, p.r) != panda


def _colours_with_targets(w: TakenokoFields) -> set[str]:
    """The colours RAIN or STORM (the open step) has a tile of, in one pass over the garden (the W2
    colour choice only needs to know that one exists; the sorted list waits for the tile step)."""
    if w.step == "rain":
        found = {p.colour for p in w.garden if p.irrigated and p.height < MAX_HEIGHT}
        return {c for c in found if w.bamboo[COLOUR_INDEX[c]]}
    panda = w.panda
    return {p.colour for p in w.garden if (p.q, p.r) != panda}


def effect_choices(w: TakenokoFields) -> list[TakenokoAction]:
    """W2 (before the free actions): the colours with a target, the pond for STORM, the chip types in
    supply for CLOUDS; SKIP always (TK-WEATHER-01: every effect is optional)."""
    if w.step in ("rain", "storm"):
        targets = _colours_with_targets(w)
        found = [COLOUR[c] for c in COLOURS if c in targets]
        if w.step == "storm" and w.panda != POND:
            found.append(tile(POND))
    else:
        found = [CHIP[c] for c, n in zip(CHIPS, w.chip_supply, strict=True) if n]
    return [*found, SKIP]


def tile_choices(w: TakenokoFields) -> list[TakenokoAction]:
    """The tiles of the chosen colour (RAIN or STORM, second step)."""
    targets = rain_targets(w, w.pick) if w.step == "rain_tile" else storm_targets(w, w.pick)
    return [tile(h) for h in targets]


def play_effect(w: TakenokoFields, action: TakenokoAction, *, forced: bool) -> None:
    """Resolve a W2 choice."""
    condition = f"takenoko.face.{w.condition}"
    if action.kind == "skip":
        key = "takenoko.event.no_effect" if forced else "takenoko.event.skip_effect"
        w.event(key, seats={"player": w.turn}, terms={"face": condition})
        w.step = "action"
    elif action.kind == "col":
        w.pick = action.name
        w.step = "rain_tile" if w.step == "rain" else "storm_tile"
    elif action.kind == "chip":
        i = CHIP_INDEX[action.name]
        w.chip_supply = add_at(w.chip_supply, i, -1)
        w.set_board(w.turn, chips=add_at(w.board(w.turn).chips, i, 1))
        w.event("takenoko.event.clouds", seats={"player": w.turn}, terms={"chip": f"takenoko.chip.{action.name}"})
        w.step = "action"
    elif action.kind == "tile":
        h = (action.q, action.r)
        if w.step == "rain_tile":
            plot = w.plot_at(h)
            assert plot is not None
            added = grow(w, plot)
            w.event(
                "takenoko.event.rain",
                seats={"player": w.turn},
                terms={"plot": plot_term(plot)},
                params={"height": plot.height + added},
            )
        else:
            move_panda(w, h, storm=True)
        w.pick = ""
        w.step = "action"
