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

import contextlib
import enum
import json
import math
import re
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from types import ModuleType
from typing import Any, Final, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from .errors import ConfigError, DeserializationError
from .json_fast import make_key_counters, make_readers, make_writers
from .json_logs import LogField, log_fields
from .limits import MAX_ARRAY_LENGTH, MAX_DOCUMENT_SIZE, MAX_INT

__all__ = [
    "JsonFormat",
    "Refused",
    "backend",
    "json_kind",
    "orjson",
    "parse_json",
    "tag_of",
    "too_large",
]

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


def _as_hook(read: Callable[[Any], T] | None) -> Callable[[Any, type], T]:
    assert read is not None  # only classes with a reader get one
    return lambda value, _: read(value)


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
        if not converter.detailed_validation:  # any failure is explained by a detailed read
            return [hook(element, item) for element in value]
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
        return  # make_converter registers a generated reader

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


#: The fast path's scanner of text, made once (``json.loads`` with an argument makes a
#: decoder a call). It accepts no more than ``json.loads``: a byte order mark or
#: whitespace around the document fail here too.
_SCAN: Final[Callable[[str, int], tuple[Any, int]]] = json.JSONDecoder(
    parse_constant=_refuse_constant
).scan_once  # type: ignore[attr-defined]  # set by JSONDecoder.__init__, untyped


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


# -- the [fast] extra: orjson, and the backend in use ----------------------------------

orjson: ModuleType | None
try:
    import orjson
except ImportError:  # pragma: no cover - depends on the installed extras
    orjson = None


#: The JSON library in use: ``"orjson"`` when the ``[fast]`` extra is installed. A context
#: variable, so that a block choosing one in a thread or a task leaves the others alone.
_backend: ContextVar[str] = ContextVar(
    "millions_rules_json_backend", default="json" if orjson is None else "orjson"
)


@contextlib.contextmanager
def backend(name: str) -> Iterator[None]:
    """Use the standard library (``"json"``) or orjson (``"orjson"``) inside the block.

    Both give byte-identical text and the same errors; tests and benchmarks compare them.
    The choice holds in the thread or task that made it (a ``contextvars`` variable).
    """
    if name not in ("json", "orjson") or (name == "orjson" and orjson is None):
        raise ValueError(f"no JSON backend {name!r}")
    token = _backend.set(name)
    try:
        yield
    finally:
        _backend.reset(token)


# -- a game's documents ---------------------------------------------------------------


