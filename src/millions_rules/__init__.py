"""millions-rules: the rules of *Millions of Dollars* as an immutable, typed library.

Everything public is imported here; the modules whose names start with an
underscore are private. A game is a :class:`GameConfig`, a first state from
:func:`new_game`, and :func:`apply` of one :data:`Action` after another:

>>> from millions_rules import GameConfig, new_game, legal_actions, apply
>>> state = new_game(GameConfig(5, seed=2026))
>>> while not state.is_over:
...     state = apply(state, legal_actions(state, payments=False)[0])
>>> sorted(state.winners)
[0, 1, 2, 3, 4]
"""

from ._actions import (
    ACTION_TYPES,
    Action,
    Choose,
    DealLoot,
    Denounce,
    Leave,
    Pay,
    SetAside,
    Stay,
    UseThreat,
)
from ._config import GameConfig
from ._engine import apply, check, is_legal, legal_actions, new_game, replay
from ._errors import (
    ACTION_ERROR_CODES,
    ConfigError,
    DeserializationError,
    IllegalActionError,
    MillionsError,
)
from ._events import (
    EVENT_TYPES,
    BonusPaid,
    CharacterChosen,
    CharacterRevealed,
    CharacterTakenBack,
    CrookStole,
    DepositForfeited,
    DepositPlaced,
    DepositReturned,
    DriverPaid,
    Eliminated,
    Event,
    GameStarted,
    GameWon,
    Left,
    LootRevealed,
    LootShared,
    Paid,
    RoleCardSetAside,
    RoleCardsLaidOut,
    RoleDenounced,
    RoundEnded,
    ShareReceived,
    ShareWithheld,
    SnitchPunished,
    Stayed,
    ThreatGained,
    ThreatPeeked,
    ThreatUsed,
    is_visible,
)
from ._roles import STANDARD_LOOT_DECK, Dealer, LootCard, RepeatRole, Role, roles_in_play
from ._sampling import sample_state
from ._state import THREAT_CARDS, Character, CharacterStatus, GameState, Phase
from ._version import __version__
from ._views import PlayerView, PublicConfig, SeenCharacter, public_config, view, visible_events

__all__ = [
    "ACTION_ERROR_CODES",
    "ACTION_TYPES",
    "EVENT_TYPES",
    "STANDARD_LOOT_DECK",
    "THREAT_CARDS",
    "Action",
    "BonusPaid",
    "Character",
    "CharacterChosen",
    "CharacterRevealed",
    "CharacterStatus",
    "CharacterTakenBack",
    "Choose",
    "ConfigError",
    "CrookStole",
    "DealLoot",
    "Dealer",
    "Denounce",
    "DepositForfeited",
    "DepositPlaced",
    "DepositReturned",
    "DeserializationError",
    "DriverPaid",
    "Eliminated",
    "Event",
    "GameConfig",
    "GameStarted",
    "GameState",
    "GameWon",
    "IllegalActionError",
    "Leave",
    "Left",
    "LootCard",
    "LootRevealed",
    "LootShared",
    "MillionsError",
    "Paid",
    "Pay",
    "Phase",
    "PlayerView",
    "PublicConfig",
    "RepeatRole",
    "Role",
    "RoleCardSetAside",
    "RoleCardsLaidOut",
    "RoleDenounced",
    "RoundEnded",
    "SeenCharacter",
    "SetAside",
    "ShareReceived",
    "ShareWithheld",
    "SnitchPunished",
    "Stay",
    "Stayed",
    "ThreatGained",
    "ThreatPeeked",
    "ThreatUsed",
    "UseThreat",
    "__version__",
    "apply",
    "check",
    "is_legal",
    "is_visible",
    "legal_actions",
    "new_game",
    "public_config",
    "replay",
    "roles_in_play",
    "sample_state",
    "view",
    "visible_events",
]
