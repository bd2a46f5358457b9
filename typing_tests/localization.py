"""Checked by ``mypy --strict`` only, never run: the localisation API types well for a caller."""

from __future__ import annotations

from typing_extensions import assert_type

from millions_rules import (
    LOCALES,
    TERMS,
    GameWon,
    IllegalActionError,
    LocaleError,
    MillionsError,
    Pay,
    Role,
    describe,
    format_money,
    message_id,
    role_name,
    term,
)


def narrate(event: GameWon, action: Pay, names: list[str]) -> None:
    assert_type(describe(event, names, locale="es"), str)
    assert_type(describe(action, locale="zh"), str)
    assert_type(message_id(event), str)
    assert_type(LOCALES, tuple[str, ...])
    assert_type(role_name(Role.CROOK, "zh"), str)
    assert_type(format_money(3, "es"), str)
    labels = {key: term(key, "es") for key in TERMS}
    assert_type(labels, dict[str, str])


def explain(error: MillionsError, refusal: IllegalActionError) -> tuple[str, str, str]:
    if isinstance(error, LocaleError):
        return error.localized(), error.message_id, refusal.code
    return error.localized("zh"), refusal.localized("es"), refusal.message_id
