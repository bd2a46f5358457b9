"""Millions of Dollars in words: the commands a player types, in every locale (the docs' "Notation").

One command per action, its keyword in the player's locale, then its arguments:

======================  ==================  ==================  ======================
action                  en                  es                  zh
======================  ==================  ==================  ======================
``Choose``              ``/choose driver``  ``/elegir conductor`` ``/选 司机``
``Stay``                ``/stay``           ``/quedarse``       ``/留下``
``Leave``               ``/leave [role]``   ``/salir [rol]``    ``/退出 [角色]``
``Pay``                 ``/pay @Bo 2M``     ``/pagar @Bo 2 M``  ``/付 @Bo 200万``
``UseThreat``           ``/threat @Bo [2]`` ``/intimidar @Bo``  ``/威胁 @Bo``
``Denounce``            ``/name driver``    ``/nombrar conductor`` ``/指认 司机``
======================  ==================  ==================  ======================

Reading accepts every locale's keywords and role names at once, with or without the
``/``, and the aliases of the catalogs (``text.millions.keyword.*``, ``text.role.*``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from .._common.i18n import check_locale, msg
from .._common.notation import (
    Aliases,
    NotationError,
    Seat,
    first_spelling,
    join_units,
    nearest,
    read_amount,
    read_seat,
    seat_word,
    tokenize,
)
from ._actions import Action, Choose, Denounce, Leave, Pay, Stay, UseThreat
from ._i18n import format_money, role_name
from ._roles import Role
from ._views import PlayerView

__all__ = ["KEYWORDS", "command", "legal_actions", "parse_command"]

#: Each command's keyword spellings (the first in each locale is the one written).
KEYWORDS: Final = {
    Choose: msg("text.millions.keyword.choose", "choose|pick|send"),
    Stay: msg("text.millions.keyword.stay", "stay|in"),
    Leave: msg("text.millions.keyword.leave", "leave|out|take back"),
    Pay: msg("text.millions.keyword.pay", "pay|give|bribe"),
    UseThreat: msg("text.millions.keyword.threat", "threat|threaten|peek"),
    Denounce: msg("text.millions.keyword.name", "name|denounce"),
}
# More ways to name a role than role_name gives, in every locale.
_ROLE_ALIASES: Final = {
    Role.SNITCH: msg("text.role.snitch", "snitch|informer"),
    Role.BRUTE: msg("text.role.brute", "brute|thug"),
    Role.DRIVER: msg("text.role.driver", "driver|wheelman"),
    Role.CROOK: msg("text.role.crook", "crook|swindler"),
    Role.MASTERMIND: msg("text.role.mastermind", "mastermind|brain"),
}


@functools.cache
def _keywords() -> Aliases:
    return Aliases.of(KEYWORDS)


@functools.cache
def _roles() -> Aliases:
    extra = [(role_name(role, locale), role) for role in Role for locale in ("en", "es", "zh")]
    extra += [(role.value, role) for role in Role]
    return Aliases.of(_ROLE_ALIASES, extra)


def _role_word(role: Role, language: str) -> str:
    return role_name(role, language).lower() if language != "zh" else role_name(role, language)


def command(action: Action, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The command a player types for ``action``, in ``locale``.

    >>> from millions_rules import Choose, Pay, Role
    >>> command(Choose(0, Role.DRIVER), locale="zh")
    '/选 司机'
    >>> command(Pay(0, 1, 2), names=["Ana", "Bo"], locale="es")
    '/pagar @Bo 2 M'

    Raises:
        NotationError: If ``action`` is no seat's action of Millions (code ``bad_arguments``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    language = check_locale(locale)
    keyword = KEYWORDS.get(type(action))
    if keyword is None:
        raise NotationError("bad_arguments", {"text": repr(action)})
    head = "/" + first_spelling(keyword, language)
    if isinstance(action, Choose):
        return " ".join([head, *(_role_word(role, language) for role in action.roles)])
    if isinstance(action, (Stay,)):
        return head
    if isinstance(action, Leave):
        return head if action.role is None else f"{head} {_role_word(action.role, language)}"
    if isinstance(action, Pay):
        return f"{head} {seat_word(action.to, names)} {format_money(action.amount, language)}"
    if isinstance(action, UseThreat):
        target = f"{head} {seat_word(action.target, names)}"
        return target if action.slot == 0 else f"{target} {action.slot + 1}"
    assert isinstance(action, Denounce)
    return f"{head} {_role_word(action.role, language)}"


def legal_actions(seen: PlayerView) -> tuple[Action, ...]:
    """Every legal action of the view's seat, payments included (every payee, every amount)."""
    if seen.seat is None:
        return ()
    cash = seen.cash[seen.seat]
    payments = tuple(
        Pay(seen.seat, to, amount) for to in seen.payees for amount in range(1, cash + 1)
    )
    return seen.legal_actions + payments


