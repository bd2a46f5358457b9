"""The JSON conventions every game of the library shares: one cattrs converter per game, strict.

Documents look like ``{"type": "pay", "player": 0, "to": 2, "amount": 3}``: actions and events
carry a ``"type"`` tag (the snake_case class name), enums are their values, frozensets are
sorted arrays, keys follow the field order, and 64-bit numbers (seeds, generator states) are
decimal strings so JavaScript clients do not round them. The output is byte-identical across
runs, processes and ``PYTHONHASHSEED`` values.

Input is refused with :class:`~millions_rules.DeserializationError` (a documented code and the
path of the offending value) unless it is exactly a valid document: no extra or missing
fields, no ``true`` where an int goes, no NaN, no key twice in an object, nothing larger than
:data:`~millions_rules.MAX_DOCUMENT_SIZE` bytes, no array longer than
:data:`~millions_rules.MAX_ARRAY_LENGTH` items, nothing nested deeper than JSON's parser allows.

A game describes its documents once with a :class:`JsonFormat` (its tagged unions, its 64-bit
fields, its configs, the consistency checks of its states) and gets its converter,
``to_json``, ``from_json`` and ``structure`` from it.
"""

from __future__ import annotations

import enum
import json
import math
import re
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from .errors import ConfigError, DeserializationError
from .limits import MAX_ARRAY_LENGTH, MAX_DOCUMENT_SIZE, MAX_INT

__all__ = ["JsonFormat", "Refused", "json_kind", "parse_json", "tag_of", "too_large"]

T = TypeVar("T")

_BIG = re.compile(r"0|[1-9][0-9]{0,19}")
_BIG_LIMIT: Final = 2**64


