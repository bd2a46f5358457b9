"""What a user hands an engine, as the engine's checks read it: every field any object.

Actions are plain data: ``Stay(1.5)`` or ``Pay(0, 1, "3")`` can be built, and the
engines refuse them in their checks with :class:`~millions_rules.IllegalActionError`
(code ``bad_value``). The checks read an action's fields through :class:`UntrustedAction`,
whose fields are all ``object``, so that nothing is assumed of a value before
``type(value) is int`` (or the like) has been asked. In pure Python this changes nothing
at run time; in the compiled build (``docs/compiled.rst``) it is what keeps mypyc from
checking or converting a field as it is read: mypyc checks a value read as ``int`` at
once (a ``TypeError`` for ``1.5``) and takes ``True`` for ``1``.

This module stays interpreted: mypyc reads the protocol's types, and never compiles it.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["UntrustedAction"]


class UntrustedAction(Protocol):  # pragma: no cover - a type, never instantiated
    """Any game's action as a user may have built it: each field read as ``object``.

    Only for reading the fields of an action before its check: each check reads the
    fields its action class has.
    """

    # Millions of Dollars.
    @property
    def player(self) -> object: ...
    @property
    def role(self) -> object: ...
    @property
    def roles(self) -> object: ...
    @property
    def to(self) -> object: ...
    @property
    def amount(self) -> object: ...
    @property
    def target(self) -> object: ...
    @property
    def slot(self) -> object: ...
    @property
    def index(self) -> object: ...

    # Currency Torraku.
    @property
    def pieces(self) -> object: ...
    @property
    def from_bag(self) -> object: ...
    @property
    def outcome(self) -> object: ...
    @property
    def fallen(self) -> object: ...