class JsonFormat:
    """The documents of one game: its converters and its text in and out.

    Reading and writing take fast paths (generated readers and writers, see
    :mod:`millions_rules._common.json_fast`, and orjson with the ``[fast]`` extra) for valid
    documents, and the exact path otherwise, which also explains a refusal; both accept the
    same documents and give the same objects, text and errors.

    Args:
        unions: Each tagged union (``Action``, ``Event``) and its member classes.
        big_fields: The 64-bit fields of each class, written as decimal strings.
        configs: Config classes: their seed field is required in a document and
            their validation errors are refusals.
        checks: A consistency check per class, run on every object of that class read.
        extra_hooks: Registers a game's own hooks on a new converter.
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
        self.tags: Final = {cls: tag_of(cls) for cls in self.tagged}
        self.big_fields: Final = dict(big_fields)
        self.configs: Final = tuple(configs)
        self.checks: Final = dict(checks or {})
        self._extra_hooks = extra_hooks
        #: The converter of the fast path, and of ``structure`` first: its generated
        #: readers are complete (a document leaving a field to its default is read by the
        #: detailed converter), so that keys counted against colons prove no key twice.
        self.converter: Final = self._build(False, None, complete=True)
        self._explainer = self._build(True, None)
        self._write_class = make_writers(self.converter, self.unions, self.tags, self.big_fields)
        #: Generated writers by exact class, made on first use; ``None`` for other classes.
        self._writers: dict[type, Callable[[Any], str] | None] = {}
        self._orjson_converter = None
        if orjson is not None:
            from cattrs.preconf.orjson import configure_converter

            self._orjson_converter = self._build(False, configure_converter, complete=True)
        self._count_keys, self._constant_keys = make_key_counters(
            self.unions, self.tags, self._reads_whole
        )
        #: Key counters by class, made on first use; ``None`` for classes without one.
        self._key_counters: dict[type, Callable[[Any], int] | None] = {}
        #: The fields read by their text, by class, found on first use.
        self._logs: dict[type, tuple[LogField, ...]] = {}

    def make_converter(self, *, detailed_validation: bool = True) -> cattrs.Converter:
        """A new cattrs converter for the game's types (see the module's conventions).

        Raises:
            DeserializationError: If ``detailed_validation`` is no ``bool``.
        """
        if type(detailed_validation) is not bool:
            raise DeserializationError(
                f"detailed_validation must be a bool, not {detailed_validation!r}", "wrong_type"
            )
        return self._build(detailed_validation, None)

    def _build(
        self,
        detailed_validation: bool,
        preconfigure: Callable[[cattrs.Converter], None] | None,
        *,
        complete: bool = False,
    ) -> cattrs.Converter:
        converter = cattrs.Converter(
            forbid_extra_keys=True, detailed_validation=detailed_validation
        )
        if preconfigure is not None:  # first: the library's own hooks below take precedence
            preconfigure(converter)
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
        # Configs first: the hooks generated for the classes that hold a config (a state)
        # look up the config's hook when they are made, and must find the one that
        # requires the seed (else a missing seed would silently become a random one).
        for cls in self.configs:
            _register_big_fields(converter, cls, self.big_fields.get(cls, ()))
            seed = self.big_fields.get(cls, ("seed",))[0]
            converter.register_structure_hook(cls, _config_hook(converter, cls, seed))
        # Members and unions next: the generated functions of the classes that hold them
        # look their hooks up when generated (a union's generic dispatch is slow).
        reader, member, handled = make_readers(
            converter,
            self.unions,
            self.tags,
            _structure_big,
            self.big_fields,
            (-MAX_INT, MAX_INT),
            MAX_ARRAY_LENGTH,
            {cls: self.big_fields.get(cls, ("seed",))[0] for cls in self.configs},
            complete=complete and not detailed_validation,
        )
        if complete and not detailed_validation and preconfigure is None:
            self._member_reader = member  # the logs read by their text
            self._reads_whole = handled  # whose documents give every field
        for cls in self.tagged:
            _register_tagged(converter, cls)
            if not detailed_validation:  # a generated reader (see .json_fast)
                converter.register_structure_hook(cls, _as_hook(reader(cls)))
        for union, members in self.unions.items():
            _register_union(converter, union, members)
        holders = [cls for cls in self.big_fields if cls not in self.configs]
        for cls in holders:
            _register_big_fields(converter, cls, self.big_fields[cls])
        if self._extra_hooks is not None:
            self._extra_hooks(converter)
        if not detailed_validation:  # generated readers for the other classes, made on first use
            for cls in self.configs:  # a refusal of the reader is explained by _config_hook
                config_reader = reader(cls)
                if config_reader is not None:
                    converter.register_structure_hook(cls, _as_hook(config_reader))
            converter.register_structure_hook_factory(
                lambda t: attrs.has(t) and reader(t) is not None, lambda t: _as_hook(reader(t))
            )
            for cls in holders:
                converter.register_structure_hook(cls, _as_hook(reader(cls)))
        return converter

    def _writer(self, cls: type) -> Callable[[Any], str] | None:
        if cls not in self._writers:
            ours = attrs.has(cls) and getattr(cls, "_defined_in", cls.__module__).startswith(
                "millions_rules."
            )
            self._writers[cls] = self._write_class(cls) if ours else None
        return self._writers[cls]

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
            if indent is None:
                write = self._writer(obj.__class__)
                if write is not None:
                    return write(obj)
            document = self.converter.unstructure(obj)
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
        result = self._read_fast(text, cls)
        if result is not _NOT_READ:
            return result
        # The exact path: it also says why a document is refused.
        document = parse_json(text)
        if not (isinstance(cls, type) or any(cls is union for union in self.unions)):
            raise DeserializationError(
                f"cannot read a document as {cls!r}, which is no type", "unknown_type"
            )
        return self.structure(document, cls)

    def _key_counter(self, cls: type) -> Callable[[Any], int] | None:
        if cls not in self._key_counters:
            try:
                self._key_counters[cls] = self._count_keys(cls) if attrs.has(cls) else None
            except Exception:  # a type it cannot count or resolve: read such objects the exact way
                self._key_counters[cls] = None
        return self._key_counters[cls]

    def _read_fast(self, text: str | bytes, cls: object) -> Any:
        """Read a valid document the fast way, or give ``_NOT_READ`` for the exact path.

        The exact path parses with a hook that refuses duplicate keys and, when a
        document is refused, reads it again to say where and why. Most documents are
        valid: this path parses without the hook (with orjson when the ``[fast]``
        extra is installed), reads with the generated readers, and proves the absence
        of duplicate keys by counting them (see ``millions_rules._common.json_fast``);
        a state's logs are read by their text first (see ``millions_rules._common.json_logs``).
        Anything else -- a refused document, a colon inside a string, a parser
        difference -- goes the exact way, so both paths accept the same documents, read
        them to the same objects and refuse the others with the same errors.
        """
        if type(text) is not str and type(text) is not bytes:
            return _NOT_READ
        if too_large(text):
            return _NOT_READ
        if isinstance(text, bytes):
            # UTF-8 without a byte order mark reads as its text does; anything else that
            # json.loads accepts (a mark, UTF-16 or UTF-32, encoded surrogates) goes the
            # exact way, as does every document the decoding refuses.
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                return _NOT_READ
        result: Any = _NOT_READ
        if isinstance(cls, type):
            logs = self._logs.get(cls)
            if logs is None:
                logs = self._logs[cls] = self._log_fields(cls)
            if logs:
                result = self._read_logs_by_text(text, cls, logs)
        if result is _NOT_READ:
            result = self._parse_and_read(text, cls)
            if result is _NOT_READ:
                return _NOT_READ
        check = self.checks.get(type(result))
        if check is not None:
            check(result)
        return result

    def _parse_and_read(self, text: str, cls: object) -> Any:
        """Parse and read a document without the duplicate-key hook, then prove it had
        no key twice; ``_NOT_READ`` for anything else."""
        colons = text.count(":")
        try:
            if _backend.get() == "orjson":
                assert orjson is not None and self._orjson_converter is not None
                result: Any = self._orjson_converter.structure(orjson.loads(text), cls)  # type: ignore[arg-type]
            else:
                # Compact text as written: no whitespace around the document (else the
                # exact path reads it), so the scanner alone parses it.
                document, end = _SCAN(text, 0)
                if end != len(text):
                    return _NOT_READ
                result = self.converter.structure(document, cls)  # type: ignore[arg-type]
        except Exception:  # refused, or beyond a parser: the exact path decides
            return _NOT_READ
        counter = self._key_counter(result.__class__)
        if counter is None or counter(result) != colons:
            return _NOT_READ
        return result

    def _log_fields(self, cls: type) -> tuple[LogField, ...]:
        """The fields of ``cls`` read by their text (see ``millions_rules._common.json_logs``)."""
        if not attrs.has(cls):
            return ()
        try:
            fields = log_fields(cls, self.unions)
        except Exception:  # annotations it cannot resolve: the usual way says what is wrong
            return ()
        logs = []
        for name, following, union in fields:
            members = self.unions[union]
            readers = {self.tags[member]: self._member_reader(member) for member in members}
            for member in members:
                self._key_counter(member)  # made: a constant count is then known
            counts = {m: self._constant_keys[m] for m in members if m in self._constant_keys}
            if None in readers.values() or len(counts) != len(members):
                continue  # a member without a generated reader or a constant key count
            logs.append(
                LogField(name, following, readers, counts, _SCAN, MAX_ARRAY_LENGTH)  # type: ignore[arg-type]
            )
        return tuple(logs)

    def _read_logs_by_text(self, text: str, cls: type, logs: tuple[LogField, ...]) -> Any:
        """Read a document whose logs are read by their text, or give ``_NOT_READ``."""
        rest: list[str] = []  # the document's text with each log written []
        read: list[tuple[LogField, tuple[Any, ...]]] = []
        done = 0
        for log in logs:
            start = text.find(log.key, done)
            if start < 0:
                return _NOT_READ
            first = start + len(log.key)  # the array's first item
            if text.startswith("]", first):  # an empty log: read with the rest
                continue
            end = text.find(log.end, first)  # the array's closing bracket
            if end < 0 or text[first] != "{" or text[end - 1] != "}":
                return _NOT_READ  # no compact text of objects: read the usual way
            items = log.read(text, first, end)
            if items is None:
                return _NOT_READ
            rest.append(text[done:first])
            read.append((log, items))
            done = end
        rest.append(text[done:])
        result = self._parse_and_read("".join(rest), cls)
        if result is _NOT_READ:
            return _NOT_READ
        for log, items in read:
            if getattr(result, log.name) != ():
                return _NOT_READ
            # The object is new and nobody else holds it yet: its log is put in place
            # (a class with an instance dictionary may read the field through a descriptor).
            if hasattr(result, "__dict__"):
                result.__dict__[log.name] = items
            else:
                object.__setattr__(result, log.name, items)
        return result

    def structure(self, document: object, cls: object) -> Any:
        """Structure a parsed document, or raise :class:`~millions_rules.DeserializationError`."""
        try:
            result: Any = self.converter.structure(document, cls)  # type: ignore[arg-type]
        except Exception:  # read again in detail: a field left to its default, or refused
            result = self._structure_in_detail(document, cls)
        check = self.checks.get(type(result))
        if check is not None:
            check(result)
        return result

    def _structure_in_detail(self, document: object, cls: object) -> Any:
        """Read a document with detailed validation: the object of a valid document that
        leaves a field to its default (which the fast readers do not read), or the
        :class:`~millions_rules.DeserializationError` saying where the document is wrong."""
        try:
            return self._explainer.structure(document, cls)  # type: ignore[arg-type]
        except RecursionError:  # pragma: no cover - the parser refuses such depth first
            path, code, message = "$", "too_deep", "document nested too deeply"
        except Exception as error:  # whatever it is, it is described
            path, code, message = _describe(error)
        raise DeserializationError(message, code, path) from None


_NOT_READ: Final = object()
