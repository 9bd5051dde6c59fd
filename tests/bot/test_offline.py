"""The terminal table: whole AI games in both languages, and piped human commands with refusals."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.offline import parse_args, play


async def run(argv: list[str], lines: list[str] = ()) -> str:  # type: ignore[assignment]
    out = io.StringIO()
    code = await play(parse_args(argv), lines, out)
    assert code == 0, out.getvalue()[-2000:]
    return out.getvalue()


def boards(text: str) -> list[str]:
    """Every board printed in the channel (blocks that start with the game's title line)."""
    return re.findall(r"\[#table\]\n(    📈.*?)(?=\n\[)", text, flags=re.S)


async def test_all_ai_mogul_game_runs_to_the_final_standings_in_english() -> None:
    text = await run(["mogul", "--players", "ana,ben,cy", "--ai", "ana,ben,cy", "--seed", "5"])
    assert "Crash!" in text and "🏆" in text
    assert re.search(r"# Player +Track +Chips", text)  # the final standings table


async def test_all_ai_mogul_game_speaks_french() -> None:
    text = await run(
        # Seeded: an unseeded game may end in a shared first place, with no single winner to name.
        [
            "mogul",
            "--players",
            "ana,ben,cy,dee",
            "--ai",
            "ana,ben,cy,dee",
            "--lang",
            "fr",
            "--option",
            "loan_cost=2",
            "--seed",
            "1",
        ]
    )
    assert "La partie s’arrête aussitôt." in text and "🏆 Vainqueur" in text
    assert "Manche 2" in text
    assert "your turn" not in text and "Winner" not in text


async def test_piped_refusals_change_nothing() -> None:
    """Not your turn and an illegal choice are refused to that player alone; the board is unchanged."""
    script = [
        "ana board",
        "ana move sell:9",
        "ben move sell:9",
        "cy move sell:9",
        "ana move nonsense",
        "ana board",
        "ana move 1",
    ]
    text = await run(["mogul", "--players", "ana,ben,cy", "--seed", "7"], script)
    refusals = re.findall(r"\[only (\w+) sees\]\n    ⛔ (.*)", text)
    assert len(refusals) == 4
    assert sum("not your turn" in why for _, why in refusals) == 2
    assert sum("not your turn" not in why for _, why in refusals) == 2  # the player to act, illegal moves
    shown = boards(text)
    # start, "ana board", "ana board" again, then the board after the real move.
    assert shown[1] == shown[2]
    assert shown[3] != shown[2]


async def test_lobby_mode_lets_players_join_and_start() -> None:
    script = ["ben join", "ben start", "cy join", "ana start"]
    text = await run(["mogul", "--players", "ana,ben,cy", "--lobby", "--seed", "3"], script)
    assert "ben joined the table." in text and "cy joined the table." in text
    # Options read by their labels (MG-LOAN-1: a loan costs points, never repaid).
    assert "Loans: 1 point per loan · Quick start: Off" in text
    assert "Only the table’s host" in text  # ben may not start
    assert "The Mogul game starts!" in text


async def test_the_lobby_seats_the_ai_and_a_started_table_asks_nobody_to_join() -> None:
    """--lobby honours --ai (those seats join by themselves, marked as AI; the host may add more
    with "addbot"); without --lobby the table starts at once, so nobody is told to join or start."""
    text = await run(
        ["mogul", "--players", "ana,ben,cy", "--ai", "cy", "--lobby", "--seed", "3"], ["ana addbot", "ana start"]
    )
    assert "🤖 cy" in text and "🤖 Bot 1" in text and "The Mogul game starts!" in text
    started = await run(["mogul", "--players", "ana,ben,cy", "--ai", "ben,cy", "--seed", "3"], [])
    assert "Join with" not in started and "Others join" not in started and "The Mogul game starts!" in started


async def test_back_after_a_timeout_the_hand_starts_with_what_the_ai_did() -> None:
    """Issue 18's reproduction: Takenoko seed 3, on ana's turn "wait 36" twice (her time runs out
    and the AI plays for her), then "ana hand": the recap is there, the AI's move for her in it."""
    args = ["takenoko", "--players", "ana,ben", "--ai", "ben", "--seed", "3"]
    text = await run(args, ["wait 36", "wait 36", "ana hand"])
    hand = text.rsplit("[only ana sees]", 1)[1]
    assert "🕰️ Since the game began, 3 days ago:" in hand and "• 🤖 for ana:" in hand
    assert "• ⏰ ana’s time ran out" in hand


async def test_the_recap_names_a_turns_player_once() -> None:
    """A turn reads "ben: draws 3 plots. · places a pink plot. · …", the name said once."""
    text = await run(["takenoko", "--players", "ana,ben,cy", "--ai", "ben,cy", "--seed", "3"], ["wait 36", "ana hand"])
    hand = text.rsplit("[only ana sees]", 1)[1]
    (ben,) = [line for line in hand.splitlines() if line.startswith("    • ben: ")]
    assert "places a pink plot" in ben and " · ben " not in ben, ben


async def test_bad_command_lines_are_explained() -> None:
    out = io.StringIO()
    code = await play(parse_args(["mogul", "--players", "ana,ben,cy", "--ai", "zed"]), [], out)
    assert code == 2 and "--ai" in out.getvalue()
    with pytest.raises(SystemExit):
        parse_args(["chess", "--players", "a,b"])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
async def test_all_ai_top_race_grand_prix_finishes(players: int) -> None:
    names = ",".join(["ana", "ben", "cy", "dee", "eve", "fay"][:players])
    lang = "fr" if players % 2 else "en"
    text = await run(
        ["toprace", "--players", names, "--ai", names, "--option", "races=3", "--seed", str(players), "--lang", lang]
    )
    assert "🏆" in text
    assert "3/3" in text  # the third race was reached
    # TR §7: the final board sums up every race for every player (cars and places, prizes, bets).
    summary = text.split("📋", 1)[1]
    assert all(f"{'R' if lang == 'en' else 'Co'}{race} " in summary for race in (1, 2, 3))


@pytest.mark.parametrize(
    ("game", "lang", "score"),
    [
        ("mogul", "en", r"\d+ points?"),
        ("takenoko", "fr", r"\d+ points?"),
        ("toprace", "en", r"\$\d{1,3}(,\d{3})*"),
        ("toprace", "fr", r"\d{1,3}(\u202f\d{3})*\xa0\$"),
        ("racebow", "en", None),  # the place is the result: no number beside it
    ],
)
async def test_final_standings_give_each_score_in_its_unit(game: str, lang: str, score: str | None) -> None:
    """The closing standings say what the numbers are: points, the games' dollars formatted for the
    locale; Racebow's places stand alone."""
    text = await run([game, "--players", "ana,ben,cy", "--ai", "ana,ben,cy", "--seed", "3", "--lang", lang])
    header = "🏁 Final standings:" if lang == "en" else "🏁 Classement final\xa0:"
    lines = text.split(header, 1)[1].strip().splitlines()[:3]
    line = r"[123]\. (ana|ben|cy)" + ("" if score is None else f" — {score}") + "$"
    assert all(re.fullmatch(line, row.strip()) for row in lines), lines


async def test_odd_numbers_are_refused_not_crashed_on() -> None:
    """Issue: `move ²` and a 5,000-digit number crashed the offline table (ValueError)."""
    script = ["ana move ²", "ana move " + "9" * 5000, "ana move -1", "ana move 0"]
    text = await run(["mogul", "--players", "ana,ben,cy", "--ai", "ben,cy", "--seed", "7"], script)
    refusals = re.findall(r"\[only ana sees\]\n    ⛔ (.*)", text)
    assert len(refusals) == 4, text[-1500:]
    assert all("not a move" in why for why in refusals)


async def test_offline_rough_edges_are_smoothed() -> None:
    """Issue 12: help per player, names ignoring case, names with spaces and empty lists refused
    with a clear message, the player's own reply before the board, options listed in --help."""
    text = await run(["mogul", "--players", "Ana,ben,cy", "--ai", "ben,cy", "--seed", "7"], ["ana help", "ANA board"])
    assert "Unknown command" not in text and "wait <hours>" in text
    assert text.index("[only Ana sees]\n    The game has started") < text.index("📈")
    for players, expected in (("", "at least one name"), ("ana,ben c", "one word"), ("ana,ANA", "different name")):
        out = io.StringIO()
        assert await play(parse_args(["mogul", "--players", players]), [], out) == 2
        assert expected in out.getvalue(), out.getvalue()
    with pytest.raises(SystemExit):
        parse_args(["--help"])


async def test_a_saved_table_resumes_without_lobby_flags(tmp_path: Path) -> None:
    db = str(tmp_path / "kept.sqlite3")
    first = await run(["mogul", "--players", "ana,ben,cy", "--ai", "ben,cy", "--seed", "7", "--db", db], ["ana move 1"])
    again = await run(["mogul", "--players", "ana,ben,cy", "--ai", "ben,cy", "--db", db], ["ana status"])
    assert "Resuming table #1" in again and "The Mogul game starts" not in again
    assert "The Mogul game starts" in first


async def test_waiting_brings_reminders_then_the_timeout() -> None:
    script = ["wait 40", "wait 31", "wait 2", "ana status"]
    text = await run(["mogul", "--players", "ana,ben,cy", "--ai", "ben,cy", "--seed", "7"], script)
    assert "@ana, a reminder" in text and "@ana, your time runs out" in text
    assert "ana’s time ran out: the AI played for them" in text


async def test_a_bad_db_path_is_explained_not_a_traceback(tmp_path: Path) -> None:
    """Issue 28: `--db` with a path in a missing folder, a folder, or a file that is not a database
    ended in a traceback (or hung)."""
    garbage = tmp_path / "notes.txt"
    garbage.write_text("not a database")
    for path, said in (
        (tmp_path / "missing" / "x.sqlite3", "folder does not exist"),
        (tmp_path, "is a folder"),
        (garbage, "not a table file"),
    ):
        out = io.StringIO()
        assert await play(parse_args(["mogul", "--players", "ana,ben,cy", "--db", str(path)]), [], out) == 2
        assert said in out.getvalue() and "Traceback" not in out.getvalue()


async def test_db_resumes_only_the_game_and_players_asked_for(tmp_path: Path) -> None:
    """Issue 28: `--db` resumed a Mogul game when Takenoko was asked for."""
    db = str(tmp_path / "kept.sqlite3")
    await run(["mogul", "--players", "ana,ben,cy", "--ai", "ben,cy", "--seed", "7", "--db", db], ["ana move 1"])
    for argv, said in (
        (["takenoko", "--players", "ana,ben", "--db", db], "keeps an unfinished Mogul game: play it with “mogul”"),
        (["mogul", "--players", "ana,dee,cy", "--db", db], "resume it with --players ana,ben,cy"),
    ):
        out = io.StringIO()
        assert await play(parse_args(argv), [], out) == 2
        assert said in out.getvalue(), out.getvalue()


async def test_pictures_number_on_after_a_resume(tmp_path: Path) -> None:
    """Issue 28: after a resume, board-001.png was written again over the first game's picture."""
    db, pictures = str(tmp_path / "kept.sqlite3"), tmp_path / "pictures"
    argv = ["mogul", "--players", "ana,ben,cy", "--ai", "ben,cy", "--seed", "7", "--db", db, "--pictures"]
    await run([*argv, str(pictures)], ["ana move 1"])
    first = {p.name: p.read_bytes() for p in pictures.iterdir()}
    await run([*argv, str(pictures)], ["ana move 1"])
    again = {p.name: p.read_bytes() for p in pictures.iterdir()}
    assert all(again[name] == data for name, data in first.items())  # nothing written over
    assert len(again) > len(first)


async def test_a_name_that_is_not_text_is_refused() -> None:
    """Issue 28: a player name that is not UTF-8 (a shell passes it as a lone surrogate) gave a
    traceback."""
    out = io.StringIO()
    assert await play(parse_args(["mogul", "--players", "an\udcffa,ben,cy"]), [], out) == 2
    assert "must be text" in out.getvalue() and "an\\udcffa" in out.getvalue()


@pytest.mark.parametrize(
    ("lang", "alone", "page"),
    [
        ("en", "A line starts with a player and then a command, e.g. “ana hand”", "“log” takes a number"),
        ("fr", "Une ligne commence par un joueur puis une commande, par exemple «\u202fana", "«\u202flog\u202f» prend"),
    ],
)
async def test_a_name_alone_and_a_page_that_is_no_number_are_explained(lang: str, alone: str, page: str) -> None:
    """Issue 28: `ana` alone answered "Unknown command -."; `log abc` showed the last page as if
    nothing were wrong."""
    script = ["ana", "ana log abc", "ana undo x"]
    text = await run(["mogul", "--players", "ana,ben,cy", "--ai", "ben,cy", "--seed", "7", "--lang", lang], script)
    assert alone in text and "-." not in text
    assert text.count(page) == 1 and "undo" in text.split(page, 1)[1]


async def test_an_order_form_offers_the_value_it_shows() -> None:
    """Issue 28: the order display read "pays: 3 — values off|0|1|2", as if the held value were not
    allowed. An order of 5 payments, with fewer chips left, is shown in a form whose every value is
    one it offers (the line to type is one the table accepts)."""
    script = ["ana orders scope=always pays=5 pot=off keep=off after=ask", "ana orders"]
    text = await run(["mogul", "--players", "ana,ben,cy", "--ai", "ben,cy", "--seed", "7"], script)
    assert "at most 5 times per auction" in text, text[-1500:]
    lines = text.splitlines()
    form = "\n".join(lines[max(i for i, line in enumerate(lines) if "(scope):" in line) :])
    offered = re.findall(r"\((\w+)\): .* — values: (\S+)", form)
    line = text.rsplit("ana orders scope=", 1)[1].split(" (or ", 1)[0]
    typed = dict(part.split("=", 1) for part in f"scope={line}".split())
    assert {name for name, _ in offered} == set(typed)
    for name, values in offered:
        assert all(v in values.split("|") for v in typed[name].split(",")), (name, typed[name], values)


async def test_turns_lists_the_table_waiting_with_times_in_utc_and_no_link() -> None:
    """/game turns in the terminal: the same words as in Discord, the moment in UTC, no link."""
    text = await run(["mogul", "--players", "ana,ben,cy", "--seed", "5"], ["ana turns", "ben turns"])
    assert re.search(r"1 table waits for your move.*\n +• \*\*Mogul\*\* #1: .* — waiting since .*\(UTC\)", text)
    assert "discord.com" not in text
    assert "Nothing is waiting for you" in text  # the one who is not asked
