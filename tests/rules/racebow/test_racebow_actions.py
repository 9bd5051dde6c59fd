"""Action codes: short, stable, parsed back exactly; anything else is MalformedAction."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.engine import MalformedAction
from rules.racebow.actions import BOTS, END, MOVES, SKIP, SWAPS, TOPS, TURBO, RacebowAction, action_code, parse_action

EVERY = [*MOVES, TURBO, END, SKIP, *TOPS.values(), *BOTS.values(), *SWAPS.values()]


def test_every_action_has_a_short_code_that_parses_back_to_it() -> None:
    found = {action_code(a) for a in EVERY}
    assert len(found) == len(EVERY)
    for action in EVERY:
        code = action_code(action)
        assert len(code) <= 9 and parse_action(code) is action


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("to:A2", MOVES[9]),
        ("to:W1", MOVES[0]),
        ("TO:e3", MOVES[6]),
        (" top:b ", TOPS["B"]),
        ("swp:B,G", SWAPS["B", "G"]),
        ("SWP:g, b", SWAPS["G", "B"]),
        ("Turbo", TURBO),
        ("end", END),
        ("skip", SKIP),
        ("bot:R", BOTS["R"]),
    ],
)
def test_codes_are_read_whatever_the_case_and_the_blanks(code: str, expected: RacebowAction) -> None:
    assert parse_action(code) is expected


@pytest.mark.parametrize(
    "code",
    [
        "",
        "to",
        "to:",
        "to:A0",
        "to:A5",
        "to:X1",
        "to:A1:",
        "to:A12",
        "to:A٢",
        "to:A２",
        "to:Ａ1",
        "top:",
        "top:X",
        "top:BB",
        "bot:R,G",
        "swp:B",
        "swp:B,B",
        "swp:B,G,R",
        "turbo:1",
        "go:A1",
        "no-such-action!",
        "to:A1 E2",
        "ｅｎｄ",
    ],
)
def test_malformed_codes_name_nothing(code: str) -> None:
    """Including non-ASCII digits and letters that look like the real ones."""
    with pytest.raises(MalformedAction):
        parse_action(code)


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "to"},
        {"kind": "to", "cell": 12},
        {"kind": "turbo", "cell": 3},
        {"kind": "top"},
        {"kind": "top", "colour": "X"},
        {"kind": "swp", "colour": "B"},
        {"kind": "swp", "colour": "B", "other": "B"},
        {"kind": "end", "colour": "R"},
        {"kind": "bot", "other": "R"},
    ],
)
def test_the_model_refuses_fields_that_do_not_fit_the_kind(fields: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        RacebowAction.model_validate(fields)
