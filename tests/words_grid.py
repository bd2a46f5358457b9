"""The words grid: every message of the catalogs, both games, in every locale, for 0, 1, 2 and 5.

``tests/golden/words_grid.txt`` holds the grid as a reviewer read it;
``tests/test_words_grid.py`` fails on any difference and on any message missing from it.
After changing a message or a translation (and running ``nox -s i18n``), regenerate it with

    python tests/words_grid.py

and review the diff before committing it: each changed line is a sentence a player reads.

Each message is rendered with the count ``n`` in every numeric placeholder that a count
or an amount of money goes in (``count``, ``amount``, ``total``, ...) and fixed sample values
in the others (names, roles, pieces). A locale whose four renderings agree shows one line.
"""

from __future__ import annotations

import pathlib
import string
import sys
from collections.abc import Callable, Iterator, Mapping

from babel.messages.pofile import read_po

ROOT = pathlib.Path(__file__).parent.parent
if __name__ == "__main__":  # run as a script: import the package from the source tree
    sys.path.insert(0, str(ROOT / "src"))

from millions_rules import DESERIALIZATION_ERROR_CODES, LOCALES, Role  # noqa: E402
from millions_rules._common.i18n import Text, join_and, join_items, word  # noqa: E402
from millions_rules._common.narration import CLAUSES, Items, Nested  # noqa: E402
from millions_rules.millions._text import Money  # noqa: E402
from millions_rules.torraku import PieceCounts, PieceKind, Setup  # noqa: E402
from millions_rules.torraku._words import SETUPS, Piece, Pieces  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "words_grid.txt"
TEMPLATE = ROOT / "src" / "millions_rules" / "locale" / "millions_rules.pot"
COUNTS = (0, 1, 2, 5)
NAMES = ("Ana", "Bo", "Cy")


class _Joined:
    """Values joined in the sentence's locale (a list of winners, roles or pieces left)."""

    def __init__(self, join: Callable[[list[str], str], str], items: list[object]) -> None:
        self.join = join
        self.items = items

    def localized(self, locale: str) -> str:
        return self.join([word(item, locale) for item in self.items], locale)


_MONEY = {
    "amount",
    "cash",
    "covered",
    "deposit",
    "minimum",
    "maximum",
    "share",
    "total",
    "card",
    "rest",
}


