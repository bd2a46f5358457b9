"""Generated JSON writers and readers: the fast paths of the common JSON layer (``millions_rules._common.json``).

A state document holds hundreds of small objects (events, actions, characters), so
calling a cattrs hook per field and per array item costs several times what the
JSON parser itself costs. Like cattrs' own generated functions, these are compiled
once per class from the attrs fields, but they inline the checks and conversions of
each field type:

* a *writer* turns an object straight into compact JSON text, byte for byte what
  ``json.dumps(converter.unstructure(obj), ensure_ascii=False, separators=(",", ":"))``
  gives; any value of an unexpected type is written by that generic path instead;
* a *reader* builds an object from a parsed document and only has to accept exactly
  what the detailed converter accepts: it raises on anything else, and
  ``millions_rules._common.json`` then reads the document again with detailed validation to
  say where and why. Readers of plain-valued classes (most events and actions) intern
  what they build, as the engines do (``millions_rules._common.interning``): a state's log
  repeats a few values, and looking one up costs a fraction of building it.
"""

from __future__ import annotations

import enum
import json
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import cattrs

from .interning import CACHE_SIZE

__all__ = ["make_readers", "make_writers"]

_encode_string: Callable[[str], str] = json.encoder.encode_basestring


_INT_ONLY: frozenset[type] = frozenset({int})

#: The text of a short array of ints, by length ("%d" takes exact ints only, checked first).
_INT_FORMATS: tuple[str, ...] = tuple("[" + ",".join(["%d"] * n) + "]" for n in range(17))


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _is_enum(t: object) -> bool:
    return isinstance(t, type) and issubclass(t, enum.Enum)


def _member_texts(t: Any) -> dict[Any, str]:
    """The JSON text of each member of an enum, by member: looked up once its class is
    checked, so only members are ever hashed."""
    return {member: _dumps(member.value) for member in t}


def _optional(t: object) -> object | None:
    """``X`` for ``X | None``, else ``None``."""
    args = typing.get_args(t)
    if len(args) == 2 and type(None) in args:
        inner: object = next(a for a in args if a is not type(None))
        return inner
    return None


def _item(t: object) -> object | None:
    """``X`` for ``tuple[X, ...]``, else ``None``."""
    args = typing.get_args(t)
    if typing.get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis:
        item: object = args[0]
        return item
    return None


# -- writers ---------------------------------------------------------------------


