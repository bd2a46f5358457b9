"""Chat platforms for :class:`~millions_rules.text.ChatHost`.

:mod:`millions_rules.chat.nonebot` is a NoneBot2 plugin for QQ groups through any OneBot v11
implementation (NapCat, Lagrange, LLOneBot...), the ``[chat]`` extra; see the docs' "Chat
tables" page.
"""
