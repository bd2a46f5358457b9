"""Currency Torraku (Jordan Draper): "dexterity poker", betting on and stacking money pieces.

The second ruleset of the library, built on the same principles as *Millions of Dollars*:
an immutable :class:`TorrakuState`, typed actions, past-tense events, views, JSON and saved
games. The only chance in the game is physical, so by default the table reports the outcome
of each stacking attempt (:class:`ReportPlacement`); bots and simulations can let the engine
draw outcomes from a documented model instead (``Dealer.ENGINE``, R-TK-SIM).

>>> from millions_rules.torraku import Bet, Pass, PieceKind, TorrakuConfig, apply, new_game
>>> state = new_game(TorrakuConfig(2, seed=1))
>>> state = apply(state, Bet(0, [PieceKind.RICE_COOKER]))
>>> state = apply(state, Pass(1))
>>> state = apply(state, Pass(0))
>>> state.round, state.bag.total, state.pieces_left(0)
(2, 41, 9)
"""

from .._common.dealer import Dealer
from .._common.errors import (
    ConfigError,
    DeserializationError,
    IllegalActionError,
    MillionsError,
)
from .._common.public import present_as_public
from ._actions import ACTION_TYPES, Action, Bet, Pass, ReportPlacement
from ._config import MAX_PLAYERS, MAX_SUPPLY, TorrakuConfig
from ._engine import apply, check, is_legal, legal_actions, new_game, replay
from ._errors import ERROR_CODES
from ._events import (
    EVENT_TYPES,
    BetPlaced,
    BettingEnded,
    Event,
    GameStarted,
    GameWon,
    Passed,
    PenaltyTaken,
    PieceDropped,
    PiecePlaced,
    PiecesDealt,
    RoundEnded,
    RoundStarted,
    StackStarted,
)
from ._model import knock_probability
from ._names import TERMS, phase_name, piece_name, term
from ._narrate import describe, message_id
from ._pieces import DEFAULT_SUPPLY, KINDS, STANDARD_SHARE, PieceCounts, PieceKind, Placement, Setup
from ._records import FORMAT_VERSION, TorrakuRecord, load_game, save_game
from ._schema import SCHEMA_BUNDLE, SCHEMA_FILES, json_schema, schema_bundle, shipped_schema
from ._serialization import from_json, make_converter, to_json
from ._state import Phase, StackedPiece, TorrakuState
from ._views import PublicConfig, TorrakuView, public_config, view

__all__ = [
    "ACTION_TYPES",
    "DEFAULT_SUPPLY",
    "ERROR_CODES",
    "EVENT_TYPES",
    "FORMAT_VERSION",
    "KINDS",
    "MAX_PLAYERS",
    "MAX_SUPPLY",
    "SCHEMA_BUNDLE",
    "SCHEMA_FILES",
    "STANDARD_SHARE",
    "TERMS",
    "Action",
    "Bet",
    "BetPlaced",
    "BettingEnded",
    "ConfigError",
    "Dealer",
    "DeserializationError",
    "Event",
    "GameStarted",
    "GameWon",
    "IllegalActionError",
    "MillionsError",
    "Pass",
    "Passed",
    "PenaltyTaken",
    "Phase",
    "PieceCounts",
    "PieceDropped",
    "PieceKind",
    "PiecePlaced",
    "PiecesDealt",
    "Placement",
    "PublicConfig",
    "ReportPlacement",
    "RoundEnded",
    "RoundStarted",
    "Setup",
    "StackStarted",
    "StackedPiece",
    "TorrakuConfig",
    "TorrakuRecord",
    "TorrakuState",
    "TorrakuView",
    "apply",
    "check",
    "describe",
    "from_json",
    "is_legal",
    "json_schema",
    "knock_probability",
    "legal_actions",
    "load_game",
    "make_converter",
    "message_id",
    "new_game",
    "phase_name",
    "piece_name",
    "public_config",
    "replay",
    "save_game",
    "schema_bundle",
    "shipped_schema",
    "term",
    "to_json",
    "view",
]


present_as_public(__name__, globals(), __all__)
