"""NoneBot and nonebug for the QQ plugin's tests (the ``chat`` nox session, the ``[chat]``
extra); without them these tests are not collected."""

from __future__ import annotations

import importlib.util
import pathlib
import shutil
import tempfile
from typing import Any

import pytest

if importlib.util.find_spec("nonebug") is None:  # pragma: no cover - the tests session
    collect_ignore_glob = ["*.py"]
else:
    from nonebug import NONEBOT_INIT_KWARGS

    DB = pathlib.Path(tempfile.mkdtemp(prefix="millions-chat-")) / "tables.sqlite"

    def pytest_configure(config: pytest.Config) -> None:
        config.stash[NONEBOT_INIT_KWARGS] = {"driver": "~none", "millions_db": str(DB)}

    def pytest_unconfigure(config: pytest.Config) -> None:
        shutil.rmtree(DB.parent, ignore_errors=True)

    @pytest.fixture(scope="session", autouse=True)
    async def after_nonebot_init(after_nonebot_init: Any) -> None:
        import nonebot
        from nonebot.adapters.onebot.v11 import Adapter

        nonebot.get_driver().register_adapter(Adapter)
        nonebot.load_plugin("millions_rules.chat.nonebot")
