"""Run every example against an installed millions-rules (the nox ``package`` session).

Usage: ``python tests/check_wheel.py EXAMPLES_DIR`` with the interpreter of a fresh
virtual environment that has only the built wheel installed.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import millions_rules


def main(examples: str) -> int:
    here = pathlib.Path(millions_rules.__file__).parent
    assert "site-packages" in str(here), f"not testing an installed wheel: {here}"
    assert (here / "py.typed").exists()
    assert sorted(p.name for p in (here / "schemas").glob("*.json")) == sorted(
        [*millions_rules.SCHEMA_FILES, millions_rules.SCHEMA_BUNDLE]
    )
    from millions_rules import torraku

    assert sorted(p.name for p in (here / "torraku" / "schemas").glob("*.json")) == sorted(
        [*torraku.SCHEMA_FILES, torraku.SCHEMA_BUNDLE]
    )
    # The TypeScript declarations generated from the bundles (nox -s types checks them).
    assert (here / "schemas" / "millions.d.ts").is_file()
    assert (here / "torraku" / "schemas" / "torraku.d.ts").is_file()
    for lang in ("es", "zh"):
        assert (here / "locale" / lang / "LC_MESSAGES" / "millions_rules.mo").is_file()
    # Each game's page widgets ship in its wing, as the script its page companion gives.
    from millions_rules.games import get_game

    for game in ("millions", "torraku"):
        assert (here / game / "static" / "widgets.js").is_file()
        page = get_game(game).companions.page
        assert page is not None and page.script is not None
        assert f"registry.{game} = " in page.script()
    payment = millions_rules.Paid(0, 1, 3)
    spoken = [millions_rules.describe(payment, ["Al", "Bo"], locale=lang) for lang in ("es", "zh")]
    assert spoken == ["Al paga 3 M a Bo.", "Al向Bo支付300万。"], spoken
    directory = pathlib.Path(examples)
    for script in ("minimal_loop.py", "replay_saved_game.py", "server_loop.py", "bot_table.py"):
        subprocess.run(
            [sys.executable, str(directory / script)], check=True, stdout=subprocess.DEVNULL
        )
    hot_seat = "3\nAl\nBo\nCy\n\n1\n\n\nquit\n"
    subprocess.run(
        [sys.executable, str(directory / "hot_seat.py")],
        input=hot_seat,
        text=True,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    subprocess.run(
        [sys.executable, str(directory / "torraku_table.py")],
        input="1\n\n\nbet R\npass\n",
        text=True,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    # The chat host, offline and with no extra: a choice in private, a secret refused in the
    # group, the menu, then the end of input.
    chat = subprocess.run(
        [sys.executable, str(directory / "chat_host.py"), "--lang", "en"],
        input="1! /choose driver\n2 /choose brute\n2 /menu\n",
        text=True,
        check=True,
        capture_output=True,
    )
    assert "[to Ana only] You secretly send your Driver." in chat.stdout, chat.stdout
    chat = subprocess.run(
        [sys.executable, str(directory / "chat_host.py"), "--game", "torraku", "--lang", "en"],
        input="1 /bet R\n2 /status\n",
        text=True,
        check=True,
        capture_output=True,
    )
    assert "[group] Ana bets 1 rice cooker: the bet is now 1." in chat.stdout, chat.stdout
    for game in ("millions", "torraku"):
        harness = subprocess.run(
            [sys.executable, str(directory / "llm_harness.py"), "--game", game],
            check=True,
            capture_output=True,
            text=True,
        )
        assert "illegal answers" in harness.stdout, harness.stdout
    simulated = subprocess.run(
        [sys.executable, "-m", "millions_rules", "simulate", "--games", "3", "--json"],
        check=True,
        capture_output=True,
        text=True,
    )
    assert '"statistics"' in simulated.stdout
    print(f"millions-rules {millions_rules.__version__} from {here}: examples ran")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
