"""JSON for every public type: one cattrs converter, strict on the way in.

Documents look like ``{"type": "pay", "player": 0, "to": 2, "amount": 3}``:
actions and events carry a ``"type"`` tag (snake_case class name), enums are
their lower-case values, frozensets are sorted arrays, keys follow the field
order, and 64-bit numbers (the seed and the generator state) are decimal
strings so JavaScript clients do not round them. The output is byte-identical
across runs, processes and ``PYTHONHASHSEED`` values.

Input is refused with :class:`~millions_rules.DeserializationError` unless it is exactly a valid
document: no extra or missing fields, no ``true`` where an int goes, no NaN,
no key twice in an object, nothing larger than :data:`~millions_rules.MAX_DOCUMENT_SIZE` bytes,
no array longer than :data:`~millions_rules.MAX_ARRAY_LENGTH` items, nothing nested deeper
than JSON's parser allows. A :class:`~millions_rules.GameState` is also checked for consistency (money
conserved, seats in range, cards matching the characters, ...) so a tampered
state cannot be smuggled in.
"""

from __future__ import annotations

import enum
import json
import re
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar, overload

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from ._actions import ACTION_TYPES, Action
from ._config import GameConfig
from ._consistency import check_state, check_view
from ._errors import ConfigError, DeserializationError
from ._events import EVENT_TYPES, Event
from ._limits import MAX_ARRAY_LENGTH, MAX_DOCUMENT_SIZE, MAX_INT
from ._state import GameState
from ._tags import as_tags
from ._views import PlayerView

__all__ = [
    "MAX_DOCUMENT_SIZE",
    "MAX_INT",
    "from_json",
    "make_converter",
    "tag_of",
    "too_large",
    "to_json",
]

T = TypeVar("T")

_BIG = re.compile(r"0|[1-9][0-9]{0,19}")
_BIG_LIMIT: Final = 2**64

_TAGGED: tuple[type, ...] = (*ACTION_TYPES, *EVENT_TYPES)
_UNIONS: dict[object, tuple[type, ...]] = {Action: ACTION_TYPES, Event: EVENT_TYPES}
#: 64-bit fields written as decimal strings.
_BIG_FIELDS: Final = {GameConfig: ("seed",), GameState: ("rng",)}


