"""Words for one seat: :func:`status` (what it knows) and :func:`menu` (what it can do now),
for any game with :attr:`~millions_rules.games.Companions.text`."""

from __future__ import annotations

from collections.abc import Sequence

from .._common.i18n import check_locale
from .._common.notation import MenuEntry, NotationError
from ._notation import _check_names, _words_of_action, _words_of_event, _words_of_view

__all__ = ["MenuEntry", "is_secret", "menu", "narrate", "status", "torraku_phase_name"]


def is_secret(action: object, view: object) -> bool:
    """Whether typing ``action``'s command where others read reveals a secret of the seat.

    In Millions a choice of role (R-PLAN-2) is secret; in the three-player game so is taking
    back one named character (R-3P-2: the others learn that a player took one back, never
    which); so are a private offer and its answers (R-DEAL-4) and private talk (R-TALK-1).
    Everything else a seat does is public (R-INFO), and nothing a Torraku seat does is
    secret. ``False`` for an object that is no action of a game with a text layer.
    """
    try:
        words = _words_of_action(action)
    except NotationError:
        return False
    return bool(words.is_secret(action, view))


def menu(
    view: object, *, names: Sequence[str] | None = None, locale: str = "en"
) -> tuple[MenuEntry, ...]:
    """What ``view``'s seat can do now: a command per line, with its explanation and secrecy.

    Millions' payments are one line per payee (every amount from 1M to the seat's cash); the
    three-player game's ordered pairs each say which character lies in which position;
    Torraku's bets are one line with the hand and the letters, and a line per bet from the
    bag. Each game says its own (:attr:`~millions_rules.games.Companions.text`).

    >>> from millions_rules import GameConfig, new_game, view
    >>> from millions_rules.text import menu
    >>> for entry in menu(view(new_game(GameConfig(4, seed=1)), 0), locale="es"):
    ...     print(entry.command, "|", entry.explanation, "|", entry.secret)
    /elegir matón | Envía a tu Matón a este golpe (apuesta de 1 M). | True
    /elegir conductor | Envía a tu Conductor a este golpe (apuesta de 1 M). | True
    /elegir estafador | Envía a tu Estafador a este golpe (apuesta de 1 M). | True

    Raises:
        NotationError: If ``view`` is no view of a game with a text layer or ``names`` no
            list of str (code ``bad_value``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    language = check_locale(locale)
    checked = _check_names(names)
    return tuple(_words_of_view(view).menu(view, checked, language))


def torraku_phase_name(phase: object, locale: str = "en") -> str:
    """The name of a Currency Torraku phase in ``locale`` ("Betting", "Apuestas", "下注"), as
    :func:`millions_rules.torraku.phase_name` gives it, refused as the text layer refuses.

    >>> from millions_rules.torraku import Phase
    >>> from millions_rules.text import torraku_phase_name
    >>> [torraku_phase_name(phase, "zh") for phase in Phase]
    ['下注', '叠放', '游戏结束']

    Raises:
        NotationError: If ``phase`` is no Torraku phase (code ``bad_value``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    from ..torraku.companions import phase_name

    return phase_name(phase, locale)


def status(view: object, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """What ``view``'s seat knows, in a few lines of ``locale``: the round and phase, its own
    money and characters (or pieces), every player's public facts, and who the game waits
    for.

    Only what the view holds is said (a spectator's view gives the public facts only).

    Raises:
        NotationError: If ``view`` is no view of a game with a text layer or ``names`` no
            list of str (code ``bad_value``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    language = check_locale(locale)
    checked = _check_names(names)
    return "\n".join(_words_of_view(view).status(view, checked, language))


def narrate(
    event: object, seat: int, *, names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """One event told to ``seat``: its own deeds in the second person ("You stay.", "Te
    plantas.", "你选择留下。", "Bo pays you 2M."), its own secrets too (its choice, what its
    threat card showed), and everything else in the third person, as the game's
    ``describe`` tells it.

    >>> from millions_rules import CharacterChosen, Role, Stayed
    >>> from millions_rules.text import narrate
    >>> narrate(CharacterChosen(0, (Role.DRIVER,)), 0, locale="zh")
    '你秘密派出了司机。'
    >>> narrate(Stayed(0), 0, locale="es"), narrate(Stayed(0), 1, names=["Ana", "Bo"])
    ('Te plantas.', 'Ana stays.')

    Raises:
        NotationError: If ``event`` is no event of a game with a text layer or ``names`` no
            list of str (code ``bad_value``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    language = check_locale(locale)
    checked = _check_names(names)
    reader = seat if type(seat) is int else None
    return str(_words_of_event(event).narrate(event, reader, checked, language))
