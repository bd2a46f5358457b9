"""A third game, written outside the package, gets every layer in scope by public means.

The game is Goofspiel (``tests/thirdgame``): a simultaneous-bid game with chance for 2 to 5
players, written against :mod:`millions_rules.kit` only and found through its entry point
``millions_rules.games: goofspiel`` (installed by the nox sessions, or put on ``sys.path``
by ``tests/conftest.py``). Its only companions are its demo's size, its action catalogue
(for the AI adapters) and its words for one seat, so each layer here runs on its generic
default: the runner, :class:`~millions_rules.bots.RandomBot`,
:class:`~millions_rules.bots.ISMCTSBot`, ``simulate`` (table, JSON, CSV, ``--jobs 2``),
``demo``, ``schemas``, the text layer and the LLM seats; and the registry refuses what it
must. The web table (``tests/test_web_games.py``, ``tests/browser/test_goofspiel_table.py``,
``tests/llm/test_remote_seat.py``), the AI adapters (``tests/adapters/``) and the QQ plugin
(``tests/chat/``) run it in their own files.
"""

from __future__ import annotations

import ast
import json
import os
import pathlib
import subprocess
import sys
import textwrap

import attrs
import goofspiel_game
import jsonschema
import pytest
from goofspiel_game import GAME, Bid, GoofConfig, Reveal

from millions_rules import kit
from millions_rules.__main__ import main
from millions_rules.bots import ISMCTSBot, RandomBot, play_game
from millions_rules.bots._simulate import HOOKS, bot_from_spec, statistics_of
from millions_rules.games import (
    GAMES,
    GameRegistryError,
    entry_point_problems,
    game_of,
    get_game,
    register,
)

THIRD = pathlib.Path(goofspiel_game.__file__).resolve().parent


def test_the_third_game_is_found_by_its_entry_point() -> None:
    """The registry finds Goofspiel by its entry point alone (nobody registered it in this
    process), with the two games of the package and no entry point left out."""
    assert GAMES["goofspiel"] is GAME
    assert get_game("goofspiel") is GAME
    assert {"goofspiel", "millions", "torraku"} <= set(GAMES)
    assert entry_point_problems() == ()
    assert game_of(GoofConfig(3)) is GAME


