"""The kit of a game author: the game contract and the shared helpers, public and documented.

A game of its own, written outside the package, needs nothing private. It implements
:class:`Game` (and, if it wants, its :class:`Companions`), registers it
(:func:`register`, or an entry point in the group ``millions_rules.games``), and builds on
what the two games of the library share:

* **the contract**: :class:`Game`, :class:`Pacing`, :class:`Chance`, :class:`Companions`
  (with :class:`GameAdapter`, a game's own parts for the AI adapters)
  and the companions' protocols (:class:`GameStatistics`, :class:`SearchModel`,
  :class:`Rollout`, :class:`AnyBot`), :class:`Payment` (a side deal) and
  :func:`config_with_options`;
* **the registry**: :func:`register`, :func:`get_game`, :func:`game_of`, :data:`GAMES`,
  :data:`ENTRY_POINT_GROUP`, :class:`GameRegistryError`;
* **errors with stable codes**: :class:`MillionsError` (the root), :class:`ConfigError`,
  :class:`IllegalActionError` (its ``code`` registered with :func:`register_action_codes`,
  its words with :func:`register_action_texts`), :class:`DeserializationError`
  (:data:`DESERIALIZATION_ERROR_CODES`), :class:`LocaleError`;
* **the JSON conventions**: :class:`JsonFormat` (tagged unions, 64-bit numbers as decimal
  strings, strict reading with a path and a code in every refusal, the size limits
  :data:`MAX_DOCUMENT_SIZE`, :data:`MAX_ARRAY_LENGTH`), :func:`tag_of`;
* **records with tags**: :data:`Tags`, :func:`as_tags`, :func:`register_tag_hooks` (on a
  :class:`JsonFormat`'s converter), :data:`MAX_TAGS`, :func:`parse_json`,
  :func:`refuse_newer`, :func:`check_format`, :func:`replay_record`, :func:`check_saveable`;
* **message catalogs**: :func:`msg`, :func:`nmsg` (a message with plurals), :class:`Text`,
  :func:`render`, :func:`check_locale`, :data:`LOCALES`, :func:`join_items`;
* **the seeded generator** (SplitMix64, integer arithmetic, the same on every platform):
  :func:`seed_state`, :func:`draw_below`, :func:`draw_unit`, :func:`shuffled`;
* **the dealer switch**: :class:`Dealer` (the engine deals, or the caller does);
* **the simulator's figures**: :class:`CommonStatistics` (what ``simulate`` measures in
  any game; subclass it for more), :func:`wilson`, :func:`mean_interval`, :func:`as_dict`,
  :class:`Estimate`, :func:`text_table`, :func:`format_rate`, :func:`format_mean`,
  :func:`csv_text`.

``docs/games.rst`` ("Add a game in an afternoon") walks through a whole game built on it.

>>> from millions_rules import kit
>>> state = kit.seed_state(7)
>>> value, state = kit.draw_below(state, 6)
>>> 0 <= value < 6
True
>>> kit.Companions().statistics is None
True
"""

from __future__ import annotations

from ._common.adapter import GameAdapter
from ._common.dealer import Dealer
from ._common.errors import (
    DESERIALIZATION_ERROR_CODES,
    ConfigError,
    DeserializationError,
    IllegalActionError,
    LocaleError,
    MillionsError,
    register_action_codes,
    register_action_texts,
)
from ._common.game import (
    AnyBot,
    Chance,
    Companions,
    Demo,
    EstimateRow,
    Game,
    GameStatistics,
    Pacing,
    Page,
    PageTracker,
    PayingView,
    Payment,
    Rollout,
    SearchModel,
    SeatWords,
    config_with_options,
)
from ._common.i18n import LOCALES, Text, check_locale, join_items, msg, nmsg, render
from ._common.json import JsonFormat, parse_json, tag_of
from ._common.limits import MAX_ARRAY_LENGTH, MAX_DOCUMENT_SIZE
from ._common.notation import MenuEntry, NotationError, seat_label, waiting_lines
from ._common.public import present_as_public
from ._common.random import draw_below, draw_unit, seed_state, shuffled
from ._common.records import check_format, check_saveable, refuse_newer, replay_record
from ._common.stats import (
    CommonStatistics,
    Estimate,
    as_dict,
    csv_text,
    format_mean,
    format_rate,
    mean_interval,
    side_rows,
    side_schema,
    side_tables,
    simulate_schema,
    table_head,
    text_table,
    wilson,
)
from ._common.tags import MAX_TAGS, TAG_NAME_PATTERN, Tags, as_tags, register_tag_hooks
from .games import (
    ENTRY_POINT_GROUP,
    GAMES,
    AnyGame,
    GameRegistryError,
    entry_point_problems,
    game_of,
    get_game,
    register,
)

__all__ = [
    "DESERIALIZATION_ERROR_CODES",
    "ENTRY_POINT_GROUP",
    "GAMES",
    "LOCALES",
    "MAX_ARRAY_LENGTH",
    "MAX_DOCUMENT_SIZE",
    "MAX_TAGS",
    "TAG_NAME_PATTERN",
    "AnyBot",
    "AnyGame",
    "Chance",
    "CommonStatistics",
    "Companions",
    "ConfigError",
    "Dealer",
    "Demo",
    "DeserializationError",
    "Estimate",
    "EstimateRow",
    "Game",
    "GameAdapter",
    "GameRegistryError",
    "GameStatistics",
    "IllegalActionError",
    "JsonFormat",
    "LocaleError",
    "MenuEntry",
    "MillionsError",
    "NotationError",
    "Pacing",
    "Page",
    "PageTracker",
    "PayingView",
    "Payment",
    "Rollout",
    "SearchModel",
    "SeatWords",
    "Tags",
    "Text",
    "as_dict",
    "as_tags",
    "check_format",
    "check_saveable",
    "check_locale",
    "config_with_options",
    "csv_text",
    "draw_below",
    "draw_unit",
    "entry_point_problems",
    "format_mean",
    "format_rate",
    "game_of",
    "get_game",
    "join_items",
    "mean_interval",
    "msg",
    "nmsg",
    "parse_json",
    "refuse_newer",
    "register",
    "register_action_codes",
    "register_action_texts",
    "register_tag_hooks",
    "render",
    "seat_label",
    "replay_record",
    "seed_state",
    "shuffled",
    "side_rows",
    "side_schema",
    "side_tables",
    "simulate_schema",
    "table_head",
    "tag_of",
    "text_table",
    "waiting_lines",
    "wilson",
]

present_as_public(__name__, globals(), __all__)
