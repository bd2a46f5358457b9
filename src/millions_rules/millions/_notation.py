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
``Offer``               ``/offer @Bo 3M you leave [2] [private]``
                        ``/ofrecer @Bo 3 M tú salir [2] [privada]``
                        ``/出价 @Bo 300万 你 退出 [2] [私下]``
``AcceptOffer``         ``/accept public-3`` ``/aceptar public-3`` ``/接受 public-3``
``DeclineOffer``        ``/decline public-3`` ``/rechazar public-3`` ``/拒绝 public-3``
``WithdrawOffer``       ``/withdraw public-3`` ``/anular public-3`` ``/撤销 public-3``
``Say``                 ``/say [@Bo] text`` ``/decir [@Bo] texto`` ``/说 [@Bo] 文字``
``Say`` with a claim    ``/claim [@Bo] driver [text]``  ``/afirmar [@Bo] conductor [texto]``
                        ``/声称 [@Bo] 司机 [文字]``
``Press``               ``/press @Bo``      ``/presionar @Bo``  ``/催促 @Bo``
======================  ==================  ==================  ======================

An offer names the recipient, the amount, who decides (``you``: the recipient decides and
is paid; ``me``: the proposer decides and is paid), the decision (the stay or leave
keyword), in the three-player game the position of the one character to take back, and
``private`` for a private offer (R-DEAL-1, R-DEAL-4). An offer is answered by its id
(:attr:`~millions_rules.OpenOffer.id`). What follows a ``/say`` (after an optional
``@seat``) or a ``/claim``'s role is free text, kept exactly; a message to the whole table
may not start with ``@``; spaces around the text are dropped.

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
    normalize,
    read_amount,
    read_seat,
    seat_word,
    tokenize,
)
from ._actions import (
    AcceptOffer,
    Action,
    Choose,
    DeclineOffer,
    Denounce,
    Leave,
    Offer,
    Pay,
    Press,
    Say,
    Stay,
    UseThreat,
    WithdrawOffer,
)
from ._deals import MAX_TALK_LENGTH
from ._i18n import format_money, role_name
from ._roles import Role, roles_in_play
from ._state import Phase
from ._views import PlayerView

_NEGOTIATION: Final = Phase.NEGOTIATION

__all__ = ["KEYWORDS", "command", "legal_actions", "parse_command"]


class _Claim:
    """The ``/claim`` keyword: a :class:`Say` with a claimed role."""