def tag_of(cls: type) -> str:
    """The ``"type"`` tag of an action or event class: ``UseThreat`` -> ``"use_threat"``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


_CLASS_BY_TAG: dict[object, dict[str, type]] = {
    union: {tag_of(cls): cls for cls in members} for union, members in _UNIONS.items()
}


class _Refused(ValueError):
    """A value refused; its message reads well after a path, its code is a documented one."""

    def __init__(self, message: str, code: str = "wrong_type", field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field  # a field of the object at hand, named in the path


_JSON_KINDS: Final[dict[type, str]] = {
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "array",
    dict: "object",
    type(None): "null",
}


def _json_kind(value: object) -> str:
    return _JSON_KINDS.get(type(value), type(value).__name__)


# -- primitives -----------------------------------------------------------------


def _structure_int(value: object, _: type) -> int:
    if type(value) is not int:
        raise _Refused(f"expected int, got {_json_kind(value)}")
    if not -MAX_INT <= value <= MAX_INT:
        raise _Refused(f"number out of range (at most {MAX_INT} in size)", "bad_value")
    return value


def _structure_str(value: object, _: type) -> str:
    if type(value) is not str:
        raise _Refused(f"expected string, got {_json_kind(value)}")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if type(value) is not bool:
        raise _Refused(f"expected boolean, got {_json_kind(value)}")
    return value


def _structure_big(value: object, _: type) -> int:
    if type(value) is not str or not _BIG.fullmatch(value) or int(value) >= _BIG_LIMIT:
        raise _Refused(
            "expected a decimal string of an integer from 0 to 2**64 - 1",
            "wrong_type" if type(value) is not str else "bad_value",
        )
    return int(value)


def _enum_hook(cls: type[enum.Enum]) -> Callable[[object, type], enum.Enum]:
    names = ", ".join(repr(member.value) for member in cls)
    members: dict[object, enum.Enum] = {member.value: member for member in cls}

    def structure(value: object, _: type) -> enum.Enum:
        member = members.get(value) if type(value) is str else None
        if member is None:
            code = "bad_value" if type(value) is str else "wrong_type"
            raise _Refused(f"expected one of {names}", code)
        return member

    return structure


def _structure_tags(value: object, _: type) -> Mapping[str, str]:
    if type(value) is not dict:
        raise _Refused(f"expected object, got {_json_kind(value)}")
    for text in value.values():
        if type(text) is not str:
            raise _Refused(f"expected string values, got {_json_kind(text)}")
    try:
        return as_tags(value)
    except ConfigError as error:
        raise _Refused(str(error), "bad_value") from None


def _is_tuple(t: object) -> bool:
    args = typing.get_args(t)
    return typing.get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_frozenset(t: object) -> bool:
    return typing.get_origin(t) is frozenset


# -- the converter ----------------------------------------------------------------


def make_converter(*, detailed_validation: bool = True) -> cattrs.Converter:
    """A cattrs converter for every public type, configured as described in this module.

    Args:
        detailed_validation: Whether structuring errors carry the path of the
            offending value (cattrs' detailed validation). :func:`~millions_rules.from_json` reads
            with a converter without it and, only when a document is refused,
            reads it again with one to say where.

    Returns:
        A new converter; build one and reuse it.

    Raises:
        DeserializationError: If ``detailed_validation`` is no ``bool``.

    >>> from millions_rules import Pay
    >>> make_converter().unstructure(Pay(0, 2, 3))
    {'type': 'pay', 'player': 0, 'to': 2, 'amount': 3}
    """
    if type(detailed_validation) is not bool:
        raise DeserializationError(
            f"detailed_validation must be a bool, not {detailed_validation!r}", "wrong_type"
        )
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=detailed_validation)
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook_factory(
        lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _enum_hook
    )
    converter.register_structure_hook_factory(_is_tuple, lambda t: _tuple_hook(converter, t))
    converter.register_structure_hook_factory(
        _is_frozenset, lambda t: _frozenset_hook(converter, t)
    )
    converter.register_unstructure_hook_factory(_is_frozenset, lambda t: _unstructure_frozenset)
    converter.register_structure_hook_factory(
        attrs.has,
        lambda t: _objects_only(
            make_dict_structure_fn(t, converter, _cattrs_forbid_extra_keys=True)
        ),
    )
    for cls, names in _BIG_FIELDS.items():
        _register_big_fields(converter, cls, names)
    converter.register_structure_hook(GameConfig, _config_hook(converter))
    converter.register_structure_hook_func(lambda t: t == Mapping[str, str], _structure_tags)
    for cls in _TAGGED:
        _register_tagged(converter, cls)
    for union, members in _UNIONS.items():
        _register_union(converter, union, members)
    return converter


def _items(converter: cattrs.Converter, t: Any) -> Callable[[object], list[Any]]:
    """A reader of a JSON array of ``t``'s item type, naming the index of a bad item."""
    item = typing.get_args(t)[0]
    hook: Callable[[Any, Any], Any] | None = None

    def read(value: object) -> list[Any]:
        nonlocal hook
        if type(value) is not list:
            raise _Refused(f"expected array, got {_json_kind(value)}")
        if len(value) > MAX_ARRAY_LENGTH:
            raise _Refused(
                f"array of {len(value)} items, more than {MAX_ARRAY_LENGTH}", "too_many_items"
            )
        if hook is None:  # looked up on first use: every hook is registered by then
            hook = converter.get_structure_hook(item)
        result = []
        for index, element in enumerate(value):
            try:
                result.append(hook(element, item))
            except (ValueError, TypeError, KeyError, cattrs.BaseValidationError) as error:
                raise _ItemError(index, error) from None
        return result

    return read


def _tuple_hook(converter: cattrs.Converter, t: Any) -> Callable[[object, type], tuple[Any, ...]]:
    read = _items(converter, t)

    def structure(value: object, _: type) -> tuple[Any, ...]:
        return tuple(read(value))

    return structure


def _frozenset_hook(
    converter: cattrs.Converter, t: Any
) -> Callable[[object, type], frozenset[Any]]:
    read = _items(converter, t)

    def structure(value: object, _: type) -> frozenset[Any]:
        items = read(value)
        if len(set(items)) != len(items):
            raise _Refused("array items must be unique", "bad_value")
        return frozenset(items)

    return structure


def _unstructure_frozenset(value: frozenset[Any]) -> list[Any]:
    return sorted(value)  # sets are written sorted, whatever the hash seed


class _ItemError(ValueError):
    """An error in one array item; nested arrays nest these, one index each."""

    def __init__(self, index: int, error: BaseException) -> None:
        super().__init__(str(error))
        self.index = index
        self.error = error


def _register_big_fields(converter: cattrs.Converter, cls: type, names: tuple[str, ...]) -> None:
    big_out = override(unstruct_hook=str)
    big_in = override(struct_hook=_structure_big)
    overrides: dict[str, Any] = dict.fromkeys(names, big_in)
    out_overrides: dict[str, Any] = dict.fromkeys(names, big_out)
    converter.register_unstructure_hook(
        cls, make_dict_unstructure_fn(cls, converter, **out_overrides)
    )
    converter.register_structure_hook(
        cls,
        _objects_only(
            make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True, **overrides)
        ),
    )


