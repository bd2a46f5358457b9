"""Currency Torraku in words: the commands a player types, in every locale (the docs' "Notation").

* ``/bet VWR`` (es ``/apostar CLA``, zh ``/押 车洗煲``): the pieces added to the row, innermost
  first, each by its letter (en ``V W R``, es ``C L A``, zh ``车 洗 煲``) or name, with counts
  (``2R``, ``2 rice cookers``); ``/bet WR bag R`` (es ``bolsa``, zh ``袋``) adds pieces taken
  from the bag after one's own (R-TK-BET-7).
* ``/pass`` (``/pasar``, ``/过``) (R-TK-BET-8).
* ``/placed``, ``/dropped``, ``/knocked [fallen]``, ``/touched`` report a stacking attempt
  (R-TK-STACK-4, R-TK-STACK-7).

Reading accepts every locale's keywords, letters and names at once.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import Final

from .._common.i18n import check_locale, msg
from .._common.notation import (
    Aliases,
    NotationError,
    Seat,
    first_spelling,
    nearest,
    tokenize,
)
from ._actions import Action, Bet, Pass, ReportPlacement
from ._pieces import PieceKind, Placement
from ._views import TorrakuView

__all__ = ["KEYWORDS", "command", "legal_actions", "parse_command"]

_BAG: Final = object()

#: Each command's keyword spellings (the first in each locale is the one written).
KEYWORDS: Final = {
    Bet: msg("text.torraku.keyword.bet", "bet|raise|call|open"),
    Pass: msg("text.torraku.keyword.pass", "pass|check|stand"),
    Placement.PLACED: msg("text.torraku.keyword.placed", "placed|stacked|ok"),
    Placement.DROPPED: msg("text.torraku.keyword.dropped", "dropped|drop"),
    Placement.KNOCKED_DOWN: msg(
        "text.torraku.keyword.knocked_down", "knocked|knocked down|fell|collapsed"
    ),
    Placement.TOUCHED: msg("text.torraku.keyword.touched", "touched|touch"),
}
#: Each piece's letter, as a command writes it.
LETTERS: Final = {
    PieceKind.VAN: msg("text.torraku.letter.van", "V"),
    PieceKind.WASHING_MACHINE: msg("text.torraku.letter.washing_machine", "W"),
    PieceKind.RICE_COOKER: msg("text.torraku.letter.rice_cooker", "R"),
}
_NAMES: Final = {
    PieceKind.VAN: msg("text.torraku.piece.van", "van|vans"),
    PieceKind.WASHING_MACHINE: msg(
        "text.torraku.piece.washing_machine", "washing machine|washing machines|washer|washers"
    ),
    PieceKind.RICE_COOKER: msg(
        "text.torraku.piece.rice_cooker", "rice cooker|rice cookers|cooker|cookers"
    ),
}
_BAG_WORD: Final = msg("text.torraku.keyword.bag", "bag|from bag|from the bag")
_MEASURES: Final = "个辆台枚x*\u00d7"  # after a count: measure words, "2x", the multiplication sign
_HINTS: Final = 400  # legal commands a refusal compares (a long game's hand has thousands)
_MOST: Final = 1000  # more pieces than any hand holds: refused before building the list


@functools.cache
def _keywords() -> Aliases:
    return Aliases.of(KEYWORDS)


@functools.cache
def _bag() -> Aliases:
    return Aliases.of({_BAG: _BAG_WORD})


@functools.cache
def _pieces() -> Aliases:
    return _piece_aliases()


def command(action: Action, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The command a player types for ``action``, in ``locale`` (``names`` is unused: no
    Torraku command names a player).

    >>> from millions_rules.torraku import Bet, PieceKind
    >>> R, V = PieceKind.RICE_COOKER, PieceKind.VAN
    >>> command(Bet(0, [V, R, R]), locale="zh"), command(Bet(0, [R, R], [R]), locale="es")
    ('/押 车煲煲', '/apostar A bolsa A')

    Raises:
        NotationError: If ``action`` is no Torraku action (code ``bad_arguments``).
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    language = check_locale(locale)
    if isinstance(action, Bet):
        head = "/" + first_spelling(KEYWORDS[Bet], language)
        own = list(action.pieces)
        for piece in action.from_bag:
            if piece in own:
                # The bag's pieces are written last: the row order is own pieces, then the bag's.
                own.reverse()
                own.remove(piece)
                own.reverse()
        said = f"{head} {_letters(own, language)}" if own else head
        if action.from_bag:
            bag = first_spelling(_BAG_WORD, language)
            said = f"{said} {bag} {_letters(action.from_bag, language)}"
        return said
    if isinstance(action, Pass):
        return "/" + first_spelling(KEYWORDS[Pass], language)
    if isinstance(action, ReportPlacement) and action.outcome in KEYWORDS:
        head = "/" + first_spelling(KEYWORDS[action.outcome], language)
        return head if action.fallen is None else f"{head} {action.fallen}"
    raise NotationError("bad_arguments", {"text": repr(action)})


def _letters(pieces: Sequence[PieceKind], language: str) -> str:
    return "".join(first_spelling(LETTERS[piece], language) for piece in pieces)


def legal_actions(seen: TorrakuView) -> tuple[Action, ...]:
    """The seat's listed legal actions, and while it reports, a knock-down with each ``fallen``."""
    knocked = tuple(
        ReportPlacement(action.player, Placement.KNOCKED_DOWN, fallen)
        for action in seen.legal_actions
        if isinstance(action, ReportPlacement) and action.outcome is Placement.KNOCKED_DOWN
        for fallen in range(1, len(seen.stack) + 1)
    )
    return seen.legal_actions + knocked