def tag_of(cls: type) -> str:
    """The ``"type"`` tag of an action or event class: ``UseThreat`` -> ``"use_threat"``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


class Refused(ValueError):
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


def json_kind(value: object) -> str:
    return _JSON_KINDS.get(type(value), type(value).__name__)


# -- primitives -----------------------------------------------------------------


def _structure_int(value: object, _: type) -> int:
    if type(value) is not int:
        raise Refused(f"expected int, got {json_kind(value)}")
    if not -MAX_INT <= value <= MAX_INT:
        raise Refused(f"number out of range (at most {MAX_INT} in size)", "bad_value")
    return value


def _structure_str(value: object, _: type) -> str:
    if type(value) is not str:
        raise Refused(f"expected string, got {json_kind(value)}")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if type(value) is not bool:
        raise Refused(f"expected boolean, got {json_kind(value)}")
    return value


def _structure_big(value: object, _: type) -> int:
    if type(value) is not str or not _BIG.fullmatch(value) or int(value) >= _BIG_LIMIT:
        raise Refused(
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
            raise Refused(f"expected one of {names}", code)
        return member

    return structure


def _structure_float(value: object, _: type) -> float:
    if type(value) not in (int, float):
        raise Refused(f"expected number, got {json_kind(value)}")
    if not math.isfinite(value) or abs(value) > MAX_INT:  # type: ignore[arg-type]
        raise Refused(f"number out of range (at most {MAX_INT} in size)", "bad_value")
    return float(value)  # type: ignore[arg-type]


def _is_tuple(t: object) -> bool:
    args = typing.get_args(t)
    return typing.get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_frozenset(t: object) -> bool:
    return typing.get_origin(t) is frozenset


def _items(converter: cattrs.Converter, t: Any) -> Callable[[object], list[Any]]:
    """A reader of a JSON array of ``t``'s item type, naming the index of a bad item."""
    item = typing.get_args(t)[0]
    hook: Callable[[Any, Any], Any] | None = None

    def read(value: object) -> list[Any]:
        nonlocal hook
        if type(value) is not list:
            raise Refused(f"expected array, got {json_kind(value)}")
        if len(value) > MAX_ARRAY_LENGTH:
            raise Refused(
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
            raise Refused("array items must be unique", "bad_value")
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
            raise Refused(f"expected object, got {json_kind(value)}")
        return base(value, cls)

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
            raise Refused(f"expected object, got {json_kind(value)}")
        if value.get("type") != tag:
            raise Refused(f'expected "type": "{tag}"', "bad_tag")
        if not value.keys() <= allowed:
            raise Refused(
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
        "REFUSED": Refused,
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
    by_tag = {tag_of(cls): cls for cls in members}
    known = ", ".join(sorted(by_tag))

    def structure(value: object, _: type) -> Any:
        if type(value) is not dict:
            raise Refused(f"expected object, got {json_kind(value)}")
        tag = value.get("type")
        if type(tag) is not str or tag not in by_tag:
            raise Refused(f'unknown or missing "type" (expected one of: {known})', "bad_tag")
        cls = by_tag[tag]
        return structurers[cls](value, cls)

    # The members' own hooks, looked up once: a log holds hundreds of events.
    structurers = {cls: converter.get_structure_hook(cls) for cls in members}
    hooks = {cls: converter.get_unstructure_hook(cls) for cls in members}
    converter.register_structure_hook(union, structure)
    converter.register_unstructure_hook(union, lambda obj: hooks[type(obj)](obj))


def _config_hook(
    converter: cattrs.Converter, cls: type, seed: str
) -> Callable[[object, type], Any]:
    """A config: its seed is required (the default would be a random one), and a
    :class:`~millions_rules.ConfigError` of its validation is a ``bad_value``."""
    base = converter.get_structure_hook(cls)

    def structure(value: object, t: type) -> Any:
        if type(value) is not dict:
            raise Refused(f"expected object, got {json_kind(value)}")
        if seed not in value:  # the default would be a random seed: not a faithful read
            raise Refused(f"the {seed} is required in a document", "missing_field", seed)
        try:
            return base(value, t)
        except ConfigError as error:
            raise Refused(str(error), "bad_value") from None

    return structure


def _refuse_constant(name: str) -> object:
    raise Refused(f"{name} is not allowed in a document", "invalid_json")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # A key given twice is ambiguous: a reader that keeps the first value and one
    # that keeps the last would see two different documents.
    document = dict(pairs)
    if len(document) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise Refused(
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
    except Refused as error:
        raise DeserializationError(str(error), error.code) from None
    except (ValueError, UnicodeDecodeError) as error:
        raise DeserializationError(f"not valid JSON ({error})", "invalid_json") from None


_Problem = tuple[str, str, str]
"""Where a document is wrong, why (a documented code) and how, in words."""


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
    if isinstance(error, Refused):
        if error.field is not None:
            path = f"{path}.{error.field}" if path else error.field
        return path or "$", error.code, str(error)
    if isinstance(error, KeyError):
        return path or "$", "missing_field", "missing field"
    if isinstance(error, TypeError):
        return path or "$", "wrong_type", "expected object"
    return path or "$", "bad_value", str(error) or type(error).__name__


# -- a game's documents ---------------------------------------------------------------


class JsonFormat:
    """The documents of one game: its converters and its text in and out.

    Args:
        unions: Each tagged union (``Action``, ``Event``) and its member classes.
        big_fields: The 64-bit fields of each class, written as decimal strings.
        configs: Config classes: their seed field is required in a document and
            their validation errors are refusals.
        checks: A consistency check per class, run on every object of that class read.
        extra_hooks: Registers a game's own hooks on a new converter (before the tagged
            classes are generated, so they can use them).
    """

    def __init__(
        self,
        *,
        unions: Mapping[object, tuple[type, ...]],
        big_fields: Mapping[type, tuple[str, ...]],
        configs: Iterable[type] = (),
        checks: Mapping[type, Callable[[Any], None]] | None = None,
        extra_hooks: Callable[[cattrs.Converter], None] | None = None,
    ) -> None:
        self.unions: Final = dict(unions)
        self.tagged: Final = tuple(cls for members in self.unions.values() for cls in members)
        self.big_fields: Final = dict(big_fields)
        self.configs: Final = tuple(configs)
        self.checks: Final = dict(checks or {})
        self._extra_hooks = extra_hooks
        self._converter = self.make_converter(detailed_validation=False)
        self._explainer = self.make_converter()

    def make_converter(self, *, detailed_validation: bool = True) -> cattrs.Converter:
        """A new cattrs converter for the game's types (see the module's conventions).

        Raises:
            DeserializationError: If ``detailed_validation`` is no ``bool``.
        """
        if type(detailed_validation) is not bool:
            raise DeserializationError(
                f"detailed_validation must be a bool, not {detailed_validation!r}", "wrong_type"
            )
        converter = cattrs.Converter(
            forbid_extra_keys=True, detailed_validation=detailed_validation
        )
        converter.register_structure_hook(int, _structure_int)
        converter.register_structure_hook(float, _structure_float)
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
        # Configs first: the hooks generated for the classes that hold a config (a state,
        # a record) look up the config's hook when they are made, and must find the one
        # that requires the seed (else a missing seed would silently become a random one).
        for cls in self.configs:
            _register_big_fields(converter, cls, self.big_fields.get(cls, ()))
            seed = self.big_fields.get(cls, ("seed",))[0]
            converter.register_structure_hook(cls, _config_hook(converter, cls, seed))
        for cls, names in self.big_fields.items():
            if cls not in self.configs:
                _register_big_fields(converter, cls, names)
        if self._extra_hooks is not None:
            self._extra_hooks(converter)
        for cls in self.tagged:
            _register_tagged(converter, cls)
        for union, members in self.unions.items():
            _register_union(converter, union, members)
        return converter

    def to_json(self, obj: object, *, indent: int | None = None) -> str:
        """The JSON text of any of the game's objects; compact unless ``indent`` is given.

        Raises:
            DeserializationError: If ``obj`` holds something JSON cannot write
                (``not_serializable``), or ``indent`` is neither an int nor ``None``.
        """
        if indent is not None and type(indent) is not int:
            raise DeserializationError(
                f"indent must be an int or None, not {indent!r}", "wrong_type"
            )
        try:
            document = self._converter.unstructure(obj)
            separators = (",", ":") if indent is None else (",", ": ")
            return json.dumps(
                document, ensure_ascii=False, allow_nan=False, indent=indent, separators=separators
            )
        except (TypeError, ValueError, RecursionError) as error:
            raise DeserializationError(
                f"cannot be written as JSON ({error})", "not_serializable"
            ) from None

    def from_json(self, text: str | bytes, cls: object) -> Any:
        """Read an object of type ``cls`` (a class or a tagged union) from JSON text.

        Raises:
            DeserializationError: As :meth:`structure`; ``unknown_type`` if ``cls`` is
                neither a class nor one of the game's unions.
        """
        document = parse_json(text)
        if not (isinstance(cls, type) or any(cls is union for union in self.unions)):
            raise DeserializationError(
                f"cannot read a document as {cls!r}, which is no type", "unknown_type"
            )
        return self.structure(document, cls)

    def structure(self, document: object, cls: object) -> Any:
        """Structure a parsed document, or raise :class:`~millions_rules.DeserializationError`."""
        try:
            result: Any = self._converter.structure(document, cls)  # type: ignore[arg-type]
        except Exception:  # explained by the detailed read below
            path, code, message = self._explain(document, cls)
            raise DeserializationError(message, code, path) from None
        check = self.checks.get(type(result))
        if check is not None:
            check(result)
        return result

    def _explain(self, document: object, cls: object) -> _Problem:
        """Read a refused document again, with detailed validation, to say where it is wrong."""
        try:
            self._explainer.structure(document, cls)  # type: ignore[arg-type]
        except RecursionError:  # pragma: no cover - the parser refuses such depth first
            return "$", "too_deep", "document nested too deeply"
        except Exception as error:  # whatever it is, it is described
            return _describe(error)
        return "$", "bad_value", "not a valid document"  # pragma: no cover - both agree
