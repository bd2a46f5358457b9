"""Doctest collection: the adapters' modules need their extras (the ``adapters`` nox session)."""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []
if importlib.util.find_spec("pettingzoo") is None:
    collect_ignore.append("src/millions_rules/adapters/pettingzoo.py")
    collect_ignore.append("src/millions_rules/adapters/bot_seats.py")
if importlib.util.find_spec("gymnasium") is None:
    collect_ignore.append("src/millions_rules/adapters/gymnasium.py")
    collect_ignore.append("src/millions_rules/adapters/_vector.py")
if importlib.util.find_spec("numpy") is None:  # the batched games of the vector env
    collect_ignore.append("src/millions_rules/millions/_batch.py")
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("src/millions_rules/adapters/openspiel.py")
# The chat plugin and the MCP server need the [chat] and [llm] extras (the chat and llm sessions).
if importlib.util.find_spec("nonebot") is None:
    collect_ignore.append("src/millions_rules/chat/nonebot.py")
if importlib.util.find_spec("mcp") is None:
    collect_ignore.append("src/millions_rules/llm/mcp_server.py")