def parse_command(
    text: str, seen: TorrakuView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> Action:
    """The legal action of ``seen``'s seat that ``text`` says (see :func:`command`).

    A bet's pieces may be typed in any order (the row takes them in that order); the bag's
    pieces come last.

    >>> from millions_rules.torraku import TorrakuConfig, new_game, view
    >>> parse_command("bet 2R", view(new_game(TorrakuConfig(2, seed=1)), 0))
    Bet(player=0, pieces=(<PieceKind.RICE_COOKER: 'rice_cooker'>, <PieceKind.RICE_COOKER: 'rice_cooker'>), from_bag=())

    Raises:
        NotationError: With the reason's code and the nearest legal commands.
        millions_rules.LocaleError: If ``locale`` is unknown.
    """
    language = check_locale(locale)

    def refuse(code: str, prefer: Sequence[Action] = (), **params: object) -> NotationError:
        legal = [command(action, locale=language) for action in seen.legal_actions[:_HINTS]]
        wanted = [command(action, locale=language) for action in prefer]
        return NotationError(code, params, nearest(text, legal, prefer=wanted))

    tokens = tokenize(text, names, seen.config.players)
    if not tokens:
        raise refuse("empty", example=command(Pass(0), locale=language))
    seat = seen.seat
    if seat is None or not seen.legal_actions:
        raise NotationError("nothing_to_do")
    found = _keywords().match(tokens)
    if found is None:
        first = tokens[0]
        raise refuse("unknown_command", word=first.word if isinstance(first, Seat) else first)
    kind, rest = found
    if kind is Bet:
        same = [action for action in seen.legal_actions if isinstance(action, Bet)]
        own, bag = _read_bet(rest)
        if own is None or bag is None:
            raise refuse("unknown_piece", same, word=" ".join(map(str, rest)))
        return _legal_bet(seen, seat, own, bag) or _raise(refuse("not_legal", same, text=text))
    if kind is Pass:
        if rest:
            raise refuse("bad_arguments", text=text)
        return _listed(seen, Pass(seat)) or _raise(refuse("not_legal", text=text))
    assert isinstance(kind, Placement)
    fallen: int | None = None
    if rest:
        word = rest[0]
        if (
            len(rest) != 1
            or kind is not Placement.KNOCKED_DOWN
            or not isinstance(word, str)
            or not (word.isascii() and word.isdigit())
        ):
            raise refuse("bad_arguments", text=text)
        fallen = int(word)
        if not 1 <= fallen <= len(seen.stack):
            raise refuse("not_legal", text=text)
    listed = _listed(seen, ReportPlacement(seat, kind))
    if listed is None:
        raise refuse("not_legal", text=text)
    return listed if fallen is None else ReportPlacement(seat, kind, fallen)


def _raise(error: NotationError) -> Action:
    raise error


def _listed(seen: TorrakuView, action: Action) -> Action | None:
    return next((listed for listed in seen.legal_actions if listed == action), None)


def _legal_bet(
    seen: TorrakuView, seat: int, own: list[PieceKind], bag: list[PieceKind]
) -> Action | None:
    pieces, from_bag = tuple(own + bag), tuple(bag)
    for listed in seen.legal_actions:
        if isinstance(listed, Bet) and listed.pieces == pieces and listed.from_bag == from_bag:
            return listed
    wanted = (Counter(pieces), Counter(from_bag))
    for listed in seen.legal_actions:
        if (
            isinstance(listed, Bet)
            and len(listed.pieces) == len(pieces)
            and (Counter(listed.pieces), Counter(listed.from_bag)) == wanted
        ):
            # Any order of the same pieces is as legal as the listed one (R-TK-BET-6).
            return Bet(seat, pieces, from_bag)
    return None


def _read_bet(tokens: list[str | Seat]) -> tuple[list[PieceKind] | None, list[PieceKind] | None]:
    own: list[str] = []
    bag: list[str] = []
    part = own
    rest = tokens
    while rest:
        found = _bag().match(rest)
        if found is not None and part is own:
            part, rest = bag, found[1]
            continue
        token = rest[0]
        if not isinstance(token, str):
            return None, None
        part.append(token)
        rest = rest[1:]
    return _read_pieces("".join(own)), _read_pieces("".join(bag))


def _read_pieces(word: str) -> list[PieceKind] | None:
    # Letters and names glued (spaces removed): "2r", "vwr", "2ricecookers", "6个电饭煲".
    aliases = _glued()
    found: list[PieceKind] = []
    index = 0
    while index < len(word):
        start = index
        while index < len(word) and word[index].isascii() and word[index].isdigit():
            index += 1
        count = int(word[start:index]) if index > start else 1
        if count > _MOST:
            return None
        if index > start:
            while index < len(word) and word[index] in _MEASURES:
                index += 1
        for end in range(len(word), index, -1):
            kind = aliases.get(word[index:end])
            if kind is not None:
                found.extend([kind] * count)
                index = end
                break
        else:
            return None
    return found


@functools.cache
def _glued() -> dict[str, PieceKind]:
    return {
        spelling.replace(" ", ""): kind  # type: ignore[misc]
        for spelling, kind in _pieces().spellings.items()
    }


def _piece_aliases() -> Aliases:
    letters = Aliases.of(LETTERS)
    names = Aliases.of(_NAMES)
    return Aliases({**letters.spellings, **names.spellings})