def _objects_only(base: Callable[[Any, type], T]) -> Callable[[object, type], T]:
    """Refuse anything but a JSON object before cattrs reads its keys."""

    def structure(value: object, cls: type) -> T:
        if type(value) is not dict:
            raise _Refused(f"expected object, got {_json_kind(value)}")
        return base(value, cls)

    return structure


def _config_hook(converter: cattrs.Converter) -> Callable[[object, type], GameConfig]:
    base = converter.get_structure_hook(GameConfig)

    def structure(value: object, cls: type) -> GameConfig:
        if type(value) is not dict:
            raise _Refused(f"expected object, got {_json_kind(value)}")
        if "seed" not in value:  # the default would be a random seed: not a faithful read
            raise _Refused("the seed is required in a document", "missing_field", "seed")
        try:
            config: GameConfig = base(value, cls)
        except ConfigError as error:
            raise _Refused(str(error), "bad_value") from None
        return config

    return structure


def _register_tagged(converter: cattrs.Converter, cls: type) -> None:
    tag = tag_of(cls)
    allowed = frozenset(field.name for field in attrs.fields(cls)) | {"type"}
    converter.register_unstructure_hook(cls, _fast_tagged_unstructure(converter, cls, tag))
    if not converter.detailed_validation:
        converter.register_structure_hook(cls, _fast_tagged_structure(converter, cls, tag))
        return

    # The generated function ignores unknown keys ("type" among them); extra keys
    # are refused here, which is cheaper than copying the document without its tag.
    base: Callable[[Any, type], Any] = make_dict_structure_fn(
        cls, converter, _cattrs_forbid_extra_keys=False
    )

    def structure(value: object, _: type) -> Any:
        if type(value) is not dict:
            raise _Refused(f"expected object, got {_json_kind(value)}")
        if value.get("type") != tag:
            raise _Refused(f'expected "type": "{tag}"', "bad_tag")
        if not value.keys() <= allowed:
            raise _Refused(
                f"unexpected field(s): {', '.join(sorted(value.keys() - allowed))}",
                "unknown_field",
            )
        return base(value, cls)

    converter.register_structure_hook(cls, structure)