class _Writers:
    """Writer functions by type, generated on demand (classes may refer to each other)."""

    def __init__(
        self,
        converter: cattrs.Converter,
        unions: dict[object, tuple[type, ...]],
        tags: dict[type, str],
        big: dict[type, tuple[str, ...]],
    ) -> None:
        self.converter = converter
        self.unions = unions
        self.tags = tags
        self.big = big
        self.by_class: dict[type, Callable[[Any], str]] = {}

    def generic(self, t: object) -> Callable[[Any], str]:
        """The generic path: cattrs' hook for ``t``, then ``json.dumps``."""
        hook = self.converter.get_unstructure_hook(t)
        return lambda value: _dumps(hook(value))

    def writer(self, t: object) -> Callable[[Any], str]:
        """A function writing a value of type ``t`` (falling back to the generic path)."""
        generic = self.generic(t)
        if t is int:
            return lambda v: str(v) if v.__class__ is int else generic(v)
        if t is str:
            return lambda v: _encode_string(v) if v.__class__ is str else generic(v)
        if t is bool:
            return lambda v: ("true" if v else "false") if v.__class__ is bool else generic(v)
        if _is_enum(t):
            texts = {id(member): _dumps(member.value) for member in t}  # type: ignore[attr-defined]
            return lambda v: texts.get(id(v)) or generic(v)
        inner = _optional(t)
        if inner is not None:
            write = self.writer(inner)
            return lambda v: "null" if v is None else write(v)
        item = _item(t)
        if item is not None:
            return self._tuple_writer(item, generic)
        if typing.get_origin(t) is frozenset and typing.get_args(t) == (int,):

            def write_int_set(v: Any) -> str:  # written sorted, as the converter writes sets
                if v.__class__ is not frozenset or not _INT_ONLY.issuperset(map(type, v)):
                    return generic(v)
                return "[" + ",".join(map(str, sorted(v))) + "]"

            return write_int_set
        if t in self.unions:
            by_class = {cls: self.of_class(cls) for cls in self.unions[t]}

            def write_union(v: Any) -> str:
                write = by_class.get(v.__class__)
                return generic(v) if write is None else write(v)

            return write_union
        if isinstance(t, type) and attrs.has(t):
            cls, write_class = t, self.of_class(t)
            return lambda v: write_class(v) if v.__class__ is cls else generic(v)
        return generic

    def _tuple_writer(self, item: object, generic: Callable[[Any], str]) -> Callable[[Any], str]:
        if item in self.unions or (isinstance(item, type) and attrs.has(item)):
            members: tuple[type, ...] = self.unions.get(item, (item,))  # type: ignore[arg-type]
            by_class = {cls: self.of_class(cls) for cls in members}

            def write_union_tuple(v: Any) -> str:
                if v.__class__ is not tuple:
                    return generic(v)
                try:
                    return "[" + ",".join([by_class[x.__class__](x) for x in v]) + "]"
                except KeyError:  # an item of no member class: the generic path decides
                    return generic(v)

            return write_union_tuple
        if _is_enum(item):
            texts = {id(member): _dumps(member.value) for member in item}  # type: ignore[attr-defined]

            # Role tuples are few and shared (actions are cached), so their texts are
            # kept by the tuple's identity; each entry holds its tuple, whose id therefore
            # cannot be reused while cached.
            written: dict[int, tuple[tuple[Any, ...], str]] = {}

            def write_enum_tuple(v: Any) -> str:
                known = written.get(id(v))
                if known is not None and known[0] is v:
                    return known[1]
                if v.__class__ is not tuple:
                    return generic(v)
                try:
                    text = "[" + ",".join([texts[id(x)] for x in v]) + "]"
                except KeyError:  # an item that is no member: the generic path decides
                    return generic(v)
                if len(written) >= 4096:
                    written.clear()
                written[id(v)] = (v, text)
                return text

            return write_enum_tuple
        if item is bool:
            bools = {id(True): "true", id(False): "false"}

            def write_bool_tuple(v: Any) -> str:
                if v.__class__ is not tuple:
                    return generic(v)
                try:
                    return "[" + ",".join([bools[id(x)] for x in v]) + "]"
                except KeyError:  # an item that is no boolean: the generic path decides
                    return generic(v)

            return write_bool_tuple
        if item is int:

            def write_int_tuple(v: Any) -> str:
                if v.__class__ is not tuple or not _INT_ONLY.issuperset(map(type, v)):
                    return generic(v)
                if len(v) < len(_INT_FORMATS):  # "%d" writes an int as str does, faster
                    return _INT_FORMATS[len(v)] % v
                return "[" + ",".join(map(str, v)) + "]"

            return write_int_tuple
        write_item = self.writer(item)

        def write_tuple(v: Any) -> str:
            if v.__class__ is not tuple:
                return generic(v)
            return "[" + ",".join([write_item(x) for x in v]) + "]"

        return write_tuple

    def of_class(self, cls: type) -> Callable[[Any], str]:
        """The writer of an attrs class (its exact class only)."""
        if cls in self.by_class:
            return self.by_class[cls]
        namespace: dict[str, Any] = {
            "ENC": _encode_string,
            "NULL": "null",
            "ONE": "[%d]",
        }

        def later(value: Any) -> str:  # until generated: classes may refer to each other
            return namespace["write"](value)  # type: ignore[no-any-return]

        self.by_class[cls] = later
        attrs.resolve_types(cls)
        tag = self.tags.get(cls)
        lines = ["def write(o):"]
        # The text of an f-string: names and tags hold no braces, only the object's own.
        text = "{{" + ("" if tag is None else _dumps("type") + ":" + _dumps(tag))
        for i, field in enumerate(attrs.fields(cls)):
            value, t = f"v{i}", field.type
            lines.append(f"    {value} = o.{field.name}")
            text += ("," if tag is not None or i else "") + _dumps(field.name) + ":"
            namespace[f"G{i}"] = self.generic(t)
            if field.name in self.big.get(cls, ()):  # a 64-bit number, written as a string
                namespace[f"G{i}"] = lambda v: _dumps(str(v))
                text += f"{{G{i}({value})}}"
            elif t is int:
                text += f"{{{value} if {value}.__class__ is int else G{i}({value})}}"
            elif t is str:
                text += f"{{ENC({value}) if {value}.__class__ is str else G{i}({value})}}"
            elif _is_enum(t):
                namespace[f"T{i}"], namespace[f"E{i}"] = _member_texts(t), t
                text += f"{{T{i}[{value}] if {value}.__class__ is E{i} else G{i}({value})}}"
            elif _is_enum(_optional(t)):  # written inline: a call costs more than the test
                inner = _optional(t)
                namespace[f"T{i}"], namespace[f"E{i}"] = _member_texts(inner), inner
                text += (
                    f"{{NULL if {value} is None else T{i}[{value}]"
                    f" if {value}.__class__ is E{i} else G{i}({value})}}"
                )
            elif _item(t) is int:  # mostly one seat or position: written inline
                namespace[f"W{i}"] = self.writer(t)
                text += (
                    f"{{ONE % {value} if {value}.__class__ is tuple and len({value}) == 1"
                    f" and {value}[0].__class__ is int else W{i}({value})}}"
                )
            elif _is_enum(_item(t)):  # mostly one role: its array's text looked up inline
                namespace[f"W{i}"] = self.writer(t)
                item = _item(t)
                namespace[f"E{i}"] = item
                texts = _member_texts(item)
                namespace[f"ONE{i}"] = {m: f"[{written}]" for m, written in texts.items()}
                text += (
                    f"{{ONE{i}[{value}[0]] if {value}.__class__ is tuple and len({value}) == 1"
                    f" and {value}[0].__class__ is E{i} else W{i}({value})}}"
                )
            elif isinstance(t, type) and attrs.has(t):
                namespace[f"C{i}"], namespace[f"W{i}"] = t, self.of_class(t)
                text += f"{{W{i}({value}) if {value}.__class__ is C{i} else G{i}({value})}}"
            else:
                namespace[f"W{i}"] = self.writer(t)
                text += f"{{W{i}({value})}}"
        lines.append("    return f" + repr(text + "}}"))
        exec(compile("\n".join(lines), f"<millions_rules write {cls.__name__}>", "exec"), namespace)
        self.by_class[cls] = namespace["write"]
        return namespace["write"]  # type: ignore[no-any-return]


