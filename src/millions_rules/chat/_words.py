"""The QQ plugin's own words (the ChatHost says the rest), in the catalogs like every other.

They live apart from :mod:`millions_rules.chat.nonebot` so that they load without NoneBot.
"""

from __future__ import annotations

from typing import Final

from .._common.i18n import msg

__all__ = ["WORDS"]

#: The plugin's messages, by what they say.
WORDS: Final = {
    "seated": msg("chat.qq.seated", "Seated: {players}"),
    "no_table": msg("chat.qq.no_table", "You are not at any table."),
    "not_host": msg(
        "chat.qq.not_host", "Only {player}, who opened this table, or a group admin may close it."
    ),
    "bots": msg(
        "chat.qq.bots",
        "The number of bots must be from {fewest} to {most}: {seated} seated, and this game "
        "is for {smallest} to {largest} players.",
    ),
    "players": msg(
        "chat.qq.players",
        "This game is for {smallest} to {largest} players, and {seated} are seated: {join} to "
        "sit down, then open the game.",
    ),
    "too_many": msg(
        "chat.qq.too_many",
        "This game is for {smallest} to {largest} players, and {seated} are seated: {stop} "
        "clears the seats.",
    ),
    "unseated": msg("chat.qq.unseated", "The seats are cleared: {join} to sit down."),
    "bot_name": msg("chat.qq.bot_name", "Bot {number}"),
    "not_saved": msg(
        "chat.qq.not_saved", "The table could not be saved, so it did not open. Try again."
    ),
}
