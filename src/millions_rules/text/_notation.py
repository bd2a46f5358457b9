"""Both games' notations behind one pair of functions, :func:`command` and :func:`parse_command`."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from .. import PlayerView
from .._common.notation import NotationError
from ..millions.companions import ACTION_TYPES as _MILLIONS_ACTIONS
from ..millions.companions import notation as _millions
from ..torraku import TorrakuView
from ..torraku.companions import ACTION_TYPES as _TORRAKU_ACTIONS
from ..torraku.companions import notation as _torraku

__all__ = ["command", "legal_actions", "parse_command"]


def _check_names(names: object) -> Sequence[str] | None:
    if names is None:
        return None
    if isinstance(names, (list, tuple)) and all(type(name) is str for name in names):
        return names
    raise NotationError("bad_value", {"detail": "names must be a list of str"})


def _grammar_of_view(seen: object) -> ModuleType:
    if type(seen) is PlayerView:
        return _millions
    if type(seen) is TorrakuView:
        return _torraku
    raise NotationError("bad_value", {"detail": f"a view of a game, not {type(seen).__name__}"})


def command(action: object, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The command a player types for ``action`` (of either game), in ``locale``.

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
    kind = type(action)
    grammar: Any
    if kind in _MILLIONS_ACTIONS:
        grammar = _millions
    elif kind in _TORRAKU_ACTIONS:
        grammar = _torraku
    else:
        raise NotationError("bad_value", {"detail": f"an action, not {kind.__name__}"})
    return str(grammar.command(action, names=checked, locale=locale))


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
    grammar: Any = _grammar_of_view(view)
    checked = _check_names(names)
    if type(text) is not str:
        raise NotationError("bad_value", {"detail": f"a str, not {type(text).__name__}"})
    return grammar.parse_command(text, view, names=checked, locale=locale)


def legal_actions(view: object) -> tuple[Any, ...]:
    """Every legal action of ``view``'s seat, in either game: Millions' payments included
    (every payee, every amount), Torraku's knock-down reports with each ``fallen``.

    Raises:
        NotationError: If ``view`` is no view of a game (code ``bad_value``).
    """
    grammar: Any = _grammar_of_view(view)
    return tuple(grammar.legal_actions(view))
