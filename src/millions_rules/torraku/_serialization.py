"""JSON for every Currency Torraku type, with the library's shared conventions.

The documents follow the conventions of :mod:`millions_rules._common.json`, the same as
Millions': a ``"type"`` tag on actions and events, enums as their values, the seed and the
generator state as decimal strings, strict reading with the path and a documented code in
every :class:`~millions_rules.DeserializationError`, and the same size limits. A
:class:`~millions_rules.torraku.TorrakuState` read from a document is also checked for
consistency (pieces conserved, seats in range, the phase against everything else).
"""

from __future__ import annotations

from typing import Any, TypeVar, overload

import cattrs

from .._common.json import JsonFormat
from .._common.tags import register_tag_hooks
from ._actions import ACTION_TYPES, Action
from ._config import TorrakuConfig
from ._consistency import check_state
from ._events import EVENT_TYPES, Event
from ._state import TorrakuState

__all__ = ["FORMAT", "from_json", "make_converter", "to_json"]

T = TypeVar("T")

#: Torraku's documents: its tagged unions, 64-bit fields, config and state checks.
FORMAT = JsonFormat(
    unions={Action: ACTION_TYPES, Event: EVENT_TYPES},
    big_fields={TorrakuConfig: ("seed",), TorrakuState: ("rng",)},
    configs=(TorrakuConfig,),
    checks={TorrakuState: check_state},
    extra_hooks=register_tag_hooks,
)


def make_converter(*, detailed_validation: bool = True) -> cattrs.Converter:
    """A new cattrs converter for every Torraku type (see :func:`millions_rules.make_converter`).

    >>> from millions_rules.torraku import Pass
    >>> make_converter().unstructure(Pass(0))
    {'type': 'pass', 'player': 0}
    """
    return FORMAT.make_converter(detailed_validation=detailed_validation)


def to_json(obj: object, *, indent: int | None = None) -> str:
    """The JSON text of any Torraku object (action, event, config, state, view, record, ...).

    >>> from millions_rules.torraku import Bet, PieceKind
    >>> to_json(Bet(1, [PieceKind.WASHING_MACHINE, PieceKind.VAN], [PieceKind.VAN]))
    '{"type":"bet","player":1,"pieces":["washing_machine","van"],"from_bag":["van"]}'
    """
    return FORMAT.to_json(obj, indent=indent)


@overload
def from_json(text: str | bytes, cls: type[T]) -> T: ...
@overload
def from_json(text: str | bytes, cls: object) -> Any: ...
def from_json(text: str | bytes, cls: object) -> Any:
    """Read a Torraku object of type ``cls`` (a class, or the ``Action``/``Event`` union).

    Raises:
        DeserializationError: If the text is not a valid document for ``cls``; ``.path``
            names the offending value and ``.code`` says why.

    >>> from millions_rules.torraku import Action
    >>> from_json('{"type": "report_placement", "player": 2, "outcome": "knocked_down", "fallen": 3}', Action)
    ReportPlacement(player=2, outcome=<Placement.KNOCKED_DOWN: 'knocked_down'>, fallen=3)
    >>> from_json('{"type": "pass", "player": "0"}', Action)
    Traceback (most recent call last):
      ...
    millions_rules.DeserializationError: player: expected int, got string
    """
    return FORMAT.from_json(text, cls)