def test_the_third_game_imports_only_the_public_kit() -> None:
    """The fixture game imports nothing of millions_rules but :mod:`millions_rules.kit`."""
    found = set()
    for path in THIRD.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("millions"):
                found |= {f"{node.module}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("millions")}
    assert found == {"millions_rules.kit"}


def test_register_refuses_a_non_game_and_a_taken_name_and_changes_nothing() -> None:
    """``register`` refuses an object that is no Game (``not_a_game``) and a second game
    under a taken name (``duplicate_name``), leaving the registry as it was; registering
    the same game again changes nothing."""
    before = dict(GAMES)
    with pytest.raises(GameRegistryError) as caught:
        register(object())  # type: ignore[arg-type]
    assert caught.value.code == "not_a_game"
    with pytest.raises(GameRegistryError) as caught:
        register(attrs.evolve(GAME, name="millions"))
    assert caught.value.code == "duplicate_name"
    assert str(caught.value) == "a game named 'millions' is already registered"
    with pytest.raises(GameRegistryError) as caught:
        register(attrs.evolve(GAME, name="Not A Name"))
    assert caught.value.code == "not_a_game"
    assert isinstance(caught.value, kit.ConfigError)
    assert register(GAME) is GAME
    assert dict(GAMES) == before


def _python(code: str, extra_path: list[pathlib.Path]) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter with ``extra_path`` first on its ``PYTHONPATH``."""
    paths = [str(p) for p in extra_path] + [p for p in sys.path if p]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths), PYTHONWARNINGS="default")
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def test_register_in_process_is_seen_by_every_lookup() -> None:
    """In a fresh process, a game made at run time and registered is in ``GAMES``, found by
    name, and plays through the runner."""
    done = _python(
        """
        import attrs, goofspiel_game
        from millions_rules.games import GAMES, get_game, register
        from millions_rules.bots import RandomBot, play_game
        copy = register(attrs.evolve(goofspiel_game.GAME, name="goofcopy"))
        final = play_game(copy.config(2, seed=1), [RandomBot(), RandomBot()])
        print(sorted(GAMES), get_game("goofcopy") is copy, copy.is_over(final))
        """,
        [],
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "['goofcopy', 'goofspiel', 'millions', 'torraku'] True True\n"


def test_a_broken_entry_point_is_reported_and_the_others_load(tmp_path: pathlib.Path) -> None:
    """Entry points that fail to import, or name no Game, are left out with a warning that
    names each; the other games load, one of which imports the registry while it loads
    (discovery is lazy)."""
    info = tmp_path / "broken_games-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-games\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[millions_rules.games]\n"
        "broken = no_such_module_here:GAME\n"
        "notagame = json:dumps\n"
        "lazy = lazy_game:GAME\n"
    )
    (tmp_path / "lazy_game.py").write_text(
        "import attrs, goofspiel_game\n"
        "from millions_rules.games import get_game\n"
        "assert get_game('millions').name == 'millions'  # the registry, mid-discovery\n"
        "GAME = attrs.evolve(goofspiel_game.GAME, name='lazy')\n"
    )
    done = _python(
        """
        import warnings
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            from millions_rules.games import GAMES, entry_point_problems
            names = sorted(GAMES)
        print(names)
        print([p.code for p in entry_point_problems()])
        for w in caught:
            print(w.category.__name__, str(w.message).split(":")[0])
        """,
        [tmp_path],
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "['goofspiel', 'lazy', 'millions', 'torraku']",
        "['broken_entry_point', 'not_a_game']",
        "RuntimeWarning the game entry point broken = no_such_module_here",
        "RuntimeWarning the game entry point notagame = json",
    ]


def test_the_runner_random_bot_and_search_bot_play_it() -> None:
    """``play_game`` plays Goofspiel between RandomBot and ISMCTSBot (the generic search
    model, the seat read with ``view_seat``), the engine or the runner dealing; the same
    seed gives the same game."""
    bots: list[kit.AnyBot] = [RandomBot(), ISMCTSBot(iterations=20), RandomBot()]
    final = play_game(GoofConfig(3, seed=7), bots)
    assert (final.scores, GAME.winners(final)) == ((4, 5, 5), (1, 2))
    assert play_game(GoofConfig(3, seed=7), bots) == final
    randoms: list[kit.AnyBot] = [RandomBot()] * 5
    dealt = play_game(GoofConfig(5, seed=7, dealer=kit.Dealer.EXTERNAL), randoms)
    assert (dealt.scores, GAME.winners(dealt)) == ((4, 1, 2, 5, 3), (3,))
    assert dealt.history[:3] == (Reveal(1), Bid(0, 3), Bid(1, 5))


def test_the_search_bot_beats_random_play() -> None:
    """With the generic search model ISMCTSBot wins most two-player games against a
    RandomBot (19 of 20 with these seeds; a searcher that did not search would win about
    half)."""
    wins = sum(
        0 in GAME.winners(play_game(GoofConfig(2, seed=i), [ISMCTSBot(iterations=40), RandomBot()]))
        for i in range(20)
    )
    assert wins == 19


def test_rule_bot_of_a_game_without_one_is_a_random_bot() -> None:
    """``--bots rule`` in a game without its own rule bot is a RandomBot; the simulator's
    statistics are the common ones."""
    assert type(bot_from_spec("rule", "goofspiel")) is RandomBot
    assert isinstance(statistics_of(GAME), kit.CommonStatistics)
    assert HOOKS["goofspiel"].score == "score"


def _simulate(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    args = ["simulate", "--game", "goofspiel", "--players", "3", "--games", "6"]
    assert main([*args, "--bots", "random,ismcts:5", *extra]) == 0
    return capsys.readouterr().out


def test_simulate_prints_the_common_figures_as_table_json_and_csv(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``simulate --game goofspiel`` prints win rates by bot and seat, mean scores and the
    game's length as a table, as JSON valid against the game's schema, and as CSV (never
    ``KeyError: 'mean_cash'``)."""
    table = _simulate(capsys)
    assert table.splitlines()[:2] == [
        "6 Goofspiel games, 3 players, seed 0",
        "Bots: random, ismcts:5",
    ]
    assert "Game length: 15.00 [15.00 to 15.00] actions" in table
    document = json.loads(_simulate(capsys, "--json"))
    jsonschema.validate(document, statistics_of(GAME).json_schema)
    assert document["settings"] == {
        "game": "goofspiel",
        "players": 3,
        "games": 6,
        "bots": ["random", "ismcts:5"],
        "rotate": False,
        "seed": 0,
    }
    assert sorted(document["statistics"]) == ["bots", "game_length", "games", "seats"]
    assert document["statistics"]["game_length"]["value"] == 15
    rows = _simulate(capsys, "--csv").splitlines()
    assert rows[0] == "section,name,metric,value,low,high,n"
    assert [r.split(",")[:3] for r in rows[1:]][-1] == ["game", "all", "length"]
    assert len(rows) == 1 + 2 * 2 + 3 * 2 + 1


def test_simulate_on_two_worker_processes_finds_the_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--jobs 2`` workers find Goofspiel by its entry point in their own registry and give
    the output of ``--jobs 1``, byte for byte."""
    one = _simulate(capsys, "--json")
    two = _simulate(capsys, "--json", "--jobs", "2")
    assert two == one


def test_demo_plays_random_bots_told_by_describe(capsys: pytest.CaptureFixture[str]) -> None:
    """``demo --game goofspiel`` plays three random bots (the fewest players the game
    allows unless it says otherwise: here its companions say 3) and tells every event of
    the spectator's log with the game's ``describe``."""
    assert main(["demo", "--game", "goofspiel", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Round 1: the prize is ")
    assert lines[1:4] == ["Player 1 bids.", "Player 2 bids.", "Player 3 bids."]
    assert lines[-1].startswith("The game ends; the most points (")
    assert len(lines) == 5 * 5 + 1


def test_demo_takes_the_games_own_options_and_refuses_others(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--option cards=2`` reaches Goofspiel's config (two rounds told); a Millions-only
    option for Goofspiel is an error (exit status 2), not silently ignored."""
    assert main(["demo", "--game", "goofspiel", "--option", "cards=2"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2 * 5 + 1
    assert main(["demo", "--game", "goofspiel", "--quick"]) == 2
    assert "unknown option for Goofspiel: quick" in capsys.readouterr().err


def test_simulate_takes_the_games_own_options(capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate --option cards=3`` plays three-round games (9 bids of 3 players) and says
    so in its settings; an option the game has not is a usage error, as is one outside the
    options of a game whose statistics list theirs."""
    document = json.loads(_simulate(capsys, "--json", "--option", "cards=3"))
    assert document["settings"]["cards"] == 3
    assert document["statistics"]["game_length"]["value"] == 9
    with pytest.raises(SystemExit) as caught:
        _simulate(capsys, "--option", "colour=red")
    assert caught.value.code == 2
    assert "unknown option for Goofspiel: colour" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "1", "--option", "cards=3"])
    assert "millions has no simulator option cards (its options: quick, repeat_role, dealer)" in (
        capsys.readouterr().err
    )


def test_schemas_of_a_game_without_any_says_so(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``schemas --game goofspiel`` writes nothing (never Millions' schemas) and says the
    game ships none, exit status 1; Torraku's are Torraku's."""
    target = tmp_path / "out"
    assert main(["schemas", str(target), "--game", "goofspiel"]) == 1
    assert "Goofspiel (goofspiel) ships no JSON Schemas: nothing was written" in (
        capsys.readouterr().err
    )
    assert not target.exists()
    assert main(["schemas", str(target), "--game", "torraku"]) == 0
    written = sorted(path.name for path in target.iterdir())
    assert "torraku.schema.json" in written and "millions.schema.json" not in written


def test_the_text_layer_reads_and_tells_the_third_game_through_its_words() -> None:
    """``millions_rules.text`` knows no game: a game's ``Companions.text`` gives its
    notation, menu, status and narration, so a third game is typed, listed and told as the
    built-in ones are; a game without it is refused with ``bad_value``."""
    from millions_rules.text import (
        NotationError,
        command,
        is_secret,
        legal_actions,
        menu,
        narrate,
        parse_command,
        status,
    )

    state = GAME.new_game(GoofConfig(3, seed=1))
    seen = GAME.view(state, 0)
    names = ["Ana", "Bo", "Cy"]
    assert [entry.command for entry in menu(seen)] == [f"/bid {card}" for card in range(1, 6)]
    assert all(entry.secret for entry in menu(seen))
    assert status(seen, names=names, locale="es").splitlines() == [
        "Round 1: the prize is 1.",
        "Your cards: 1, 2, 3, 4, 5.",
        "Ana: 0 points",
        "Bo: 0 points",
        "Cy: 0 points",
        "Se espera a Bo y Cy.",  # the common words of every game's status, translated
        "Te toca.",
    ]
    bid = parse_command("/bid 2", seen)
    assert bid == Bid(0, 2) and command(bid) == "/bid 2" and is_secret(bid, seen)
    assert legal_actions(seen) == seen.legal_actions
    with pytest.raises(NotationError) as refused:
        parse_command("/dance", seen)
    assert (refused.value.code, refused.value.nearest[:2]) == (
        "unknown_command",
        ("/bid 1", "/bid 2"),
    )
    after = GAME.view(GAME.apply(state, bid, seat=0), 1)
    assert [narrate(event, 1, names=names) for event in after.events] == [
        "Round 1: the prize is 1.",
        "Ana bids.",
    ]
    with pytest.raises(NotationError) as no_game:
        menu(object())
    assert no_game.value.code == "bad_value"


def test_an_llm_seat_plays_the_third_game_which_its_prompt_names_by_its_title() -> None:
    """The LLM harness names a game by its words' title, else by the game's English title
    (Goofspiel's words give none), in every language; it asks the seats the game waits for
    and plays a game of answers that are each the prompt's first legal command to the end."""
    from millions_rules.llm import TextGame, play

    for locale, first in [
        ("en", "You are player 1 at a game of Goofspiel."),
        ("es", "Eres jugador 1 en una partida de Goofspiel."),
    ]:
        seat, prompt = TextGame("goofspiel", players=3, seed=1, locale=locale).get_observation()
        assert (seat, prompt.splitlines()[0]) == (0, first)
    env = TextGame("goofspiel", players=2, seed=4, cards=3)

    def first_legal(prompt: str) -> str:
        return next(line.split(" · ")[0] for line in prompt.splitlines() if line[:1] == "/")

    play(env, {0: first_legal, 1: first_legal})
    assert env.done and all(call.legal for call in env.telemetry)
    assert len(env.telemetry) == 6  # two bids in each of the three rounds
