"""Top Race through simcord: /toprace new to the final standings with board buttons, select menus,
secret bets by DM buttons and by the "Choose (secret)" fallback; stale DM bets; the 2-player hand menu."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from rules.engine import rng_for
from rules.registry import GAMES
from tests.cogs.support import board_of, close_dms, custom_ids, hub, reply_of, table_in
from tests.cogs.test_mogul_game import _kind

MAX_MOVES = 400
TOPRACE = GAMES["toprace"]
STALE = t("error.stale", "en")
# Wording only a private bet text uses: the engine's own-bet event, the private bets line, the
# result of a bet (public only once the race is over).
BET_MARKERS = (
    t("toprace.event.my_bet", "en", tip=1, car="X").split("1")[0],  # "Your TIP "
    t("toprace.private.bets", "en", bets="X").split("X")[0],  # "🎲 Your secret bets: "
    " bet on the ",
)
SEED = "5eed000000000003"  # a deal where every kind of decision comes up (checked below)
CARD_REF = re.compile(r"(?:card |: )#(\d+)\b")  # "plays card #12.", "🃏 ana: #12 🟥5"


@dataclass
class Game:
    """A Top Race table being driven through Discord by a simple policy (the engine's AI)."""

    env: Any
    channel: Any
    actors: dict[str, Any]  # user id -> member actor
    viewer: Any  # a member who does not play: what the public sees
    moves: int = 0
    board_calls: list[int] = field(default_factory=list)  # API calls of plain board clicks
    boards: list[str] = field(default_factory=list)  # the board's content after each move
    methods: Counter[str] = field(default_factory=Counter)
    rounds: dict[int, int] = field(default_factory=dict)  # TIP number -> first decision id seen
    dm_rounds: Counter[str] = field(default_factory=Counter)  # user id -> TIP rounds with DM buttons
    bets: int = 0
    kinds: Counter[str] = field(default_factory=Counter)  # action kinds played (bid, grid, play, end…)
    closed: set[str] = field(default_factory=set)  # users whose DMs are closed
    requests: list[Counter[str]] = field(default_factory=list)  # API calls of plain board clicks, by kind

    async def table(self) -> Any:
        return await table_in(self.env, self.channel)

    async def asks(self) -> list[Any]:
        return list(await hub(self.env).service.asks(table_id=(await self.table()).id))

    async def state(self) -> Any:
        return hub(self.env).service.state_of(await self.table())

    async def policy(self, ask: Any) -> str:
        """The engine's AI choice for the asked seat (on the service's current state)."""
        action = TOPRACE.ai_action(await self.state(), ask.seat, rng_for("test-policy", self.moves))
        code = TOPRACE.action_code(action)
        assert code in [c.code for c in ask.choices], (code, ask.choices)
        self.kinds[code.partition(":")[0]] += 1
        return code

    def dm_with(self, user_id: str, custom_id: str) -> Any | None:
        """The latest DM to ``user_id`` carrying a component ``custom_id``."""
        for message in reversed(self.actors[user_id].user.dm_channel.history()):
            if custom_id in custom_ids(message):
                return message
        return None

    def public(self) -> list[Any]:
        """Every message of the channel a non-player sees (no one's ephemeral replies)."""
        return [m for m in self.channel.history(viewer=self.viewer)]

    async def step(self) -> Any:
        """One decision, by the policy, through a Discord component."""
        table = await self.table()
        asks = await self.asks()
        assert asks, "nobody to act"
        state = await self.state()
        if state.ask == "bet":
            result = await self._bet(table, asks, state.tip_queue[0])
        else:
            result = await self._board_move(table, asks)
        self.moves += 1
        board = (await board_of(self.env, self.channel)).content
        self.boards.append(board)
        # No card still in a hand is ever named on the board.
        in_hands = {c for hand in (await self.state()).hands for c in hand}
        assert not in_hands & {int(n) for n in CARD_REF.findall(board)}, board
        return result

    async def _board_move(self, table: Any, asks: list[Any]) -> Any:
        assert len(asks) == 1
        ask = asks[0]
        actor = self.actors[ask.user_id]
        code = await self.policy(ask)
        board = await board_of(self.env, self.channel)
        ids = custom_ids(board)
        before = len(self.env.http_requests)
        button = f"gh:{table.id}:{ask.decision}:{code}"
        if ask.secret:
            # Playing a card: the choices are the hand, so the board offers only "Choose (secret)".
            assert not [i for i in ids if i.startswith((f"gh:{table.id}:{ask.decision}:", "ghs:"))], ids
            opened = await actor.click(board, custom_id=f"gh:{table.id}:mine")
            private = reply_of(opened)
            if button in custom_ids(private):
                result = await actor.click(private, custom_id=button)
                self.methods["secret button"] += 1
            else:
                part = [c.code for c in ask.choices].index(code) // 25
                result = await actor.select(private, [code], custom_id=f"ghs:{table.id}:{ask.decision}:{part}")
                self.methods["secret menu"] += 1
            assert result.acknowledged
            return result
        if button in ids:
            assert len(ask.public) <= 19
            result = await actor.click(board, custom_id=button)
            self.methods["board button"] += 1
        else:
            # More than 19 public choices (bids): menus of up to 25 options each.
            assert len(ask.public) > 19, ask.public
            part = [c.code for c in ask.public].index(code) // 25
            menu = f"ghs:{table.id}:{ask.decision}:{part}"
            assert menu in ids, ids
            result = await actor.select(board, [code], custom_id=menu)
            self.methods["board menu"] += 1
        assert result.acknowledged
        if result.response is not None and result.response.id == board.id:
            made = self.env.http_requests[before:]
            self.board_calls.append(len(made))
            self.requests.append(Counter(_kind(e.method, e.path, table.channel_id) for e in made))
        return result

    async def _bet(self, table: Any, asks: list[Any], tip: int) -> Any:
        if tip not in self.rounds:
            # A round just opened: every human seat has a DM with its own bet buttons.
            self.rounds[tip] = asks[0].decision
            assert {a.user_id for a in asks} == set(self.actors)
            for ask in asks:
                if ask.user_id in self.closed:
                    continue
                codes = [c.code for c in ask.choices]
                assert codes and all(c.startswith("bet:") for c in codes)
                dm = self.dm_with(ask.user_id, f"gh:{table.id}:{ask.decision}:{codes[0]}")
                assert dm is not None, f"no DM with bet buttons for {ask.user_id} at TIP {tip}"
                assert {f"gh:{table.id}:{ask.decision}:{c}" for c in codes} <= set(custom_ids(dm))
                self.dm_rounds[ask.user_id] += 1
            board = await board_of(self.env, self.channel)
            assert f"gh:{table.id}:mine" in custom_ids(board)
            assert not any(":bet:" in i for i in custom_ids(board)), "no bet buttons on the board yet"
        ask = asks[0]
        actor = self.actors[ask.user_id]
        code = await self.policy(ask)
        button = f"gh:{table.id}:{ask.decision}:{code}"
        board = await board_of(self.env, self.channel)
        way = ("secret", "dm", "board")[self.bets % 3]
        self.bets += 1
        dm = self.dm_with(ask.user_id, button)
        if way == "dm" and dm is None:
            assert ask.user_id in self.closed
            way = "secret"
        if way == "secret" and f"gh:{table.id}:mine" in custom_ids(board):
            opened = await actor.click(board, custom_id=f"gh:{table.id}:mine")
            assert button in custom_ids(reply_of(opened))
            result = await actor.click(reply_of(opened), custom_id=button)
            assert result.response is not None and result.response.ephemeral
            self.methods["secret fallback"] += 1
        elif way == "board" and button in custom_ids(board):  # the last bettor: buttons on the board
            result = await actor.click(board, custom_id=button)
            self.methods["board bet"] += 1
        else:
            assert dm is not None
            public_before = len([m for m in self.public() if not m.flags.ephemeral])
            result = await actor.user.click(dm, custom_id=button)
            # The DM message itself becomes the result: no buttons left, nothing posted publicly
            # (but a ping when this bet closed the round and the next player is asked).
            assert result.response is not None and result.response.channel_id == dm.channel.id
            edited = next(m for m in actor.user.dm_channel.history() if m.id == dm.id)
            # No bet buttons are left; when this bet closed the round and the bettor plays next,
            # the reply carries their next (private) decision: their cards.
            left = custom_ids(edited)
            assert all(":play:" in i for i in left), left
            if left:
                self.methods["bet, then own play"] += 1
            assert t("table.you_played", "en", action="")[:4] in edited.content
            public_after = [m for m in self.public() if not m.flags.ephemeral]
            assert len(public_after) - public_before <= 1
            self.methods["DM button"] += 1
        assert result.acknowledged
        return result


async def open_toprace(
    env: Any, names: tuple[str, ...] = ("ana", "ben", "cy"), seed: str = SEED, **options: Any
) -> Game:
    """A started Top Race table (default options unless given) on a fixed seed, and a non-playing viewer."""
    hub(env).service.new_seed = lambda: seed
    guild = env.create_guild()
    channel = guild.create_text_channel("race")
    actors = [guild.add_member(env.create_user(n)) for n in names]
    viewer = guild.add_member(env.create_user("vic"))
    res = await actors[0].slash(channel, "toprace new", **options)
    assert res.ephemeral, res.response.content
    for actor in actors[1:]:
        assert (await actor.slash(channel, "game join")).ephemeral
    assert (await actors[0].slash(channel, "game start")).ephemeral
    return Game(env, channel, {str(a.id): a for a in actors}, viewer)


def private_texts(game: Game) -> list[str]:
    return [m.content for a in game.actors.values() for m in a.user.dm_channel.history()]


async def test_three_players_race_with_secret_bets(simcord_env: Any) -> None:
    game = await open_toprace(simcord_env)
    table = await game.table()
    assert table.game == "toprace" and table.status == "active"
    assert table.options["betting"] == "on" and table.options["races"] == "1"
    seed = table.seed
    hand_dms = private_texts(game)
    assert len(hand_dms) == 3 and all("`#" in d for d in hand_dms), "each player got their hand by DM"

    while (await game.table()).status == "active":
        assert game.moves < MAX_MOVES, "the race did not end"
        await game.step()

    final = await game.table()
    assert final.status == "over"
    state = hub(simcord_env).service.state_of(final)
    tips = len(state.results[-1].bets) // 3 if state.results else 0
    assert tips >= 1, "no TIP round was held"
    assert len(game.rounds) == tips
    assert all(n == tips for n in game.dm_rounds.values()) and len(game.dm_rounds) == 3
    assert {"board button", "board menu", "secret fallback", "DM button"} <= set(game.methods), game.methods
    # Every kind of decision went through a button or a menu (the two-step bid needs $250,000+).
    assert {"bid", "pass", "grid", "play", "turbo", "panne", "joker", "end", "bet"} <= set(game.kinds), game.kinds

    # What the public saw: never a card still in someone's hand, a private hand line, a bet before
    # the end, or the seed.
    end_board = await board_of(simcord_env, game.channel)
    seen = game.public()
    assert seen and not any(m.flags.ephemeral for m in seen), "the viewer sees no one's ephemeral replies"
    public = [m.content for m in seen]
    during = [c for c in public if c != end_board.content] + game.boards[:-1]
    unplayed = {c for hand in state.hands for c in hand}
    assert sum(1 for b in game.boards if CARD_REF.search(b)) > 20, "played cards are named publicly"
    hand_lines = {line for text in private_texts(game) for line in text.splitlines() if line.startswith("`#")}
    assert hand_lines
    for text in [*during, end_board.content]:
        assert seed not in text
        assert not unplayed & {int(n) for n in CARD_REF.findall(text)}, text
        assert not any(line in text for line in hand_lines), text
    for text in during:
        for marker in BET_MARKERS:
            assert marker not in text, (marker, text)
        assert not any(f"🎲 {s.name}:" in text for s in final.seats), text

    # After the race: every bet and its payout are public.
    names = [s.name for s in final.seats]
    for name in names:
        assert f"🎲 {name}: T1 " in end_board.content, end_board.content
    assert not custom_ids(end_board), "the final board keeps no buttons"

    calls = Counter(game.board_calls)
    print(
        f"\nTop Race: {game.moves} moves ({dict(game.methods)}; {dict(game.kinds)});"
        f" API calls per board click: {sorted(calls.items())}"
    )
    assert game.board_calls and max(game.board_calls) <= 6


async def test_stale_bet_click_in_dm_is_refused(simcord_env: Any) -> None:
    game = await open_toprace(simcord_env)
    # Play until the first TIP round has closed (its first bet goes through "Choose (secret)", so
    # that bettor's DM keeps its buttons).
    while not game.rounds or (await game.state()).ask == "bet":
        assert game.moves < MAX_MOVES
        await game.step()
    assert game.methods["secret fallback"] == 1
    table = await game.table()
    decision = game.rounds[1]
    stale = [
        (uid, m)
        for uid in game.actors
        for m in game.actors[uid].user.dm_channel.history()
        if any(i.startswith(f"gh:{table.id}:{decision}:bet:") for i in custom_ids(m))
    ]
    assert stale, "the fallback bettor's DM still shows its (now stale) bet buttons"
    uid, dm = stale[0]
    button = next(i for i in custom_ids(dm) if ":bet:" in i)
    before = (table.ply, table.decisions, (await board_of(simcord_env, game.channel)).content)
    public_before = [m.id for m in game.public()]
    result = await game.actors[uid].user.click(dm, custom_id=button)
    assert result.ephemeral and result.response.content == STALE
    after = await game.table()
    assert (after.ply, after.decisions, (await board_of(simcord_env, game.channel)).content) == before
    assert [m.id for m in game.public()] == public_before


async def test_two_players_pick_cards_from_a_menu(simcord_env: Any) -> None:
    """At 2 players a hand holds 24 cards: more than 19 choices, so menus; they are the hand, so
    they never sit on the board: the DM and the "Choose (secret)" reply carry them."""
    game = await open_toprace(simcord_env, names=("ana", "ben"), betting="off")
    while (await game.state()).phase != "race":
        assert game.moves < MAX_MOVES
        await game.step()
    table = await game.table()
    (ask,) = await game.asks()
    assert ask.secret and len(ask.choices) > 19 and all(c.code.startswith("play:") for c in ask.choices)
    board = await board_of(simcord_env, game.channel)
    menu = f"ghs:{table.id}:{ask.decision}:0"
    assert menu not in custom_ids(board) and f"gh:{table.id}:mine" in custom_ids(board)
    dm = game.dm_with(ask.user_id, menu)
    assert dm is not None, "the player's DM carries the hand as menus"
    menus = [row["components"][0] for row in (r if isinstance(r, dict) else r.to_dict() for r in dm.components)]
    options = [o for m in menus if m.get("type") == 3 for o in m["options"]]
    assert [o["value"] for o in options] == [c.code for c in ask.choices]
    assert all(len(o["label"]) <= 100 for o in options)
    await game.step()  # plays a card through the "Choose (secret)" reply's menu
    assert game.methods["secret menu"] >= 1
    assert (await game.table()).ply > table.ply


async def test_api_calls_per_ordinary_move(simcord_env: Any) -> None:
    """A plain board click is one interaction response editing the board, plus the ping when the
    turn passes and the retiring of the previous ping's buttons; DMs come on top when a secret
    decision opens (a hand to play from, a TIP round: their choices never go on the board), and a
    followup when the mover still decides."""
    game = await open_toprace(simcord_env)
    while (await game.table()).status == "active" and game.moves < 80:
        await game.step()
    assert game.rounds, "the first TIP round came"
    for kinds in game.requests:
        assert kinds["interaction response"] == 1
        assert kinds["followup"] <= 1  # the mover's private reply when they still decide
        assert kinds["channel message"] <= 1 + 3  # the ping, and at a TIP round the three DMs
    summary = Counter(tuple(sorted(c.items())) for c in game.requests)
    lines = [f"{n}× {sum(dict(k).values())} calls: {dict(k)}" for k, n in summary.most_common()]
    print(f"\nTop Race, API calls per board click over {len(game.requests)} clicks:\n  " + "\n  ".join(lines))
    ordinary = [c for c in game.requests if sum(c.values()) - c["DM"] - c["old ping retired"] <= 2]
    assert len(ordinary) > 0.9 * len(game.requests)
    assert all(c["old ping retired"] <= 1 for c in game.requests)


async def test_closed_dms_bet_through_the_secret_button(simcord_env: Any) -> None:
    guild_users = ("ana", "ben", "cy")
    game = Game(simcord_env, None, {}, None)
    hub(simcord_env).service.new_seed = lambda: SEED
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("race")
    actors = [guild.add_member(simcord_env.create_user(n)) for n in guild_users]
    cy = actors[2]
    close_dms(simcord_env, cy)
    await actors[0].slash(channel, "toprace new")
    for actor in actors[1:]:
        await actor.slash(channel, "game join")
    await actors[0].slash(channel, "game start")
    game.channel, game.actors = channel, {str(a.id): a for a in actors}
    game.viewer = guild.add_member(simcord_env.create_user("vic"))
    game.closed = {str(cy.id)}
    while len(game.rounds) < 2:
        assert game.moves < MAX_MOVES
        await game.step()
    notices = [m for m in channel.history() if "can’t send you direct messages" in m.content]
    assert len(notices) == 1 and cy.mention in notices[0].content
    assert not cy.user.dm_channel.history()
    assert game.methods["secret fallback"] >= 2 and game.methods["DM button"] >= 1
    assert str(cy.id) not in game.dm_rounds and len(game.dm_rounds) == 2