def _fast_tagged_structure(
    converter: cattrs.Converter, cls: type, tag: str
) -> Callable[[object, type], Any]:
    """Generated code reading one action or event, with the checks of the hooks inlined.

    A log holds hundreds of events, so reading them is the bulk of reading a state.
    Like cattrs' own generated functions, this one is compiled once per class; unlike
    them it inlines the strict int and enum checks instead of calling a hook per
    field. It only has to accept exactly what the detailed converter accepts: any
    failure raises, and the detailed converter then says where and why.
    """
    attrs.resolve_types(cls)
    namespace: dict[str, Any] = {
        "CLS": cls,
        "TAG": tag,
        "ALLOWED": frozenset(f.name for f in attrs.fields(cls)) | {"type"},
        "REFUSED": _Refused,
        "MISSING": object(),
        "LOW": -MAX_INT,
        "HIGH": MAX_INT,
    }
    body = [
        "def structure(o, _):",
        "    if o.__class__ is not dict or o.get('type') != TAG or not o.keys() <= ALLOWED:",
        "        raise REFUSED('not a valid document')",
    ]
    for i, field in enumerate(attrs.fields(cls)):
        value = f"v{i}"
        if field.default is attrs.NOTHING:
            body.append(f"    {value} = o[{field.name!r}]")
        else:
            namespace[f"D{i}"] = field.default
            body.append(f"    {value} = o.get({field.name!r}, MISSING)")
            body.append(f"    if {value} is MISSING: {value} = D{i}")
            body.append("    else:")
        indent = "        " if field.default is not attrs.NOTHING else "    "
        body.extend(
            indent + line for line in _field_check(converter, field.type, value, i, namespace)
        )
    arguments = ", ".join(f"v{i}" for i in range(len(attrs.fields(cls))))
    body.append(f"    return CLS({arguments})")
    exec(compile("\n".join(body), f"<millions_rules structure {cls.__name__}>", "exec"), namespace)
    structure: Callable[[object, type], Any] = namespace["structure"]
    return structure


def _fast_tagged_unstructure(
    converter: cattrs.Converter, cls: type, tag: str
) -> Callable[[Any], dict[str, Any]]:
    """Generated code writing one action or event: the tag first, enums as their values."""
    attrs.resolve_types(cls)
    namespace: dict[str, Any] = {}
    items = [f"'type': {tag!r}"]
    for i, field in enumerate(attrs.fields(cls)):
        items.append(
            f"{field.name!r}: {_field_out(converter, field.type, f'o.{field.name}', i, namespace)}"
        )
    source = "def unstructure(o):\n    return {" + ", ".join(items) + "}"
    exec(compile(source, f"<millions_rules unstructure {cls.__name__}>", "exec"), namespace)
    unstructure: Callable[[Any], dict[str, Any]] = namespace["unstructure"]
    return unstructure


def _field_out(
    converter: cattrs.Converter, t: Any, value: str, i: int, namespace: dict[str, Any]
) -> str:
    """An expression writing one field's value as JSON data."""
    args = typing.get_args(t)
    if t in (int, str, bool):
        return value
    if isinstance(t, type) and issubclass(t, enum.Enum):
        return f"{value}.value"
    if typing.get_origin(t) is tuple and args[0] in (int, str):
        return f"list({value})"
    if (
        typing.get_origin(t) is tuple
        and isinstance(args[0], type)
        and issubclass(args[0], enum.Enum)
    ):
        return f"[item.value for item in {value}]"
    if len(args) == 2 and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        if isinstance(inner, type) and issubclass(inner, enum.Enum):
            return f"(None if {value} is None else {value}.value)"
    namespace[f"U{i}"] = converter.get_unstructure_hook(t)
    return f"U{i}({value})"


def _field_check(
    converter: cattrs.Converter, t: Any, value: str, i: int, namespace: dict[str, Any]
) -> list[str]:
    """Lines that check (and convert) one field's value in place."""
    args = typing.get_args(t)
    optional = type(None) in args and len(args) == 2
    inner = next(a for a in args if a is not type(None)) if optional else t
    if inner is int and not optional:
        return [f"if {value}.__class__ is not int or not LOW <= {value} <= HIGH: raise REFUSED('')"]
    if inner is str and not optional:
        return [f"if {value}.__class__ is not str: raise REFUSED('')"]
    if isinstance(inner, type) and issubclass(inner, enum.Enum):
        namespace[f"E{i}"] = {member.value: member for member in inner}
        lookup = f"E{i}.get({value}) if {value}.__class__ is str else None"
        if optional:
            return [
                f"if {value} is not None:",
                f"    {value} = {lookup}",
                f"    if {value} is None: raise REFUSED('')",
            ]
        return [f"{value} = {lookup}", f"if {value} is None: raise REFUSED('')"]
    namespace[f"H{i}"], namespace[f"T{i}"] = converter.get_structure_hook(t), t
    return [f"{value} = H{i}({value}, T{i})"]