def _values(context: str, n: int) -> dict[str, object]:
    """The sample value of every placeholder name, for the message ``context`` and count ``n``."""
    error = context.startswith(("error.", "replay."))
    torraku = context.startswith("torraku.") or context in {
        "error.not_in_bag",
        "error.not_in_hand",
        "error.bag_must_match",
        "error.bag_not_allowed",
        "error.bet_too_small",
        "error.bad_fallen",
        "error.not_stacker",
    }
    # A refusal says a seat counted from 1 (seat 0 is "seat 1"), as IllegalActionError does.
    seat: Callable[[int], object] = (lambda s: s + 1) if error else (lambda s: NAMES[s])
    # Lists of players (winners, the awaited) hold one name for the count 1, else two; a
    # shared win always two.
    people = NAMES[:1] if n == 1 and not context.endswith(".tie") else NAMES[:2]
    values: dict[str, object] = {name: Money(n) for name in _MONEY}
    values.update(
        count=n,
        action="Stay(player=0)",
        decider=seat(1),
        decision=Nested(Text("deal.leave", "leave the round")),
        length=300,
        offer="public-2",
        say="/say …",
        payer=seat(0),
        claim="/claim driver",
        code="K4TP7Q",
        example="/offer @Bo 1M you leave",
        terms=Nested(
            Text("text.menu.offer.leave", "{payer} pays {decider} {amount} and {decider} leaves"),
            payer="Ana",
            decider="Bo",
            amount=Money(3),
        ),
        words="¿Quién lleva al Conductor? 我是司机",
        bag=Pieces(PieceCounts(1, 0, n)),
        bet=3,
        bets=_Joined(
            join_items,
            [
                Nested(Text("torraku.bet_of", "{player} {count}"), player="Ana", count=n),
                Nested(Text("torraku.bet_of.none", "{player} 0"), player="Bo"),
            ],
        ),
        brute=seat(1),
        crook=seat(0),
        detail="players must be from 3 to 8, not 9",
        doing=Text("doing.pay", "pay"),
        entries=_Joined(join_items, ["Ana 2M", "Bo 2M"]),
        driver=seat(2),
        error=Nested(Text("error.game_over", "the game is over: no action is legal")),
        fallen=2,
        first=Nested(Text("event.stayed", "{player} stays."), player="Bo"),
        given=9,
        field=Text("config.field.target", "target"),
        least=25,
        high=8,
        locale="'fr'",
        low=3,
        own=Pieces(PieceCounts(1, 1, 0)),
        then=Nested(
            Text(
                "event.loot_shared.one", "Only one character shares the loot and takes all {total}."
            ),
            total=Money(10),
        ),
        hand=Pieces(PieceCounts(2, 2, 6)),
        # Clauses with their own verb, joined as the narration joins them (list.clauses).
        hands=_Joined(
            lambda items, locale: CLAUSES.render(locale).join(items),
            [
                Nested(Text("torraku.hand", "{player} gets {pieces}"), player=name, pieces=pieces)
                for name, pieces in zip(
                    NAMES,
                    (Pieces(PieceCounts(1, 0, n)), Pieces(PieceCounts(0, 2, 0))),
                    strict=False,
                )
            ],
        ),
        height=4,
        index=3,
        kind="list",
        label=Text("term.cash", "Cash"),
        last=3,
        leader=seat(1),
        left=_Joined(
            join_items,
            [
                Nested(Text("torraku.pieces_left", "{player} {count}"), player=name, count=c)
                for name, c in zip(NAMES, (n, 7), strict=False)
            ],
        ),
        limit=60,
        table="4f1c2a9b07de",
        meaning=Text("deserialization.wrong_type", DESERIALIZATION_ERROR_CODES["wrong_type"]),
        message=Nested(Text("error.self_target", "seat {player} cannot pay itself"), player=1),
        name="Ana",
        names=_Joined(join_and, list(people)),
        number=2,
        numbers=Items([1, 2]),
        outcome="'flipped'",
        path="actions[2].amount",
        phase=Text("phase.negotiation", "players are negotiating"),
        piece=Piece(PieceKind.VAN),
        pieces=Pieces(PieceCounts(0, 0, n)),  # as many pieces as the count says
        player=seat(0),
        players=4,
        positions=Items([1, 2]),
        remaining=1,
        role=Role.DRIVER,
        role2=Role.MASTERMIND,
        roles=_Joined(join_items, [Role.BRUTE, Role.DRIVER, Role.CROOK]),
        round=3,
        row=3,
        rule="R-NEG-3",
        seat=2,
        seed="-1",
        setup=SETUPS[Setup.STANDARD],
        since=9,
        slot=1,
        target=seat(2),
        to=seat(1),
        to_act=1,
        value="'x'",
        wanted=Pieces(PieceCounts(0, 0, 2)) if torraku else 2,
        what="player",
        why=Text("why.R-HEIST-SNITCH", "named by the Snitch"),
        winners=_Joined(join_and, list(people)),
    )
    # The text layer's (millions_rules.text: notation, menus, status, the chat host).
    values.update(
        characters="Driver, face down",
        commands="/stay · /leave",
        example="/stay",
        first=Role.DRIVER,
        high=Money(n),
        letter="V",
        letters="V van, W washing machine, R rice cooker",
        low=Money(1),
        menu="/menu",
        reason=Nested(
            Text("text.error.unknown_command", "“{word}” is not a command."), word="/fly"
        ),
        title="Millions of Dollars",
        # The QQ plugin's (millions_rules.chat): bounds of seats and bots, the join command.
        fewest=0,
        most=5,
        seated=3,
        smallest=3,
        largest=8,
        join="/加入",
        stop="/散局",
        seconds=4,
        time="0:42",
        notes="leader",
        position=2,
        rounds=8,
        second=Role.CROOK,
        text="/pay @Bo 99",
        word="xyz",
    )
    if context == "web.end.round":
        # The page's reason there: a game's own win reason (Millions', Torraku's).
        values["reason"] = Text("win_reason.target", "Reached the target after a round")
    return values


def _fields(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


def messages() -> Iterator[Text]:
    """Every message of the catalogs' template, in its order."""
    with TEMPLATE.open("rb") as file:
        template = read_po(file)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, str):
            yield Text(message.context or "", message.id)
        else:
            yield Text(message.context or "", message.id[0], message.id[1])


def render_grid() -> str:
    """The grid's text: a block per message, a line per locale (or per locale and count)."""
    lines: list[str] = []
    for text in messages():
        english = [text.english] if text.plural is None else [text.english, text.plural]
        lines.append(f"## {text.id} | " + " | ".join(english))
        for locale in LOCALES:
            rendered = {
                n: text.render(locale, **_only(_values(text.id, n), english, text.plural))
                for n in COUNTS
            }
            if len(set(rendered.values())) == 1:
                lines.append(f"{locale}: {rendered[0]}")
            else:
                lines.extend(f"{locale} {n}: {rendered[n]}" for n in COUNTS)
        lines.append("")
    return "\n".join(lines)


def _only(
    values: Mapping[str, object], templates: list[str], plural: str | None
) -> dict[str, object]:
    # A message with plural forms chooses one by its count, even where no form shows it.
    wanted = {name for template in templates for name in _fields(template)}
    wanted |= {"count"} if plural is not None else set()
    missing = wanted - set(values)
    if missing:
        raise KeyError(f"the grid has no sample value for {sorted(missing)}")
    return {name: values[name] for name in wanted}


if __name__ == "__main__":
    GOLDEN.write_text(render_grid(), "utf-8")
    print(f"wrote {GOLDEN.relative_to(ROOT)}")
