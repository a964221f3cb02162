"""The field types a transformers config class declares, checked the way transformers checks them.

transformers 5 config classes are strict dataclasses (``huggingface_hub``'s ``@strict``): every
value given for a declared field is type-checked when the config is built, so a ``config.json``
holding ``"max_position_embeddings": 2048.0`` (a float where the class declares ``int``) or
``"rms_norm_eps": 1`` (an int where it declares ``float``) does not load at all
(``StrictDataclassFieldValidationError``). We read the declared annotations from the
configuration source (never imported) and apply the same rules to the JSON values:

- ``int`` takes an int and not a bool; ``float`` takes a float and not an int; ``bool``, ``str``
  and ``None`` take exactly themselves; a union takes what any member takes; ``Literal[...]``
  takes its values (an int is not a bool there either); ``list[T]`` takes a list of T.
- A class (``PreTrainedConfig``, the TypedDict ``RopeParameters``) takes no JSON value.
- What we cannot decide from the text is accepted: a module-level alias, dict and tuple contents, a JSON list where a
  tuple is declared (JSON has no tuples), strings as forward references, anything else. So a value reported here is one
  transformers refuses; a value it refuses may still pass here. Range validators
  (``interval(min=0.0, max=1.0)``) are not checked.

The grounding test (tests/test_hf_types.py) builds mutated configs in transformers and compares
its verdict with ours field by field.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from driftcheck.speed import current

ANY = ("any",)
SIMPLE = {"int": int, "float": float, "bool": bool, "str": str}
LISTS = frozenset({"list", "List"})
DICTS = frozenset({"dict", "Dict"})
TUPLES = frozenset({"tuple", "Tuple"})


@dataclass(frozen=True)
class FieldTypeError:
    key: str  # the key as the JSON writes it
    field: str  # the field the class declares (an attribute_map alias resolved)
    value: Any
    declared: str  # the annotation, as written in the source
    owner: str  # the class declaring it

    def message(self, version: str | None = None) -> str:
        kind = "null" if self.value is None else type(self.value).__name__
        who = f"transformers {version}" if version else "transformers"
        return (
            f"{self.key} is {kind} {self.value!r} but {self.owner} declares "
            f"{self.field}: {self.declared}; {who} refuses to load this config"
        )


def is_class(name: str, path: Path) -> bool:
    """Whether ``name``, in the configuration module at ``path``, is a class (defined there or
    imported from a module that defines it): no JSON value is an instance of a config class, and
    a TypedDict refuses the instance check. A module-level alias stays undecided."""
    from driftcheck.parsers.hf_defaults import _imports, _module

    tree = _module(path)
    if tree is None:
        return False
    if any(isinstance(s, ast.ClassDef) and s.name == name for s in tree.body):
        return True
    source = _imports(path, tree).get(name)
    other = _module(source) if source is not None else None
    return other is not None and any(
        isinstance(s, ast.ClassDef) and s.name == name for s in other.body
    )


def parse(node: ast.expr, path: Path | None = None) -> Any:
    """An annotation as a small tree: ``("any",)``, ``("none",)``, ``("simple", type)``,
    ``("union", [..])``, ``("literal", [..])``, ``("list", item)``, ``("dict",)``,
    ``("tuple",)`` (containers' contents are not checked, a tuple takes a JSON list),
    ``("class",)`` (a class ``path``'s module defines or imports: takes no JSON value)."""
    if isinstance(node, ast.Constant):
        return ("none",) if node.value is None else ANY  # a string is a forward reference
    if isinstance(node, ast.Name):
        if node.id in SIMPLE:
            return ("simple", SIMPLE[node.id])
        if node.id in LISTS:
            return ("list", ANY)
        if node.id in DICTS:
            return ("dict",)
        if node.id in TUPLES:
            return ("tuple",)
        if path is not None and is_class(node.id, path):
            return ("class",)
        return ANY
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return ("union", [parse(node.left, path), parse(node.right, path)])
    if isinstance(node, ast.Subscript):
        head = node.value.attr if isinstance(node.value, ast.Attribute) else None
        head = node.value.id if isinstance(node.value, ast.Name) else head
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if head in LISTS and len(args) == 1:
            return ("list", parse(args[0], path))
        if head in DICTS:
            return ("dict",)
        if head in TUPLES:
            return ("tuple",)
        if head == "Optional" and len(args) == 1:
            return ("union", [parse(args[0], path), ("none",)])
        if head == "Union":
            return ("union", [parse(a, path) for a in args])
        if head == "Literal" and all(isinstance(a, ast.Constant) for a in args):
            return ("literal", [a.value for a in args])
    return ANY


def accepts(t: Any, value: Any) -> bool:
    kind = t[0]
    if kind == "any":
        return True
    if kind == "none":
        return value is None
    if kind == "simple":
        want = t[1]
        if want is int:
            return isinstance(value, int) and not isinstance(value, bool)
        return isinstance(value, want)
    if kind == "union":
        return any(accepts(m, value) for m in t[1])
    if kind == "literal":
        if isinstance(value, bool):
            return any(isinstance(a, bool) and a == value for a in t[1])
        if isinstance(value, int):
            return any(isinstance(a, int) and not isinstance(a, bool) and a == value for a in t[1])
        return value in t[1]
    if kind == "list":
        return isinstance(value, list) and all(accepts(t[1], v) for v in value)
    if kind == "dict":
        return isinstance(value, dict)
    if kind == "tuple":
        return isinstance(value, (tuple, list))
    if kind == "class":
        return False
    return True


# kept in the stores of the Speed in force while its ``field_types`` is on:
# ``declared``: id(info) -> (info, declared, alias); ``annotations``: id(node) -> (node, parse())


def _declared(info: Any) -> tuple[dict[str, tuple[ast.expr, Any]], dict[str, str]]:
    """The fields the class and its bases annotate, and its ``attribute_map`` (per class)."""
    sp = current()
    store = sp.stores.declared if sp.field_types else {}
    hit = store.get(id(info))
    if hit is not None and hit[0] is info:
        return hit[1], hit[2]
    declared: dict[str, tuple[ast.expr, Any]] = {}
    alias: dict[str, str] = {}
    for cls in reversed(info.mro()):
        declared.update({k: (a, cls) for k, a in cls.annotations.items()})
        amap = cls.class_attrs.get("attribute_map")
        if isinstance(amap, dict):
            alias.update({k: v for k, v in amap.items() if isinstance(v, str)})
    store[id(info)] = (info, declared, alias)
    return declared, alias


def _parsed(node: ast.expr, path: Path) -> Any:
    sp = current()
    store = sp.stores.annotations if sp.field_types else {}
    hit = store.get(id(node))
    if hit is None or hit[0] is not node:
        hit = store[id(node)] = (node, parse(node, path))
    return hit[1]


def field_type_errors(cfg: dict[str, Any], info: Any) -> list[FieldTypeError]:
    """Values of ``cfg`` whose type the config class (``hf_defaults.ClassInfo``) refuses."""
    declared, alias = _declared(info)
    out: list[FieldTypeError] = []
    for key, value in cfg.items():
        name = alias.get(key, key)
        if name not in declared:
            continue
        node, owner = declared[name]
        if not accepts(_parsed(node, owner.path), value):
            out.append(FieldTypeError(key, name, value, ast.unparse(node), owner.name))
    return out