def _register_union(converter: cattrs.Converter, union: object, members: tuple[type, ...]) -> None:
    by_tag = _CLASS_BY_TAG[union]
    known = ", ".join(sorted(by_tag))

    def structure(value: object, _: type) -> Any:
        if type(value) is not dict:
            raise _Refused(f"expected object, got {_json_kind(value)}")
        tag = value.get("type")
        if type(tag) is not str or tag not in by_tag:
            raise _Refused(f'unknown or missing "type" (expected one of: {known})', "bad_tag")
        cls = by_tag[tag]
        return structurers[cls](value, cls)

    # The members' own hooks, looked up once: a log holds hundreds of events.
    structurers = {cls: converter.get_structure_hook(cls) for cls in members}
    hooks = {cls: converter.get_unstructure_hook(cls) for cls in members}
    converter.register_structure_hook(union, structure)
    converter.register_unstructure_hook(union, lambda obj: hooks[type(obj)](obj))


_CONVERTER = make_converter(detailed_validation=False)
_EXPLAINER = make_converter()


# -- text in and out ------------------------------------------------------------------


def to_json(obj: object, *, indent: int | None = None) -> str:
    """The JSON text of any public object (action, event, config, state, view, record, ...).

    Args:
        obj: The object.
        indent: Pretty-print with this indent; compact when ``None``.

    Raises:
        DeserializationError: If ``obj`` holds something JSON cannot write (code
            aside, the same error as for reading), or ``indent`` is neither an int
            nor ``None``.

    >>> from millions_rules import Stay
    >>> to_json(Stay(2))
    '{"type":"stay","player":2}'
    """
    if indent is not None and type(indent) is not int:
        raise DeserializationError(f"indent must be an int or None, not {indent!r}", "wrong_type")
    try:
        document = _CONVERTER.unstructure(obj)
        separators = (",", ":") if indent is None else (",", ": ")
        return json.dumps(
            document, ensure_ascii=False, allow_nan=False, indent=indent, separators=separators
        )
    except (TypeError, ValueError, RecursionError) as error:
        raise DeserializationError(
            f"cannot be written as JSON ({error})", "not_serializable"
        ) from None


def _refuse_constant(name: str) -> object:
    raise _Refused(f"{name} is not allowed in a document", "invalid_json")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # A key given twice is ambiguous: a reader that keeps the first value and one
    # that keeps the last would see two different documents.
    document = dict(pairs)
    if len(document) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(
                    f"the key {json.dumps(key)} appears twice in an object", "duplicate_key"
                )
            seen.add(key)
    return document


def too_large(text: str | bytes | bytearray) -> bool:
    """Whether JSON text is larger than :data:`~millions_rules.MAX_DOCUMENT_SIZE` bytes of UTF-8.

    A ``str`` is encoded only when its length cannot decide: UTF-8 takes 1 to 4
    bytes a character.
    """
    if not isinstance(text, str) or len(text) > MAX_DOCUMENT_SIZE:
        return len(text) > MAX_DOCUMENT_SIZE
    if 4 * len(text) <= MAX_DOCUMENT_SIZE:
        return False
    return len(text.encode("utf-8", "surrogatepass")) > MAX_DOCUMENT_SIZE


