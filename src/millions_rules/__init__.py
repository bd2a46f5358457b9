"""millions-rules: the rules of *Millions of Dollars* as an immutable, typed library.

Everything public is imported here; the modules whose names start with an
underscore are private. A game is a :class:`~millions_rules.GameConfig`, a first state from
:func:`~millions_rules.new_game`, and :func:`~millions_rules.apply` of one :data:`~millions_rules.Action` after another:

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
from ._bots import RandomPlayer
from ._common.public import present_as_public
from ._config import GameConfig
from ._engine import apply, check, is_legal, legal_actions, new_game, replay
from ._errors import (
    ACTION_ERROR_CODES,
    DESERIALIZATION_ERROR_CODES,
    ConfigError,
    DeserializationError,
    IllegalActionError,
    LocaleError,
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
    WinReason,
    is_visible,
)
from ._i18n import LOCALES, TERMS, format_money, phase_name, role_name, term, win_reason
from ._limits import (
    MAX_ARRAY_LENGTH,
    MAX_CHARACTERS,
    MAX_DOCUMENT_SIZE,
    MAX_INT,
    MAX_LOOT_CARDS,
    MAX_MONEY,
)
from ._narrate import describe, message_id
from ._records import (
    FORMAT_VERSION,
    MAX_TAGS,
    TAG_NAME_PATTERN,
    GameRecord,
    PublicRecord,
    load_game,
    load_public_record,
    public_record,
    save_game,
)
from ._roles import STANDARD_LOOT_DECK, Dealer, LootCard, RepeatRole, Role, roles_in_play
from ._sampling import sample_state
from ._schema import SCHEMA_BUNDLE, SCHEMA_FILES, json_schema, schema_bundle, shipped_schema
from ._serialization import from_json, make_converter, to_json
from ._state import THREAT_CARDS, Character, CharacterStatus, GameState, Phase
from ._version import __version__
from ._views import PlayerView, PublicConfig, SeenCharacter, public_config, view, visible_events

__all__ = [
    "FORMAT_VERSION",
    "MAX_ARRAY_LENGTH",
    "MAX_CHARACTERS",
    "MAX_DOCUMENT_SIZE",
    "MAX_INT",
    "MAX_LOOT_CARDS",
    "MAX_MONEY",
    "MAX_TAGS",
    "TAG_NAME_PATTERN",
    "SCHEMA_BUNDLE",
    "SCHEMA_FILES",
    "GameRecord",
    "RandomPlayer",
    "ACTION_ERROR_CODES",
    "ACTION_TYPES",
    "DESERIALIZATION_ERROR_CODES",
    "EVENT_TYPES",
    "STANDARD_LOOT_DECK",
    "TERMS",
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
    "LOCALES",
    "LocaleError",
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
    "PublicRecord",
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
    "WinReason",
    "__version__",
    "apply",
    "check",
    "describe",
    "format_money",
    "from_json",
    "is_legal",
    "is_visible",
    "json_schema",
    "legal_actions",
    "load_game",
    "load_public_record",
    "make_converter",
    "message_id",
    "new_game",
    "phase_name",
    "public_config",
    "public_record",
    "replay",
    "role_name",
    "roles_in_play",
    "sample_state",
    "save_game",
    "schema_bundle",
    "shipped_schema",
    "term",
    "to_json",
    "view",
    "visible_events",
    "win_reason",
]


present_as_public(__name__, globals(), __all__)
