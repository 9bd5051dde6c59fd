"""The garden look-ups carried from move to move (facts.py) equal the same look-ups made afresh
from the state alone, along whole games: the plot spots and figure moves (§3, TK-GARD-02), the legal
canal edges (§3 canal legality, TK-IRR-02), which cards hold (TK-OBJ-03..05) and the AI's kept view."""

from __future__ import annotations

from rules.engine import ai_player, playout, random_player
from rules.takenoko import GAME
from rules.takenoko.appraise import _plot_cost, _View, view_of
from rules.takenoko.cards import Bamboos, Irrigated, plot_card_holds
from rules.takenoko.data import CARDS
from rules.takenoko.facts import CanalFacts, GardenFacts, canal_facts, garden_facts
from rules.takenoko.hexes import legal_canals, neighbours, plot_spots, straight_moves
from rules.takenoko.layout import layout_for, shows_spots
from rules.takenoko.state import TakenokoState

PLOT_CARDS = [card for card in CARDS.values() if card.category == "PL"]


def check_facts(state: TakenokoState) -> None:
    """The registered facts of this state's garden and canals against a fresh computation."""
    carried = garden_facts(state.garden)
    fresh = GardenFacts(state.garden)
    placement, again = carried.placement, fresh.placement
    assert placement.index == again.index and placement.placed == again.placed
    assert sorted(placement.spot_set()) == sorted(plot_spots(again.placed))
    with_spots = shows_spots(state)
    assert vars_of(placement.layout(with_spots)) == vars_of(layout_for(again.positions, with_spots))
    for start in {state.gardener, state.panda}:
        expected = {h: d for d, _, h in straight_moves(start, again.placed)}
        assert dict((h, d) for d, h in placement.moves(start, with_spots)) == expected
        assert placement.can_move(start) == any(n in again.placed for n in neighbours(start))
    # Irrigation and bamboo summaries, carried and updated plot by plot.
    irrigated, bamboos = carried.irrigated(), carried.bamboos()
    scratch = Irrigated(state.garden)
    assert irrigated.colour_of == scratch.colour_of
    assert {c: set(keys) for c, keys in irrigated.by_colour.items()} == {
        c: set(keys) for c, keys in scratch.by_colour.items()
    }
    assert [irrigated.holds(card) for card in PLOT_CARDS] == [plot_card_holds(card, scratch) for card in PLOT_CARDS]
    counted = Bamboos(state.garden)
    assert {k: n for k, n in bamboos.fours.items() if n} == counted.fours
    assert (bamboos.threes, bamboos.bare) == (counted.threes, counted.bare)
    # Legal canal edges: read off the frontier, against the definition checked edge by edge.
    canals = canal_facts(state.canals)
    assert canals.edges == CanalFacts.of(state.canals).edges == set(state.canals)
    assert sorted(canals.legal(placement)) == sorted(legal_canals(again.placed, set(state.canals)))


def vars_of(layout: object) -> tuple[object, ...]:
    """A layout's public fields."""
    return tuple(getattr(layout, name) for name in ("mode", "turn", "cell", "pitch", "xmin", "rmin", "width", "lines"))


def test_facts_carried_along_random_games_equal_fresh_ones() -> None:
    """Every state of seeded random games, 2 to 4 players: carried facts = facts made afresh."""
    checked = 0
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 4)):
        state = GAME.start(players, {}, seed)
        for ply in playout(GAME, state, seed, random_player(GAME, seed)):
            check_facts(ply.after)
            checked += 1
    assert checked > 1000


def test_the_ais_kept_view_matches_a_fresh_one() -> None:
    """The AI's view of a garden (appraise.py: kept while the garden, the panda, the reserve and
    the plot deck's colours stay; with the plot-card costs found so far) holds what a fresh view
    gives, all along an AI game."""
    state = GAME.start(3, {}, 21)
    seen = 0
    for n, ply in enumerate(playout(GAME, state, 21, ai_player(GAME, 21))):
        if n % 3:
            continue
        kept = view_of(ply.after)
        fresh = _View(ply.after, kept.key)
        assert kept.eat == fresh.eat and kept.draw_cost == fresh.draw_cost and kept.spots == fresh.spots
        for card_type, cost in kept.plot_costs.items():
            assert cost == _plot_cost(fresh, CARDS[card_type])
            seen += 1
    assert seen
