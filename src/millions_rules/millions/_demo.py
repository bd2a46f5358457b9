"""The demo behind ``python -m millions_rules demo``: a seeded game between random bots, told.

The story is what a spectator sees, plus the cash after each round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .._common.errors import ConfigError
from .._common.random_bot import RandomBot
from ._config import GameConfig
from ._engine import apply, new_game
from ._events import Event, GameStarted, GameWon, LootRevealed, RoundEnded
from ._i18n import check_locale, format_money, join_items
from ._money import cash_after
from ._narrate import describe
from ._roles import RepeatRole
from ._state import GameState
from ._text import msg
from ._views import view, visible_events

__all__ = ["demo_story", "play_demo"]

_NAMES = ("Al", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
# The demo narrates what a spectator sees, plus the roles of characters revealed.
_QUIET = ("DepositReturned",)


def play_demo(
    players: int = 5,
    seed: int = 2016,
    quick: bool = False,
    repeat_role: RepeatRole = RepeatRole.NO_SHARE,
    locale: str = "en",
) -> tuple[GameState, list[str]]:
    """Play a seeded game between :class:`~millions_rules.bots.RandomBot` bots; return the end and the story.

    Each bot acts on its own :func:`~millions_rules.view`; the story is the spectator's log,
    told in ``locale`` (one of :data:`~millions_rules.LOCALES`).

    Raises:
        LocaleError: If ``locale`` is unknown.
    """
    check_locale(locale)
    make = GameConfig.quick if quick else GameConfig
    state = new_game(make(players, seed=seed, repeat_role=repeat_role))
    bots = [RandomBot(seed=seed * 10 + seat, pay_chance=0.02) for seat in range(players)]
    names = _NAMES[:players]
    lines: list[str] = []
    told = 0
    turn = 0
    while not state.is_over:
        seat = state.awaiting[turn % len(state.awaiting)]
        turn += 1
        action = bots[seat].act(view(state, seat))
        if action is None:
            continue
        state = apply(state, action)
        fresh = visible_events(state.events[told:], None)
        told = len(state.events)
        lines.extend(_tell(fresh, state, names, locale))
    return state, lines


def demo_story(players: int, seed: int, locale: str, options: Mapping[str, object]) -> list[str]:
    """``demo``'s story: :func:`play_demo` with the options ``quick`` and ``repeat_role``.

    Raises:
        ConfigError: For another option, or a ``repeat_role`` that is no variant.
    """
    unknown = sorted(set(options) - {"quick", "repeat_role"})
    if unknown:
        raise ConfigError(f"the Millions demo takes no option {', '.join(unknown)}")
    role = options.get("repeat_role", RepeatRole.NO_SHARE.value)
    try:
        repeat_role = RepeatRole(role)
    except ValueError:
        raise ConfigError(f"repeat_role must be a RepeatRole value, not {role!r}") from None
    quick = options.get("quick", False) is True
    return play_demo(players, seed, quick, repeat_role, locale=locale)[1]


_CASH = msg("demo.cash", "Cash: {cash}")
_CASH_ENTRY = msg("demo.cash.entry", "{name} {amount}")


def _tell(
    events: Sequence[Event], state: GameState, names: Sequence[str], locale: str
) -> list[str]:
    lines = []
    for event in events:
        if type(event).__name__ in _QUIET:
            continue
        text = describe(event, names, locale=locale)
        if isinstance(event, LootRevealed):
            lines.append("\n" + text)
        else:
            lines.append(text if isinstance(event, (GameStarted, GameWon)) else "  " + text)
        if isinstance(event, RoundEnded):
            entries = (
                _CASH_ENTRY.render(locale, name=name, amount=format_money(cash, locale))
                for name, cash in zip(names, _cash_at(state, event), strict=True)
            )
            lines.append("  " + _CASH.render(locale, cash=join_items(entries, locale)))
    return lines


def _cash_at(state: GameState, end: RoundEnded) -> tuple[int, ...]:
    # Cash after a round: replay the money events up to that RoundEnded.
    return cash_after(state, state.events.index(end) + 1)
