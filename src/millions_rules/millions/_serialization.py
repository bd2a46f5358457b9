"""JSON for every public type of Millions of Dollars: one cattrs converter, strict on the way in.

The conventions, and the machinery that applies them, are the common layer's
(:mod:`millions_rules._common.json`), shared with Currency Torraku; this module says which
documents Millions has: its tagged unions, its 64-bit fields, its config, its tags and the
consistency checks of its states and views.

Documents look like ``{"type": "pay", "player": 0, "to": 2, "amount": 3}``:
actions and events carry a ``"type"`` tag (snake_case class name), enums are
their lower-case values, frozensets are sorted arrays, keys follow the field
order, and 64-bit numbers (the seed and the generator state) are decimal
strings so JavaScript clients do not round them. The output is byte-identical
across runs, processes and ``PYTHONHASHSEED`` values.

Input is refused with :class:`~millions_rules.DeserializationError` unless it is exactly a valid
document: no extra or missing fields, no ``true`` where an int goes, no NaN,
no key twice in an object, nothing larger than :data:`~millions_rules.MAX_DOCUMENT_SIZE` bytes,
no array longer than :data:`~millions_rules.MAX_ARRAY_LENGTH` items, nothing nested deeper
than JSON's parser allows. A :class:`~millions_rules.GameState` is also checked for consistency (money
conserved, seats in range, cards matching the characters, ...) so a tampered
state cannot be smuggled in.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar, overload

import cattrs

from .._common.json import (
    JsonFormat,
    backend,
    orjson,
    parse_json,
    tag_of,
    too_large,
)
from .._common.tags import register_tag_hooks
from ._actions import ACTION_TYPES, Action
from ._config import GameConfig
from ._consistency import check_state, check_view
from ._events import EVENT_TYPES, Event
from ._limits import MAX_DOCUMENT_SIZE, MAX_INT
from ._state import GameState
from ._views import PlayerView

__all__ = [
    "MAX_DOCUMENT_SIZE",
    "backend",
    "orjson",
    "MAX_INT",
    "from_json",
    "make_converter",
    "parse_json",
    "structure",
    "tag_of",
    "too_large",
    "to_json",
]

T = TypeVar("T")


#: Millions' documents, in the library's shared conventions.
FORMAT: Final = JsonFormat(
    unions={Action: ACTION_TYPES, Event: EVENT_TYPES},
    big_fields={GameConfig: ("seed",), GameState: ("rng",)},
    configs=(GameConfig,),
    checks={GameState: check_state, PlayerView: check_view},
    extra_hooks=register_tag_hooks,
)
_TAGGED: Final = FORMAT.tagged
_BIG_FIELDS: Final = FORMAT.big_fields
_CONVERTER: Final = FORMAT.converter


def make_converter(*, detailed_validation: bool = True) -> cattrs.Converter:
    """A cattrs converter for every public type, configured as described in this module.

    Args:
        detailed_validation: Whether structuring errors carry the path of the
            offending value (cattrs' detailed validation). :func:`~millions_rules.from_json` reads
            with a converter without it and, only when a document is refused,
            reads it again with one to say where.

    Returns:
        A new converter; build one and reuse it.

    Raises:
        DeserializationError: If ``detailed_validation`` is no ``bool``.

    >>> from millions_rules import Pay
    >>> make_converter().unstructure(Pay(0, 2, 3))
    {'type': 'pay', 'player': 0, 'to': 2, 'amount': 3}
    """
    return FORMAT.make_converter(detailed_validation=detailed_validation)


def to_json(obj: object, *, indent: int | None = None) -> str:
    """The JSON text of any public object (action, event, config, state, view, record, ...).

    Args:
        obj: The object.
        indent: Pretty-print with this indent; compact when ``None``.

    Raises:
        DeserializationError: If ``obj`` holds something JSON cannot write (code
            aside, the same error as for reading), or ``indent`` is neither an int
            nor ``None``.

    >>> from millions_rules import Stay
    >>> to_json(Stay(2))
    '{"type":"stay","player":2}'
    """
    return FORMAT.to_json(obj, indent=indent)


@overload
def from_json(text: str | bytes, cls: type[T]) -> T: ...
@overload
def from_json(text: str | bytes, cls: object) -> Any: ...
def from_json(text: str | bytes, cls: object) -> Any:
    """Read an object of type ``cls`` (a public class, or the :data:`~millions_rules.Action`/:data:`~millions_rules.Event` union).

    Args:
        text: JSON text, as written by :func:`~millions_rules.to_json`.
        cls: The expected type.

    Returns:
        The object; ``from_json(to_json(x), type(x)) == x``.

    Raises:
        DeserializationError: If the text is not a valid document for ``cls``;
            the message starts with the path of the offending value, such as
            ``actions[3].amount: expected int, got boolean``; ``.path`` holds that
            path and ``.code`` the reason (see
            :data:`~millions_rules.DESERIALIZATION_ERROR_CODES`).

    >>> from millions_rules import Action
    >>> from_json('{"type": "pay", "player": 0, "to": 2, "amount": 3}', Action)
    Pay(player=0, to=2, amount=3)
    >>> from_json('{"type": "pay", "player": 0, "to": 2, "amount": true}', Action)
    Traceback (most recent call last):
      ...
    millions_rules.DeserializationError: amount: expected int, got boolean
    """
    return FORMAT.from_json(text, cls)


def structure(document: object, cls: object) -> Any:
    """Structure an already parsed document (see :func:`~millions_rules.from_json`)."""
    return FORMAT.structure(document, cls)