def parse_json(text: str | bytes) -> object:
    """Parse JSON text with the library's limits (size in bytes, NaN, duplicate keys, nesting)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise DeserializationError(f"expected JSON text, got {type(text).__name__}", "not_text")
    if too_large(text):
        raise DeserializationError(f"document larger than {MAX_DOCUMENT_SIZE} bytes", "too_large")
    try:
        return json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise DeserializationError("document nested too deeply", "too_deep") from None
    except _Refused as error:
        raise DeserializationError(str(error), error.code) from None
    except (ValueError, UnicodeDecodeError) as error:
        raise DeserializationError(f"not valid JSON ({error})", "invalid_json") from None


@overload
def from_json(text: str | bytes, cls: type[T]) -> T: ...
@overload
def from_json(text: str | bytes, cls: object) -> Any: ...
def from_json(text: str | bytes, cls: object) -> Any:
    """Read an object of type ``cls`` (a public class, or the :data:`~millions_rules.Action`/:data:`~millions_rules.Event` union).

    Args:
        text: JSON text, as written by :func:`~millions_rules.to_json`.
        cls: The expected type.

    Returns:
        The object; ``from_json(to_json(x), type(x)) == x``.

    Raises:
        DeserializationError: If the text is not a valid document for ``cls``;
            the message starts with the path of the offending value, such as
            ``actions[3].amount: expected int, got boolean``; ``.path`` holds that
            path and ``.code`` the reason (see
            :data:`~millions_rules.DESERIALIZATION_ERROR_CODES`).

    >>> from millions_rules import Action
    >>> from_json('{"type": "pay", "player": 0, "to": 2, "amount": 3}', Action)
    Pay(player=0, to=2, amount=3)
    >>> from_json('{"type": "pay", "player": 0, "to": 2, "amount": true}', Action)
    Traceback (most recent call last):
      ...
    millions_rules.DeserializationError: amount: expected int, got boolean
    """
    document = parse_json(text)
    if not (isinstance(cls, type) or any(cls is union for union in _UNIONS)):
        raise DeserializationError(
            f"cannot read a document as {cls!r}, which is no type", "unknown_type"
        )
    return structure(document, cls)


def structure(document: object, cls: object) -> Any:
    """Structure an already parsed document (see :func:`~millions_rules.from_json`)."""
    try:
        result: Any = _CONVERTER.structure(document, cls)  # type: ignore[arg-type]
    except Exception:  # explained by the detailed read below
        path, code, message = _explain(document, cls)
        raise DeserializationError(message, code, path) from None
    if isinstance(result, GameState):
        check_state(result)
    elif isinstance(result, PlayerView):
        check_view(result)
    return result


_Problem = tuple[str, str, str]
"""Where a document is wrong, why (a documented code) and how, in words."""


def _explain(document: object, cls: object) -> _Problem:
    """Read a refused document again, with detailed validation, to say where it is wrong."""
    try:
        _EXPLAINER.structure(document, cls)  # type: ignore[arg-type]
    except RecursionError:  # pragma: no cover - the parser refuses such depth first
        return "$", "too_deep", "document nested too deeply"
    except Exception as error:  # whatever it is, it is described
        return _describe(error)
    return "$", "bad_value", "not a valid document"  # pragma: no cover - both readers agree


def _describe(error: BaseException, path: str = "") -> _Problem:
    """The path, code and message of the first problem found in a (nested) cattrs error."""
    if isinstance(error, _ItemError):
        return _describe(error.error, f"{path}[{error.index}]")
    if isinstance(error, cattrs.ClassValidationError):
        extra = [e for e in error.exceptions if isinstance(e, cattrs.ForbiddenExtraKeysError)]
        if extra:
            keys = ", ".join(sorted(extra[0].extra_fields))
            return path or "$", "unknown_field", f"unexpected field(s): {keys}"
        nested, _ = error.group_exceptions()
        for inner, note in nested:
            name = note.name
            step = f"{path}.{name}" if path else name
            if isinstance(inner, KeyError):
                return step, "missing_field", "missing field"
            return _describe(inner, step)
    if isinstance(error, cattrs.IterableValidationError):
        items, _ = error.group_exceptions()
        for inner, item in items:
            return _describe(inner, f"{path}[{item.index}]")
    if isinstance(error, cattrs.BaseValidationError) and error.exceptions:
        return _describe(error.exceptions[0], path)
    if isinstance(error, cattrs.ForbiddenExtraKeysError):
        keys = ", ".join(sorted(error.extra_fields))
        return path or "$", "unknown_field", f"unexpected field(s): {keys}"
    if isinstance(error, _Refused):
        if error.field is not None:
            path = f"{path}.{error.field}" if path else error.field
        return path or "$", error.code, str(error)
    if isinstance(error, KeyError):
        return path or "$", "missing_field", "missing field"
    if isinstance(error, TypeError):
        return path or "$", "wrong_type", "expected object"
    return path or "$", "bad_value", str(error) or type(error).__name__