#: Each command's keyword spellings (the first in each locale is the one written).
KEYWORDS: Final = {
    Choose: msg("text.millions.keyword.choose", "choose|pick|send"),
    Stay: msg("text.millions.keyword.stay", "stay|in"),
    Leave: msg("text.millions.keyword.leave", "leave|out|take back"),
    Pay: msg("text.millions.keyword.pay", "pay|give|bribe"),
    UseThreat: msg("text.millions.keyword.threat", "threat|threaten|peek"),
    Denounce: msg("text.millions.keyword.name", "name|denounce"),
    Offer: msg("text.millions.keyword.offer", "offer|deal"),
    AcceptOffer: msg("text.millions.keyword.accept", "accept"),
    DeclineOffer: msg("text.millions.keyword.decline", "decline|reject"),
    WithdrawOffer: msg("text.millions.keyword.withdraw", "withdraw|cancel"),
    Say: msg("text.millions.keyword.say", "say|tell"),
    _Claim: msg("text.millions.keyword.claim", "claim"),
    Press: msg("text.millions.keyword.press", "press|hurry"),
}
#: The words of an offer: who decides (and is paid), and a private offer's mark.
_OFFER_WORDS: Final = {
    "you": msg("text.millions.offer.you", "you"),
    "me": msg("text.millions.offer.me", "me|i"),
    "private": msg("text.millions.offer.private", "private|secret"),
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
def _offer_words() -> Aliases:
    return Aliases.of(_OFFER_WORDS)


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
    kind: object = type(action)
    if isinstance(action, Say) and action.claim is not None:
        kind = _Claim
    keyword = KEYWORDS.get(kind)  # type: ignore[call-overload]
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
    if isinstance(action, (AcceptOffer, DeclineOffer, WithdrawOffer)):
        return f"{head} {action.offer}"
    if isinstance(action, Press):
        return f"{head} {seat_word(action.target, names)}"
    if isinstance(action, Offer):
        words = [
            head,
            seat_word(action.to, names),
            format_money(action.amount, language),
            _word("you" if action.decider == action.to else "me", language),
            first_spelling(KEYWORDS[Leave if action.leave else Stay], language),
        ]
        if action.slot is not None:
            words.append(str(action.slot + 1))
        if action.private:
            words.append(_word("private", language))
        return " ".join(words)
    if isinstance(action, Say):
        words = [head]
        if action.to is not None:
            words.append(seat_word(action.to, names))
        if action.claim is not None:
            words.append(_role_word(action.claim, language))
        return " ".join(words) + (f" {action.text}" if action.text else "")
    assert isinstance(action, Denounce)
    return f"{head} {_role_word(action.role, language)}"


def _word(key: str, language: str) -> str:
    return first_spelling(_OFFER_WORDS[key], language)


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
    # Offers, talk and presses are not listed (unbounded): checked against what the view
    # shows; the engine's check has the last word (such as the bound on talk a round).
    if isinstance(action, Offer):
        from ._views import offer_terms

        slot = action.slot
        fits = (
            any(
                (term.to, term.decider, term.leave) == (action.to, action.decider, action.leave)
                for term in offer_terms(seen)
            )
            and action.amount >= 1
        )  # the payer's cash is checked when it is accepted
        fits = fits and (
            slot is None or (action.leave and seen.config.players == 3 and slot in (0, 1))
        )
        return action if fits and (seen.config.private_offers or not action.private) else None
    if isinstance(action, Say):
        fine = (
            len(action.text) <= MAX_TALK_LENGTH
            and (bool(action.text) or action.claim is not None)
            and (action.claim is None or action.claim in roles_in_play(seen.config.players))
            and (action.to is None or (action.to != action.player and seen.config.private_talk))
        )
        return action if fine else None
    if isinstance(action, Press):
        fine = seen.phase is _NEGOTIATION and seen.leader == action.player != action.target
        return action if fine and action.target in seen.awaiting else None
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
    found = _keywords().match(tokens)
    talk = found is not None and found[0] in (Say, _Claim, Offer, Press)  # not listed
    if seen.seat is None or not (seen.legal_actions or seen.payees or talk):
        raise NotationError("nothing_to_do")
    seat = seen.seat
    if found is None:
        first = tokens[0]
        raise refuse("unknown_command", word=first.word if isinstance(first, Seat) else first)
    kind, rest = found
    same = [action for action in _menu_sample(seen) if type(action) is kind]
    action: Action
    if kind is Say or kind is _Claim:
        said = _read_say(text, seat, kind is _Claim, names, players)
        if said is None:
            raise refuse("bad_arguments", same, text=text)
        action = said
    elif kind in (AcceptOffer, DeclineOffer, WithdrawOffer):
        ids = {offer.id.casefold(): offer.id for offer in seen.offers}
        word = rest[0] if len(rest) == 1 else None
        if not isinstance(word, str) or word not in ids:
            raise refuse("bad_arguments", same, text=text)
        action = kind(seat, ids[word])
    elif kind is Offer:
        offer = _read_offer(rest, seat, names, players)
        if offer is None:
            raise refuse("bad_arguments", same, text=text)
        action = offer
    elif kind is Choose or kind is Denounce or kind is Leave:
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
        if kind is Press:
            if len(rest) != 1:
                raise refuse("bad_arguments", same, text=text)
            action = Press(seat, target)
        elif kind is Pay:
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


def _read_offer(
    rest: list[str | Seat], seat: int, names: Sequence[str] | None, players: int
) -> Offer | None:
    # @seat amount you|me stay|leave [position] [private]
    if len(rest) < 4:
        return None
    to = read_seat(rest[0], names, players)
    amount = read_amount(rest[1]) if isinstance(rest[1], str) else None
    who = _offer_words().match(rest[2:3])
    if to is None or amount is None or who is None or who[0] not in ("you", "me"):
        return None
    decision = _keywords().match(rest[3:])
    if decision is None or decision[0] not in (Stay, Leave):
        return None
    tail = decision[1]
    slot = None
    if tail and isinstance(tail[0], str) and tail[0].isascii() and tail[0].isdigit():
        slot = int(tail[0]) - 1
        tail = tail[1:]
    private = False
    if tail:
        mark = _offer_words().match(tail)
        if mark is None or mark[0] != "private" or mark[1]:
            return None
        private = True
    leave = decision[0] is Leave
    if slot is not None and not leave:
        return None
    decider = to if who[0] == "you" else seat
    return Offer(seat, to, amount, decider, leave, slot, private)


def _read_say(
    text: str, seat: int, claims: bool, names: Sequence[str] | None, players: int
) -> Say | None:
    # The free text is read from the raw input: after the keyword, an optional @seat
    # and (for a claim) a role, the rest exactly as typed but for the spaces before it.
    raw = text.strip()
    if raw.startswith(("/", "\uff0f")):
        raw = raw[1:].lstrip()
    rest = raw.partition(" ")[2].lstrip()
    to = None
    if rest.startswith(("@", "\uff20")):
        split = _split_mention(rest[1:], names, players)
        if split is None:
            return None
        to, rest = split[0], split[1].lstrip()
    claim = None
    if claims:  # the longest role name at the start (``mente maestra`` has two words)
        ends = [i for i, char in enumerate(rest) if char == " "] + [len(rest)]
        spellings = _roles().spellings
        for end in reversed(ends):
            found = spellings.get(normalize(rest[:end]))
            if isinstance(found, Role):
                claim, rest = found, rest[end:].lstrip()
                break
        else:
            return None
    return Say(seat, rest, to, claim)


def _split_mention(rest: str, names: Sequence[str] | None, players: int) -> tuple[int, str] | None:
    # The seat a raw "@..." names (the longest name that fits, then a seat number), and
    # what follows it after one space.
    spelled = sorted(
        ((name, seat) for seat, name in enumerate(names or ()) if name.strip()),
        key=lambda item: -len(item[0]),
    )
    for name, seat in spelled:
        head, after = rest[: len(name)], rest[len(name) :]
        if normalize(head) == normalize(name) and (not after or after[0] == " "):
            return seat, after[1:]
    word, _, after = rest.partition(" ")
    if word.isascii() and word.isdigit() and 1 <= int(word) <= players:
        return int(word) - 1, after
    return None


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
