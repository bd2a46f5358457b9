"""Helpers for hostile-document tests, shared by both games' serialization tests."""

from __future__ import annotations

import copy
import random
from typing import Any


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