def _is_legal(seen: PlayerView, action: Action) -> Action | None:
    if isinstance(action, Pay):
        assert seen.seat is not None
        legal = action.to in seen.payees and 1 <= action.amount <= seen.cash[seen.seat]
        return action if legal else None
    for listed in seen.legal_actions:
        if listed == action:
            return listed
    return None


def parse_command(
    text: str, seen: PlayerView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> Action:
    """The legal action of ``seen``'s seat that ``text`` says (see :func:`command`).

    >>> from millions_rules import GameConfig, new_game, view
    >>> seen = view(new_game(GameConfig(4, seed=1)), 0)
    >>> parse_command("选 司机", seen)
    Choose(player=0, roles=(<Role.DRIVER: 'driver'>,))

    Raises:
        NotationError: With the reason's code and the nearest legal commands.
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    language = check_locale(locale)
    players = seen.config.players

    def refuse(code: str, prefer: Sequence[Action] = (), **params: object) -> NotationError:
        legal = [command(action, names=names, locale=language) for action in _menu_sample(seen)]
        wanted = [command(action, names=names, locale=language) for action in prefer]
        return NotationError(code, params, nearest(text, legal, prefer=wanted))

    tokens = join_units(tokenize(text, names, players))
    if not tokens:
        raise refuse("empty", example=command(Stay(0), locale=language))
    if seen.seat is None or not (seen.legal_actions or seen.payees):
        raise NotationError("nothing_to_do")
    seat = seen.seat
    found = _keywords().match(tokens)
    if found is None:
        first = tokens[0]
        raise refuse("unknown_command", word=first.word if isinstance(first, Seat) else first)
    kind, rest = found
    same = [action for action in _menu_sample(seen) if type(action) is kind]
    action: Action
    if kind is Choose or kind is Denounce or kind is Leave:
        roles = _read_roles(rest)
        if roles is None:
            raise refuse("unknown_role", same, word=_words(rest))
        if kind is Choose:
            action = Choose(seat, tuple(roles))
        elif kind is Denounce and len(roles) == 1:
            action = Denounce(seat, roles[0])
        elif kind is Leave and len(roles) <= 1:
            action = Leave(seat, roles[0] if roles else None)
        else:
            raise refuse("bad_arguments", same, text=text)
    elif kind is Stay:
        if rest:
            raise refuse("bad_arguments", same, text=text)
        action = Stay(seat)
    else:
        if not rest:
            raise refuse("bad_arguments", same, text=text)
        target = read_seat(rest[0], names, players)
        if target is None:
            word = rest[0].word if isinstance(rest[0], Seat) else rest[0]
            raise refuse("unknown_player", same, word=word)
        if kind is Pay:
            if len(rest) != 2 or not isinstance(rest[1], str):
                raise refuse("bad_arguments", same, text=text)
            amount = read_amount(rest[1])
            if amount is None:
                raise refuse("bad_amount", same, word=rest[1])
            action = Pay(seat, target, amount)
        else:
            action = _threat(
                seen, seat, target, rest[1:], lambda: refuse("bad_arguments", same, text=text)
            )
    legal = _is_legal(seen, action)
    if legal is None:
        raise refuse("not_legal", same, text=text)
    return legal


def _threat(
    seen: PlayerView, seat: int, target: int, rest: list[str | Seat], bad: object
) -> Action:
    if not rest:
        options = [
            action
            for action in seen.legal_actions
            if isinstance(action, UseThreat) and action.target == target
        ]
        return options[0] if len(options) == 1 else UseThreat(seat, target, 0)
    position = rest[0]
    if len(rest) == 1 and isinstance(position, str) and position.isascii() and position.isdigit():
        return UseThreat(seat, target, int(position) - 1)
    raise bad()  # type: ignore[operator]


def _read_roles(tokens: list[str | Seat]) -> list[Role] | None:
    roles: list[Role] = []
    aliases = _roles()
    while tokens:
        found = aliases.match(tokens)
        if found is not None:
            value, tokens = found
            roles.append(value)  # type: ignore[arg-type]
            continue
        first = tokens[0]
        split = aliases.split(first) if isinstance(first, str) else None
        if not split:
            return None
        roles.extend(split)  # type: ignore[arg-type]
        tokens = tokens[1:]
    return roles


def _words(tokens: list[str | Seat]) -> str:
    return " ".join(token.word if isinstance(token, Seat) else token for token in tokens)


def _menu_sample(seen: PlayerView) -> tuple[Action, ...]:
    # The commands a refusal may suggest: the listed actions and, per payee, 1M and all
    # the seat's cash (not every amount: a hint, not the list).
    if seen.seat is None:
        return ()
    cash = seen.cash[seen.seat]
    amounts = sorted({1, cash}) if cash else []
    return seen.legal_actions + tuple(
        Pay(seen.seat, to, amount) for to in seen.payees for amount in amounts
    )
