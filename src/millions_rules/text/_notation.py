"""Every game's notation behind one pair of functions, :func:`command` and
:func:`parse_command`: each game's own, through its
:attr:`~millions_rules.games.Companions.text`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._common.errors import ConfigError
from .._common.game import SeatWords
from .._common.notation import NotationError
from ..games import GAMES, game_of

__all__ = ["command", "legal_actions", "parse_command"]


def _check_names(names: object) -> Sequence[str] | None:
    if names is None:
        return None
    if isinstance(names, (list, tuple)) and all(type(name) is str for name in names):
        return names
    raise NotationError("bad_value", {"detail": "names must be a list of str"})


def _words_of_view(seen: object) -> SeatWords:
    """The text layer of the game ``seen`` is a view of."""
    try:
        words = game_of(seen).companions.text
    except ConfigError:  # no config, state or view of a game
        words = None
    if words is None:
        raise NotationError("bad_value", {"detail": f"a view of a game, not {type(seen).__name__}"})
    return words


def _words_of_action(action: object) -> SeatWords:
    """The text layer of the game whose action ``action`` is (in the registry's order)."""
    for game in GAMES.values():
        words = game.companions.text
        if words is not None and type(action) in game.action_types:
            return words
    raise NotationError("bad_value", {"detail": f"an action, not {type(action).__name__}"})


def _words_of_event(event: object) -> SeatWords:
    """The text layer of the game whose event ``event`` is (in the registry's order)."""
    for game in GAMES.values():
        words = game.companions.text
        if words is not None and type(event) in words.event_types:
            return words
    raise NotationError("bad_value", {"detail": f"an event, not {type(event).__name__}"})


def command(action: object, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The command a player types for ``action`` (of any game with a text layer), in ``locale``.

    Seats are written ``@name`` (``@3``, from 1, without ``names``), amounts as the locale
    writes money (``2M``, ``2 M``, ``200万``), roles and pieces by their names and letters.

    >>> from millions_rules import Pay
    >>> from millions_rules.text import command
    >>> command(Pay(0, 2, 3), names=["Ana", "Bo", "Cy"])
    '/pay @Cy 3M'

    Raises:
        NotationError: If ``action`` is no action of a game (code ``bad_value``) or no
            seat's action (the dealer's, code ``bad_arguments``), or ``names`` is not a
            list of str (code ``bad_value``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    checked = _check_names(names)
    return str(_words_of_action(action).command(action, names=checked, locale=locale))


def parse_command(
    text: str, view: object, *, names: Sequence[str] | None = None, locale: str = "en"
) -> Any:
    """The legal action of ``view``'s seat that ``text`` says, in any of the three locales.

    ``locale`` is the language of the refusal and of its suggestions; the text itself may
    mix the locales' keywords, role and piece names. The action returned is one of the
    seat's legal actions (payments included), equal to the listed one.

    >>> from millions_rules import GameConfig, new_game, view
    >>> from millions_rules.text import parse_command
    >>> parse_command("/elegir matón", view(new_game(GameConfig(4, seed=1)), 2))
    Choose(player=2, roles=(<Role.BRUTE: 'brute'>,))

    Raises:
        NotationError: With a stable :attr:`~NotationError.code`, a message in every locale
            and the :attr:`~NotationError.nearest` legal commands.
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    words = _words_of_view(view)
    checked = _check_names(names)
    if type(text) is not str:
        raise NotationError("bad_value", {"detail": f"a str, not {type(text).__name__}"})
    return words.parse_command(text, view, names=checked, locale=locale)


def legal_actions(view: object) -> tuple[Any, ...]:
    """Every legal action of ``view``'s seat, in any game with a text layer: Millions'
    payments included (every payee, every amount), Torraku's knock-down reports with each
    ``fallen``.

    Raises:
        NotationError: If ``view`` is no view of a game (code ``bad_value``).
    """
    return tuple(_words_of_view(view).legal_actions(view))