def make_writers(
    converter: cattrs.Converter,
    unions: dict[object, tuple[type, ...]],
    tags: dict[type, str],
    big: dict[type, tuple[str, ...]],
) -> Callable[[type], Callable[[Any], str]]:
    """A function giving the compact JSON writer of an attrs class (its exact class only)."""
    return _Writers(converter, unions, tags, big).of_class


# -- readers ---------------------------------------------------------------------


class Refused(ValueError):
    """Raised by a reader for any value it does not accept (the detailed reader explains)."""


#: Entries an interning table keeps per class before it starts afresh (bounded memory).
_INTERNED: Final = CACHE_SIZE


class _Readers:
    """Reader functions of attrs classes, generated on demand.

    A state's log holds hundreds of small events and actions drawn from a small set of
    values (``Stayed(2)``, ``DepositPlaced(0, 1, 0)``, ...), and building a frozen attrs
    instance costs more than reading its fields. A class whose fields are all plain
    values (ints, strings, booleans, enums, arrays of them) is therefore *interned*: its
    reader keys a table by the raw values of the document, checks on a hit only what
    equality cannot tell (``True == 1``), and converts, range-checks and builds only on a
    miss. The instances are immutable, so sharing one between reads changes nothing but
    identity; the table is cleared when full, so memory stays bounded.
    """

    def __init__(
        self,
        converter: cattrs.Converter,
        unions: dict[object, tuple[type, ...]],
        tags: dict[type, str],
        big: Callable[[object, type], int],
        big_fields: dict[type, tuple[str, ...]],
        bounds: tuple[int, int],
        max_items: int,
        seeds: Mapping[type, str],
        complete: bool,
    ) -> None:
        self.converter = converter
        self.seeds = seeds
        self.complete = complete
        self.unions = unions
        self.tags = tags
        self.big = big
        self.big_fields = big_fields
        self.bounds = bounds
        self.max_items = max_items
        self.by_class: dict[type, Callable[[Any], Any]] = {}
        self.members: dict[type, Callable[[Any], Any]] = {}

    def required(self, cls: type, field: attrs.Attribute[Any]) -> bool:
        """Whether a document must give ``field``: it has no default, or it is a config's
        seed (whose default would be a random one)."""
        return field.default is attrs.NOTHING or self.seeds.get(cls) == field.name

    def handled(self, cls: type) -> bool:
        """Whether a reader is generated for ``cls``: every field passed by position, its
        default (if any) a plain value."""
        return all(
            f.init
            and not f.kw_only
            and (self.required(cls, f) or not isinstance(f.default, attrs.Factory))  # type: ignore[arg-type]
            for f in attrs.fields(cls)
        )

    def of_class(self, cls: type) -> Callable[[Any], Any] | None:
        """The reader of an attrs class; ``None`` for a class it does not handle."""
        if cls not in self.by_class:
            if not self.handled(cls):
                return None
            self.generate(cls, member=False)
        return self.by_class[cls]

    def member(self, cls: type) -> Callable[[Any], Any] | None:
        """The reader of a union member, called once its ``"type"`` picked it.

        Looking the tag up already proved the value an object with that tag, so this
        reader checks neither again.
        """
        if cls not in self.members:
            if not self.handled(cls):
                return None
            self.generate(cls, member=True)
        return self.members[cls]

    def generate(self, cls: type, *, member: bool) -> None:
        namespace: dict[str, Any] = {
            "CLS": cls,
            "REFUSED": Refused,
            "LOW": self.bounds[0],
            "HIGH": self.bounds[1],
            "MAX_ITEMS": self.max_items,
            "INTS": frozenset({int}),
            "BOOLS": frozenset({bool}),
            "STRS": frozenset({str}),
            "LIMIT": _INTERNED,
        }

        def later(value: Any) -> Any:  # until generated: classes may refer to each other
            return namespace["read"](value)

        (self.members if member else self.by_class)[cls] = later
        attrs.resolve_types(cls)
        fields = attrs.fields(cls)
        defaults = [not self.required(cls, field) for field in fields]
        tag = self.tags.get(cls)
        namespace["TAG"] = tag
        namespace["ALLOWED"] = frozenset(f.name for f in fields) | ({"type"} if tag else set())
        lines = ["def read(o):"]
        if not member:
            lines.append("    if o.__class__ is not dict: raise REFUSED")
            if tag is not None:
                lines.append("    if o.get('type') != TAG: raise REFUSED")
        if any(f.default is not attrs.NOTHING for f in fields) and not self.complete:
            lines.append("    if not o.keys() <= ALLOWED: raise REFUSED")
        else:  # every field is read below: the right count means no extra key
            lines.append(f"    if len(o) != {len(fields) + (tag is not None)}: raise REFUSED")
        for i, field in enumerate(fields):
            # A default is a valid value: only a value read from the document is checked.
            if defaults[i]:
                namespace[f"D{i}"] = field.default
            if not defaults[i] or self.complete:
                lines.append(f"    v{i} = o[{field.name!r}]")
            else:
                lines.append(f"    v{i} = o.get({field.name!r}, D{i})")
        values = ", ".join(f"v{i}" for i in range(len(fields)))
        interned = self.interned(cls, fields, defaults, namespace)
        if interned is not None:
            hit, keys, miss, keep = interned
            lines.extend("    " + line for line in hit)
            lines.append(f"    key = ({', '.join(keys)},)")
            lines.append("    known = TABLE.get(key)")
            if keep:  # the table also holds the objects whose identities the key holds
                lines.append("    if known is not None: return known[0]")
            else:
                lines.append("    if known is not None: return known")
            lines.extend("    " + line for line in miss)
            lines.append(f"    known = CLS({values})")
            lines.append("    if len(TABLE) >= LIMIT: TABLE.clear()")
            if keep:
                lines.append(f"    TABLE[key] = (known, {', '.join(keep)})")
            else:
                lines.append("    TABLE[key] = known")
            lines.append("    return known")
            namespace["TABLE"] = {}
        else:
            for i, field in enumerate(fields):
                if not defaults[i]:
                    indent = "    "
                else:
                    lines.append(f"    if v{i} is not D{i}:")
                    indent = "        "
                if field.name in self.big_fields.get(cls, ()):
                    namespace[f"B{i}"] = self.big
                    checks = [f"v{i} = B{i}(v{i}, int)"]
                else:
                    checks = self.check(field.type, f"v{i}", str(i), namespace)
                lines.extend(indent + line for line in checks)
            lines.append(f"    return CLS({values})")
        source = "\n".join(lines)
        exec(compile(source, f"<millions_rules read {cls.__name__}>", "exec"), namespace)
        (self.members if member else self.by_class)[cls] = namespace["read"]

    def interned(
        self,
        cls: type,
        fields: tuple[attrs.Attribute[Any], ...],
        defaults: list[bool],
        namespace: dict[str, Any],
    ) -> tuple[list[str], list[str], list[str], list[str]] | None:
        """How to intern ``cls``, or ``None`` if some field holds more than plain values.

        The parts: checks before the lookup, the parts of the key, checks and conversions
        after a miss, and the values the table must keep alive (arrays of interned
        objects are keyed by their items' identities, which only living objects keep).
        """
        hit: list[str] = []
        keys: list[str] = []
        miss: list[str] = []
        keep: list[str] = []
        for i, field in enumerate(fields):
            t: object = field.type
            value = f"v{i}"
            inner = _optional(t)
            optional = inner is not None
            t = inner if inner is not None else t
            item = _item(t)
            before: list[str]
            after: list[str]
            key = value
            if field.name in self.big_fields.get(cls, ()):  # a decimal string
                before, after = [], [f"{value} = B{i}({value}, int)"]
                namespace[f"B{i}"] = self.big
            elif t is int:  # True == 1 and 1.0 == 1: the class is checked before the lookup
                before = [f"if {value}.__class__ is not int: raise REFUSED"]
                after = [f"if not LOW <= {value} <= HIGH: raise REFUSED"]
            elif t is bool:
                before = [f"if {value}.__class__ is not bool: raise REFUSED"]
                after = []
            elif t is str:  # only a string equals a string
                before, after = [], [f"if {value}.__class__ is not str: raise REFUSED"]
            elif _is_enum(t) and all(type(m.value) is str for m in t):  # type: ignore[attr-defined]
                namespace[f"E{i}"] = {m.value: m for m in t}  # type: ignore[attr-defined]
                before, after = [], [f"{value} = E{i}[{value}]"]
            elif (
                isinstance(t, type)
                and attrs.has(t)
                and t not in self.big_fields
                and self.of_class(t) is not None
            ):  # an interned object, known by identity (a loot card)
                namespace[f"R{i}"] = self.of_class(t)
                before, after = [f"{value} = R{i}({value})"], []
                key = f"id({value})"
                keep.append(value)
            elif (
                item is not None
                and not optional
                and isinstance(item, type)
                and attrs.has(item)
                and item not in self.big_fields
                and self.of_class(item) is not None
            ):  # interned items, known by identity
                namespace[f"R{i}"] = self.of_class(item)
                before = [
                    f"if {value}.__class__ is not list or len({value}) > MAX_ITEMS: raise REFUSED",
                    f"{value} = tuple([R{i}(x) for x in {value}])",
                ]
                key, after = f"tuple(map(id, {value}))", []
                keep.append(value)
            elif (
                item is not None
                and not optional
                and not defaults[i]
                and (item in (int, bool, str) or _is_enum(item))
            ):
                if item is str or (_is_enum(item) and all(type(m.value) is str for m in item)):  # type: ignore[attr-defined]
                    before = [f"if {value}.__class__ is not list: raise REFUSED"]
                else:  # mostly one seat or position: its class is tested alone
                    kind, kinds = ("int", "INTS") if item is int else ("bool", "BOOLS")
                    before = [
                        f"if {value}.__class__ is not list: raise REFUSED",
                        f"if len({value}) == 1:",
                        f"    if {value}[0].__class__ is not {kind}: raise REFUSED",
                        f"elif not {kinds}.issuperset(map(type, {value})): raise REFUSED",
                    ]
                key = f"k{i}"
                before.append(f"{key} = tuple({value})")
                if item is int:
                    after = [
                        f"for x in {key}:",
                        "    if not LOW <= x <= HIGH: raise REFUSED",
                        f"{value} = {key}",
                    ]
                elif item is str:
                    after = [f"if not STRS.issuperset(map(type, {key})): raise REFUSED"]
                    after.append(f"{value} = {key}")
                elif item is bool:
                    after = [f"{value} = {key}"]
                else:
                    namespace[f"E{i}"] = {m.value: m for m in item}  # type: ignore[attr-defined]
                    after = [f"{value} = tuple(map(E{i}.__getitem__, {key}))"]
                before.append(f"if len({key}) > MAX_ITEMS: raise REFUSED")
            else:
                return None
            if defaults[i]:  # a default is valid as it is
                if before:
                    before = [f"if {value} is not D{i}:", *("    " + line for line in before)]
                if after:
                    after = [f"if {value} is not D{i}:", *("    " + line for line in after)]
            if optional:
                if before:
                    before = [f"if {value} is not None:", *("    " + line for line in before)]
                if after:
                    after = [f"if {value} is not None:", *("    " + line for line in after)]
            hit.extend(before)
            keys.append(key)
            miss.extend(after)
        return hit, keys, miss, keep

    def value_reader(self, t: object) -> Callable[[Any], Any]:
        """A function reading one value of type ``t`` (an array item)."""
        namespace: dict[str, Any] = {
            "REFUSED": Refused,
            "LOW": self.bounds[0],
            "HIGH": self.bounds[1],
            "MAX_ITEMS": self.max_items,
            "INTS": frozenset({int}),
            "BOOLS": frozenset({bool}),
        }
        lines = ["def read(x):", *("    " + line for line in self.check(t, "x", "", namespace))]
        lines.append("    return x")
        exec(compile("\n".join(lines), f"<millions_rules read {t}>", "exec"), namespace)
        return namespace["read"]  # type: ignore[no-any-return]

    def check(self, t: object, value: str, key: str, namespace: dict[str, Any]) -> list[str]:
        """Lines that check one value of type ``t`` and convert it in place."""
        if t is int:
            return [f"if {value}.__class__ is not int or not LOW <= {value} <= HIGH: raise REFUSED"]
        if t is str:
            return [f"if {value}.__class__ is not str: raise REFUSED"]
        if t is bool:
            return [f"if {value}.__class__ is not bool: raise REFUSED"]
        if _is_enum(t):  # members by value: anything else is a KeyError or a TypeError
            namespace[f"E{key}"] = {member.value: member for member in t}  # type: ignore[attr-defined]
            return [f"{value} = E{key}[{value}]"]
        inner = _optional(t)
        if inner is not None:
            lines = self.check(inner, value, key, namespace)
            return [f"if {value} is not None:", *("    " + line for line in lines)]
        item = _item(t)
        head = f"if {value}.__class__ is not list or len({value}) > MAX_ITEMS: raise REFUSED"
        if item is not None and _is_enum(item):
            namespace[f"E{key}"] = {member.value: member for member in item}  # type: ignore[attr-defined]
            return [head, f"{value} = tuple(map(E{key}.__getitem__, {value}))"]
        if item is int:  # the classes, then the range, checked in C
            return [
                head,
                f"if not INTS.issuperset(map(type, {value})): raise REFUSED",
                f"if {value} and (min({value}) < LOW or max({value}) > HIGH): raise REFUSED",
                f"{value} = tuple({value})",
            ]
        if item is bool:
            return [
                head,
                f"if not BOOLS.issuperset(map(type, {value})): raise REFUSED",
                f"{value} = tuple({value})",
            ]
        if item is not None and item in self.unions:
            members = {self.tags[cls]: self.member(cls) for cls in self.unions[item]}
            if None not in members.values():
                namespace[f"U{key}"] = members
                return [head, f"{value} = tuple([U{key}[x['type']](x) for x in {value}])"]
        if isinstance(item, type) and attrs.has(item) and item not in self.big_fields:
            namespace[f"R{key}"] = self.of_class(item)
            if namespace[f"R{key}"] is not None:
                return [head, f"{value} = tuple([R{key}(x) for x in {value}])"]
        if _item(item) is not None:  # arrays of arrays (the roles of each seat)
            namespace[f"R{key}"] = self.value_reader(item)
            return [head, f"{value} = tuple([R{key}(x) for x in {value}])"]
        if isinstance(t, type) and attrs.has(t) and t not in self.big_fields:
            namespace[f"R{key}"] = self.of_class(t)
            if namespace[f"R{key}"] is not None:
                return [f"{value} = R{key}({value})"]
        namespace[f"H{key}"], namespace[f"T{key}"] = self.converter.get_structure_hook(t), t
        return [f"{value} = H{key}({value}, T{key})"]


