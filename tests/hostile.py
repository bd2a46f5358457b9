"""Helpers for hostile-input tests shared by both games: mutated documents, wrong-typed calls."""

from __future__ import annotations

import copy
import inspect
import random
from collections.abc import Callable
from typing import Any

import pytest

from millions_rules import IllegalActionError


def mutate(document: Any, rng: random.Random, value: object) -> Any:
    """A deep copy of ``document`` with one field deleted, replaced or added, or one item replaced."""
    document = copy.deepcopy(document)
    nodes: list[Any] = []

    def walk(node: Any) -> None:
        if isinstance(node, (dict, list)):
            nodes.append(node)
            for child in node.values() if isinstance(node, dict) else node:
                walk(child)

    walk(document)
    node = rng.choice(nodes)
    if isinstance(node, dict) and node:
        key = rng.choice(sorted(node))
        action = rng.randrange(3)
        if action == 0:
            del node[key]
        elif action == 1:
            node[key] = value
        else:
            node[key + "_x"] = value
    elif isinstance(node, list) and node:
        node[rng.randrange(len(node))] = value
    return document


def verdict(converter: Any, document: object, cls: object) -> object:
    """What a converter makes of a document: the object, or the fact that it refused."""
    try:
        return converter.structure(document, cls)
    except Exception:
        return "refused"


#: One value of each kind a client may send where another is expected.
WRONG: tuple[object, ...] = (None, "0", 1, 1.5, True, object(), [], {"players": 4}, b"x")

#: A public callable's valid call (positional and keyword arguments) and the errors a
#: wrong-typed argument may raise (the first is what its docstring promises).
ValidCall = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any], tuple[type[Exception], ...]]


def _takes_none(function: Callable[..., Any], where: int | str) -> bool:
    """Whether the parameter at ``where`` takes ``None``: its annotation or its default says so.

    The default is what a compiled function tells (mypyc's functions keep their
    signature's defaults but no annotations, docs' "Compiled build").
    """
    parameters = inspect.signature(function).parameters
    if isinstance(where, int):
        parameter = list(parameters.values())[where]
    elif where in parameters:
        parameter = parameters[where]
    else:
        return False  # a **option
    return "None" in str(parameter.annotation) or parameter.default is None


def wrong_values(function: Callable[..., Any], where: int | str, valid: object) -> list[object]:
    """The values of :data:`WRONG` of another type than ``valid`` (``None`` where it is allowed)."""
    optional = _takes_none(function, where)
    return [
        bad
        for bad in WRONG
        if type(bad) is not type(valid)
        and not (type(valid) is float and type(bad) is int)  # an int is a fine probability
        and not (bad is None and optional)
        and not (isinstance(valid, tuple) and isinstance(bad, list))  # any sequence will do
    ]


def wrong_typed_calls(valid_calls: dict[str, ValidCall]) -> list[Any]:
    """One pytest parameter ``(name, where, bad)`` per argument and wrong value of each call."""
    found: list[Any] = []
    for name, (function, args, kwargs, _errors) in valid_calls.items():
        for index, valid in enumerate(args):
            found.extend(
                pytest.param(name, index, bad, id=f"{name}-{index}-{type(bad).__name__}")
                for bad in wrong_values(function, index, valid)
            )
        for key, valid in kwargs.items():
            found.extend(
                pytest.param(name, key, bad, id=f"{name}-{key}-{type(bad).__name__}")
                for bad in wrong_values(function, key, valid)
            )
    return found


def check_wrong_typed_call(
    call: ValidCall,
    name: str,
    where: int | str,
    bad: object,
    any_value: set[tuple[str, int | str]],
) -> None:
    """The valid call works, and with ``bad`` at ``where`` it raises one of its errors.

    ``check`` and ``is_legal`` report the error instead of raising it; the parameters in
    ``any_value`` take any value by design.
    """
    function, valid_args, valid_kwargs, errors = call
    function(*valid_args, **valid_kwargs)
    args = list(valid_args)
    kwargs = dict(valid_kwargs)
    if isinstance(where, int):
        args[where] = bad
    else:
        kwargs[where] = bad
    try:
        result = function(*args, **kwargs)
    except errors:
        return
    if name in ("check", "is_legal"):
        assert result is False or isinstance(result, IllegalActionError)
        return
    assert (name, where) in any_value, f"{name} accepted {bad!r} for {where}"