def make_readers(
    converter: cattrs.Converter,
    unions: dict[object, tuple[type, ...]],
    tags: dict[type, str],
    big: Callable[[object, type], int],
    big_fields: dict[type, tuple[str, ...]],
    bounds: tuple[int, int],
    max_items: int,
    seeds: Mapping[type, str],
    *,
    complete: bool = False,
) -> tuple[
    Callable[[type], Callable[[Any], Any] | None],
    Callable[[type], Callable[[Any], Any] | None],
    Callable[[type], bool],
]:
    """Functions giving the strict reader of an attrs class (see the module's docstring),
    the reader of a union member called once its ``"type"`` picked it (which checks
    neither the object nor its tag again), and whether a class gets a generated reader.

    Fields of a class listed in ``big_fields`` (other than the class being read) are
    read through the converter's own hook. ``seeds`` names the seed field of each config
    class, required in a document (its default would be a random seed). ``complete``
    readers refuse a document that leaves out a field with a default: the fast path's
    count of keys (see ``_KeyCounts``) then knows every object's keys.
    """
    readers = _Readers(converter, unions, tags, big, big_fields, bounds, max_items, seeds, complete)
    return readers.of_class, readers.member, readers.handled


# -- key counts ---------------------------------------------------------------------


class _KeyCounts:
    """How many object keys the canonical document of an object has, by class.

    A parser keeps the last of two equal keys, so a document with a duplicate key
    parses to fewer keys than its text holds. Outside strings a colon only follows
    a key, so a parsed document whose key count equals the colons in its text had no
    duplicate key (a colon inside a string only makes the counts differ, never agree
    by mistake). This holds only if each object's document gave all its fields: one
    that left a field to its default has a key fewer, which a key given twice would make
    up. A class with defaults is therefore counted only if ``whole(cls)``: its documents
    are read by a complete reader (see ``make_readers``), which refuses a field left out.
    """

    def __init__(
        self,
        unions: dict[object, tuple[type, ...]],
        tags: dict[type, str],
        whole: Callable[[type], bool],
    ) -> None:
        self.unions = unions
        self.tags = tags
        self.whole = whole
        self.constant: dict[type, int] = {}
        self.by_class: dict[type, Callable[[Any], int]] = {}
        self.making: set[type] = set()

    def of_class(self, cls: type) -> Callable[[Any], int]:
        if cls in self.by_class:
            return self.by_class[cls]
        if cls in self.making:  # an object nested in its own kind: no count by class
            raise TypeError(f"{cls.__name__} may hold its own kind")
        self.making.add(cls)
        try:
            return self._make(cls)
        finally:
            self.making.discard(cls)

    def _make(self, cls: type) -> Callable[[Any], int]:
        attrs.resolve_types(cls)
        fields = attrs.fields(cls)
        if any(f.default is not attrs.NOTHING for f in fields) and not self.whole(cls):
            raise TypeError(f"a document of {cls.__name__} may leave a field out")
        own = len(fields) + (cls in self.tags)
        namespace: dict[str, Any] = {}
        parts = [
            self.extra(field.type, f"o.{field.name}", str(i), namespace)
            for i, field in enumerate(fields)
        ]
        parts = [part for part in parts if part != "0"]
        if all(part.isdigit() for part in parts):  # nested objects of constant counts only
            total = own + sum(map(int, parts))
            self.constant[cls] = total
            self.by_class[cls] = lambda _: total
            return self.by_class[cls]
        source = f"def count(o):\n    return {own} + " + " + ".join(parts)
        exec(compile(source, f"<millions_rules count {cls.__name__}>", "exec"), namespace)
        self.by_class[cls] = namespace["count"]
        return namespace["count"]  # type: ignore[no-any-return]

    def extra(self, t: object, value: str, key: str, namespace: dict[str, Any]) -> str:
        """An expression counting the keys of the objects inside one field's value."""
        if t in (int, str, bool) or _is_enum(t) or typing.get_origin(t) is frozenset:
            return "0"
        if typing.get_origin(t) in (Mapping, dict, typing.Mapping):
            return f"len({value})"
        inner = _optional(t)
        if inner is not None:
            part = self.extra(inner, value, key, namespace)
            return "0" if part == "0" else f"(0 if {value} is None else {part})"
        item = _item(t)
        if item is not None:
            if item in self.unions:
                members = self.unions[item]
                counters = {cls: self.of_class(cls) for cls in members}
                if all(cls in self.constant for cls in members):
                    namespace[f"K{key}"] = {cls: self.constant[cls] for cls in members}
                    return f"sum(map(K{key}.__getitem__, map(type, {value})))"
                namespace[f"C{key}"] = counters
                return f"sum([C{key}[x.__class__](x) for x in {value}])"
            part = self.extra(item, "x", key + "i", namespace)
            if part == "0":
                return "0"
            if isinstance(item, type) and item in self.constant:
                return f"len({value}) * {self.constant[item]}"
            return f"sum([{part} for x in {value}])"
        if isinstance(t, type) and attrs.has(t):
            counter = self.of_class(t)
            if t in self.constant:
                return str(self.constant[t])
            namespace[f"C{key}"] = counter
            return f"C{key}({value})"
        raise TypeError(f"cannot count the keys of {t!r}")


def make_key_counters(
    unions: dict[object, tuple[type, ...]],
    tags: dict[type, str],
    whole: Callable[[type], bool],
) -> tuple[Callable[[type], Callable[[Any], int]], Mapping[type, int]]:
    """A function giving the key counter of an attrs class (see the class ``_KeyCounts``),
    and the key count of each class whose objects all have the same, once its counter is made.

    ``whole(cls)`` says whether a document of ``cls`` is read only if it gives every field;
    the counter of a class holding one that has defaults and is not raises ``TypeError``.
    """
    counts = _KeyCounts(unions, tags, whole)
    return counts.of_class, counts.constant
