"""Constructs of wild model code (lucidrains-style helpers and friends), modelled as Python and
torch would run them: ``inspect.isfunction`` / ``inspect.ismethod`` (the ``default(val, d)``
helper calls ``d()`` only when ``d`` is a function).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values import torchsize
from driftcheck.parsers.source.values.abstract import (
    Cls,
    Config,
    Ext,
    ExtClass,
    Func,
    NotAClass,
    Obj,
    Tensor,
    Unknown,
    plain,
)

INS = Group("inspect", title="inspect (wild)")

_PLAIN = (int, float, complex, str, bytes, list, tuple, dict, set, frozenset, type(None))


def _kind(c: Call) -> Any:
    """'function', 'method', 'other' or an Unknown for the one argument."""
    if len(c.args) != 1 or c.kwargs:
        return c.unknown()
    v = plain(c.args[0])
    if isinstance(v, Func):
        if v.bound is not None and not v.is_static:
            return "method"
        return "function"
    if isinstance(v, (Cls, ExtClass, Obj, Tensor, Config, range, slice, NotAClass) + _PLAIN):
        return "other"
    if isinstance(v, Ext) and not isinstance(v, Unknown):
        from driftcheck.parsers.source.library import torchlib

        if torchlib.is_nn_class(v.qual) or torchlib.ext_class(v.qual) is not None:
            return "other"  # a torch class (``activation = nn.GELU``)
    return c.unknown()


@INS.entry(
    "isfunction",
    doc="inspect.isfunction(x): True for a function or lambda of analyzed code (not a bound "
    "method), False for classes (torch layers included), instances and plain values; unknown "
    "for a library callable",
)
def _isfunction(c: Call) -> Any:
    k = _kind(c)
    return k if isinstance(k, Unknown) else k == "function"


@INS.entry(
    "ismethod",
    doc="inspect.ismethod(x): True for a bound method of analyzed code, False for functions, "
    "classes, instances and plain values; unknown for a library callable",
)
def _ismethod(c: Call) -> Any:
    k = _kind(c)
    return k if isinstance(k, Unknown) else k == "method"


# ------------------------------------------------------------------ nn.Module hook handles
class HookHandle:
    """What ``module.register_forward_hook(fn)`` (and every ``register_*_hook``) returns: a
    ``torch.utils.hooks.RemovableHandle``, a plain object holding no weights. Kept on a module
    (``self._handle = m.register_backward_hook(hook)``) it is a plain attribute, not a layer."""

    __slots__ = ("module", "hook")
    library_type = "torch.utils.hooks.RemovableHandle"

    def __init__(self, module: Any, hook: Any) -> None:
        self.module, self.hook = module, hook

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name == "remove":
            return BuiltinMethod(lambda a, k: None)
        if name == "id":
            return Unknown("RemovableHandle.id")
        return Unknown(f"RemovableHandle.{name}")


def is_hook_registration(name: str) -> bool:
    """``register_forward_hook``, ``register_full_backward_pre_hook``, ``_register_state_dict_hook``
    ...: the nn.Module methods that register a hook and return its handle."""
    return name.lstrip("_").startswith("register_") and name.endswith("_hook")


OTHER_HOOKS = "_driftcheck_other_hooks"
"""The attribute on an Obj / Leaf listing the callables its other ``register_*_hook`` calls
stored (torch keeps them in the module's dicts: ``pickle.dumps`` of the module pickles them)."""


def hook_method(module: Any, name: str) -> Any:
    """The bound ``module.register_*_hook``: registering changes no weights; the call returns a
    handle (the hook itself runs only in forward or backward, which this does not model). The
    callable is kept on the module (``OTHER_HOOKS``): torch stores it there, and a module
    holding a lambda hook cannot be pickled (stdlib's ``pickle.dumps``)."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    def register(a: list, k: dict) -> Any:
        fn = a[0] if a else k.get("hook")
        held = getattr(module, OTHER_HOOKS, None)
        if held is None:
            held = []
            setattr(module, OTHER_HOOKS, held)
        held.append(fn)
        return HookHandle(module, fn)

    return BuiltinMethod(register)


# ------------------------------------------------------------------ re.match / search / fullmatch
class MatchValue:
    """A ``re.Match`` of a known pattern on a known string (truthy; ``None`` is no match):
    ``m.group(i)``, ``m.groups()``, ``m.groupdict()``, ``m.start()``, ``m.end()``, ``m.span()``
    and ``m.string`` computed by Python's ``re`` on the same arguments."""

    __slots__ = ("m",)
    library_type = "re.Match"

    def __init__(self, m: Any) -> None:
        self.m = m

    def __bool__(self) -> bool:
        return True

    def __getitem__(self, key: Any) -> Any:
        """``m["k"]`` / ``m[1]``: ``m.group(key)`` (``items.getitem`` subscripts the value);
        a group that does not exist raises ``IndexError`` (an unknown there)."""
        if isinstance(key, bool) or not isinstance(key, (int, str)):
            raise TypeError(key)
        return self.m[key]

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name in ("string", "pos", "endpos", "lastindex", "lastgroup"):
            return getattr(self.m, name)
        if name in ("group", "groups", "groupdict", "start", "end", "span", "__getitem__"):
            fn = getattr(self.m, name)

            def call(a: list, k: dict) -> Any:
                args = [plain(x) for x in a]
                kw = {key: plain(v) for key, v in k.items()}
                if not all(isinstance(x, (int, str)) for x in [*args, *kw.values()]):
                    return Unknown(f"re.Match.{name}() with unknown arguments")
                try:
                    return fn(*args, **kw)
                except Exception:  # noqa: BLE001 - Python would raise: not decided statically
                    return Unknown(f"re.Match.{name}() that would raise")

            return BuiltinMethod(call)
        return Unknown(f"re.Match.{name}")


RE = Group("re", title="re (match)")


def _re_match(fn: Any) -> Any:
    def impl(c: Call) -> Any:
        from driftcheck.parsers.source.library.stdlib import RE_MAX_TEXT, _safe_pattern

        args = [plain(a) for a in c.args]
        kw = {k: plain(v) for k, v in c.kwargs.items()}
        if len(args) < 2 or not _safe_pattern(args[0]):
            return c.unknown(f"{c.qual}() with a pattern we do not run")
        if not (isinstance(args[1], str) and len(args[1]) <= RE_MAX_TEXT):
            return c.unknown(f"{c.qual}() of an unknown string")
        if not all(isinstance(x, int) for x in [*args[2:], *kw.values()]):
            return c.unknown(f"{c.qual}() with unknown flags")
        try:
            m = fn(*args, **kw)
        except Exception:  # noqa: BLE001 - Python would raise: not decided statically
            return c.unknown(f"{c.qual}() that would raise")
        return None if m is None else MatchValue(m)

    return impl


RE.add(
    "match",
    _re_match(__import__("re").match),
    "match(pattern, s): a Match of a known string, or None",
)
RE.add(
    "search",
    _re_match(__import__("re").search),
    "search(pattern, s): a Match of a known string, or None",
)
RE.add(
    "fullmatch",
    _re_match(__import__("re").fullmatch),
    "fullmatch(pattern, s): a Match of a known string, or None",
)


def _re_finditer(c: Call) -> Any:
    """``re.finditer(pattern, s[, flags])``: Python's own matches of a known, safe pattern
    on a known string (at most ``RE_MAX_TEXT`` characters, so at most that many matches plus
    one), as a one-pass iterator of Match values (a second loop over it sees nothing)."""
    from driftcheck.parsers.source.library.pybuiltins import _once
    from driftcheck.parsers.source.library.stdlib import RE_MAX_TEXT, _safe_pattern

    args = [plain(a) for a in c.args]
    kw = {k: plain(v) for k, v in c.kwargs.items()}
    if len(args) < 2 or set(kw) - {"flags"} or not _safe_pattern(args[0]):
        return c.unknown(f"{c.qual}() with a pattern we do not run")
    if not (isinstance(args[1], str) and len(args[1]) <= RE_MAX_TEXT):
        return c.unknown(f"{c.qual}() of an unknown string")
    if len(args) > 3 or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in [*args[2:], *kw.values()]
    ):
        return c.unknown(f"{c.qual}() with unknown flags")
    try:
        found = list(__import__("re").finditer(*args, **kw))
    except Exception:  # noqa: BLE001 - Python would raise: not decided statically
        return c.unknown(f"{c.qual}() that would raise")
    return _once([MatchValue(m) for m in found])


RE.add(
    "finditer",
    _re_finditer,
    "finditer(pattern, s[, flags]): a one-pass iterator of the Matches of a known string",
)


# ------------------------------------------------------------------ re.Scanner
# ``re.Scanner(lexicon).scan(text)``: the stdlib's (undocumented) lexer. CPython's own Scanner
# tokenises the known text with the known patterns; each phrase's action is replaced by a
# recorder, so CPython decides which phrase matches where and where scanning stops. The
# analyzed code's actions are then run through the interpreter in that order, as ``scan`` calls
# them (``action(scanner, token)``, ``scanner.match`` the phrase's Match); a None action or a
# None result is dropped, any other constant action is the token's item. An action that is not a
# function or a constant, a result we cannot tell from None, or a pattern we do not run makes
# the scan unknown.
SCAN_MAX_TOKENS = 4096


class _Hit:
    __slots__ = ("i", "m")

    def __init__(self, i: int, m: Any) -> None:
        self.i, self.m = i, m


class ScannerValue:
    """``re.Scanner(lexicon, flags)`` of known patterns; ``scan(text)`` of a known text."""

    library_type = "re.Scanner"

    def __init__(self, scanner: Any, actions: list, interp: Any, loc: tuple) -> None:
        self.scanner, self.actions, self.interp, self.loc = scanner, actions, interp, loc
        self.match: Any = Unknown("re.Scanner.match before scan()")

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name == "scan":
            return BuiltinMethod(lambda a, k: self._scan(a, k))
        if name == "match":
            return self.match
        return Unknown(f"re.Scanner attribute {name}")

    def _scan(self, a: list, k: dict) -> Any:
        from driftcheck.parsers.source.library.stdlib import RE_MAX_TEXT

        text = plain(a[0]) if len(a) == 1 and not k else None
        if not isinstance(text, str) or len(text) > RE_MAX_TEXT:
            return Unknown("re.Scanner.scan() of a text we cannot read")
        hits, rest = self.scanner.scan(text)  # recorders only: no analyzed code runs here
        if len(hits) > SCAN_MAX_TOKENS:
            return Unknown("re.Scanner.scan() of too many tokens")
        out = []
        for h in hits:
            act = self.actions[h.i]
            if isinstance(act, Func):
                self.match = MatchValue(h.m)
                got = self.interp.calls.call(act, [self, h.m.group()], {}, self.loc)
                if isinstance(plain(got), Unknown):
                    return Unknown("re.Scanner.scan() of an action whose result is not known")
                act = got
            if plain(act) is not None:
                out.append(act)
        return (out, rest)


@RE.entry(
    "Scanner",
    doc="Scanner(lexicon, flags): scan(text) of a known text, CPython's tokens with the "
    "code's actions run in order",
)
def _re_scanner(c: Call) -> Any:
    import re

    from driftcheck.parsers.source.library.stdlib import _safe_pattern

    flags = plain(c.args[1]) if len(c.args) > 1 else plain(c.kwargs.get("flags", 0))
    phrases = c.interp.items.iterate(c.arg(0, "lexicon"))
    if len(c.args) > 2 or set(c.kwargs) - {"lexicon", "flags"} or phrases is None:
        return c.unknown("re.Scanner() of a lexicon we cannot read")
    if not isinstance(flags, int) or isinstance(flags, bool):
        return c.unknown("re.Scanner() with unknown flags")
    lexicon, actions = [], []
    for ph in phrases:
        pair = c.interp.items.iterate(ph)
        if pair is None or len(pair) != 2 or not _safe_pattern(plain(pair[0])):
            return c.unknown("re.Scanner() with a phrase we do not run")
        act = pair[1] if isinstance(plain(pair[1]), Func) else plain(pair[1])
        if not isinstance(act, (Func, str, int, float, bytes, type(None))):
            return c.unknown("re.Scanner() with an action we cannot call statically")
        i = len(actions)
        actions.append(act)
        lexicon.append(
            (plain(pair[0]), None if act is None else (lambda s, _t, i=i: _Hit(i, s.match)))
        )
    try:
        sc = re.Scanner(lexicon, flags)
    except Exception:  # noqa: BLE001 - CPython refuses the patterns: not decided statically
        return c.unknown("re.Scanner() that would raise")
    return ScannerValue(sc, actions, c.interp, c.loc)


# ------------------------------------------------------------------ bool()
B = Group("builtins", title="builtins (wild)")


@B.entry(
    "bool",
    doc="bool(x) of a known plain value or one-element tensor; True for a function, a class, "
    "a re.Match and a hook handle (objects without __bool__ / __len__)",
)
def _bool(c: Call) -> Any:
    from driftcheck.parsers.source.library.pybuiltins import py_call

    got = py_call("bool", c.interp, c.args, c.kwargs)
    if not isinstance(got, Unknown) or len(c.args) != 1 or c.kwargs:
        return got
    v = plain(c.args[0])
    if isinstance(v, (Func, Cls, ExtClass, MatchValue, HookHandle)):
        return True
    from driftcheck.parsers.source.interp.modtruth import module_truth

    t = module_truth(v)  # a layer, a container by its length (interp/modtruth.py)
    return got if t is None else t


# ------------------------------------------------------------------ locals()
def _scope_names(fn: ast.AST) -> tuple[set[str], set[str]]:
    """(names the function binds, names it or a nested scope reads), as the compiler sees them:
    a nested function's reads count (its free names pass through this scope), its bindings not."""
    bound: set[str] = set()
    read: set[str] = set()
    args = fn.args
    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
        if a is not None:
            bound.add(a.arg)
    declared: set[str] = set()

    def visit(node: ast.AST, own: bool) -> None:
        for ch in ast.iter_child_nodes(node):
            if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                if own and not isinstance(ch, ast.Lambda):
                    bound.add(ch.name)
                if own and not isinstance(ch, ast.Lambda):
                    for d in ch.decorator_list:
                        visit_expr(d)
                visit(ch, False)
                continue
            if isinstance(ch, (ast.Global, ast.Nonlocal)) and own:
                declared.update(ch.names)
            if isinstance(ch, ast.Name):
                if isinstance(ch.ctx, ast.Load):
                    read.add(ch.id)
                elif own:
                    bound.add(ch.id)
            elif isinstance(ch, ast.alias) and own:
                bound.add((ch.asname or ch.name).split(".")[0])
            elif isinstance(ch, ast.ExceptHandler) and ch.name and own:
                bound.add(ch.name)
            visit(ch, own)

    def visit_expr(e: ast.AST) -> None:
        for n in ast.walk(e):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                read.add(n.id)

    visit(fn, True)
    return bound - declared, read


def frame_locals(fr: Any, e: ast.Call) -> Any:
    """``locals()`` in a function: a new dict of its local variables bound so far, then the free
    variables it reads from enclosing functions, and ``__class__`` in a method that uses
    ``super()`` (CPython's cell). At module level it is ``globals()``: not modelled (unknown)."""
    func = getattr(fr, "func", None)
    node = getattr(func, "node", None)
    if node is None or isinstance(node, ast.Lambda) or not isinstance(node, ast.AST):
        return Unknown(f"locals() outside a function at line {e.lineno}")
    bound, read = _scope_names(node)
    out: dict[str, Any] = {k: v for k, v in fr.locals.items() if k in bound}
    closure = fr.closure or {}
    for name in sorted(read - bound):
        if name in closure:
            out[name] = closure[name]
    if func.owner is not None and ("super" in read or "__class__" in read):
        out["__class__"] = func.owner
    return out


# ------------------------------------------------------------------ layer.weight.shape
# torch layers whose catalogue weights are named and shaped as torch's own parameters (checked
# against torch in tests/test_wild_constructs10.py)
WEIGHT_SHAPE_LAYERS = frozenset(
    """Linear Bilinear Conv1d Conv2d Conv3d ConvTranspose1d ConvTranspose2d ConvTranspose3d
    Embedding LayerNorm GroupNorm BatchNorm1d BatchNorm2d BatchNorm3d""".split()
)
WEIGHT_SIZE_ATTRS = ("shape", "size", "numel", "ndim", "dim")


def weight_shape(attrs: Any, ref: Any) -> tuple[int, ...] | None:
    """The shape of ``layer.weight`` / ``layer.bias`` of a torch layer built from known
    arguments, as torch allocates it; None when the layer is not one of the checked types,
    has an unresolved argument, or the weight was tied, replaced or reparametrized."""
    from driftcheck.parsers.source.values.abstract import Leaf

    leaf = ref.owner
    if not isinstance(leaf, Leaf) or leaf.type not in WEIGHT_SHAPE_LAYERS:
        return None
    from driftcheck.parsers.source.interp import weightswap

    swapped = weightswap.pending_shape(attrs.ip, leaf, ref.name)
    if (
        weightswap.other_unresolved(attrs.ip, leaf)
        or leaf.tied
        or leaf.wnorm
        or any(p for p in leaf.owned if p)  # "": parameters added beside (interp/leafregs.py)
        or (leaf.torch or "").rsplit(".", 1)[0]
        not in (
            "torch.nn",
            "",
        )
    ):
        return None
    weights = attrs.weights_with(leaf, {})
    shape = weights.get(ref.name) if weights else None
    shape = swapped if swapped is not None else shape  # the replacing tensor (weightswap.py)
    if shape is None or not all(isinstance(d, int) and not isinstance(d, bool) for d in shape):
        return None
    return tuple(shape)


def weight_size_attr(attrs: Any, ref: Any, name: str) -> Any:
    """``w.shape``, ``w.size()``, ``w.size(d)``, ``w.numel()``, ``w.ndim``, ``w.dim()`` of a layer's
    weight (``weight_shape``); unknown when its shape is."""
    from math import prod

    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    shape = weight_shape(attrs, ref)
    if shape is None:
        return Unknown(f"{ref.name} {name} of a layer whose weight shape is not known")
    if name == "shape":
        return torchsize.size(shape)
    if name == "ndim":
        return len(shape)

    def call(a: list, k: dict) -> Any:
        args = [plain(x) for x in a]
        if k or len(args) > (1 if name == "size" else 0):
            return Unknown(f"weight.{name}() with these arguments")
        if name == "numel":
            return prod(shape)
        if name == "dim":
            return len(shape)
        if not args:
            return torchsize.size(shape)
        d = args[0]
        if not isinstance(d, int) or isinstance(d, bool) or not -len(shape) <= d < len(shape):
            return Unknown("weight.size() of an unknown or out-of-range dim")
        return shape[d]

    return BuiltinMethod(call)


# ------------------------------------------------------------------ json.loads / yaml.safe_load
TEXT_MAX = 1 << 16  # a longer text is not parsed statically (unknown)
_STREAMS = ("io.TextIOWrapper", "io.StringIO")  # what ``yaml.safe_load(stream)`` reads whole


def _plain_data(v: Any, depth: int = 0) -> bool:
    """Whether a parsed document holds only JSON-like values (a YAML timestamp or binary is not
    modelled: the whole result is then unknown)."""
    if depth > 64:
        return False
    if isinstance(v, dict):
        return all(
            isinstance(k, (str, int, float, bool, type(None))) and _plain_data(x, depth + 1)
            for k, x in v.items()
        )
    if isinstance(v, list):
        return all(_plain_data(x, depth + 1) for x in v)
    return isinstance(v, (str, int, float, bool, type(None)))


def _parse_text(c: Call, parse: Any, what: str) -> Any:
    text = c.plain(0, "s" if what == "json" else "stream")
    if what == "yaml" and getattr(text, "library_type", None) in _STREAMS:
        # ``yaml.safe_load(fh)`` of a file opened read-only (a package's data file, or with
        # a script outside any package, the script's own folder): its text, as ``json.load(fh)`` reads it
        from driftcheck.parsers.source.library.pkgdata import _stream_text

        text = _stream_text(Call(c.interp, c.qual, [text], {}, c.loc))
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace") if len(text) <= TEXT_MAX else None
    if not isinstance(text, str):
        return c.unknown(f"{c.qual}() of a text not known statically")
    if len(text) > TEXT_MAX:
        return c.unknown(f"{c.qual}() of a text over {TEXT_MAX} characters")
    try:
        out = parse(text)
    except Exception:  # noqa: BLE001 - the parser would raise: not decided statically
        return c.unknown(f"{c.qual}() of a text the parser refuses")
    return out if _plain_data(out) else c.unknown(f"{c.qual}() of a document with non-JSON values")


JSON = Group("json", title="json (texts)")


_JSON_HOOKS = ("object_hook", "object_pairs_hook", "parse_float", "parse_int", "parse_constant")


@JSON.entry(
    "loads",
    doc="loads(s) of a known text (<= 64 KiB): parsed by Python's json; object_hook, "
    "object_pairs_hook, parse_float, parse_int and parse_constant are called as json calls "
    "them (library/jsonhooks.py); cls= is not modelled (unknown)",
)
def _json_loads(c: Call) -> Any:
    import json

    hooks = {k: v for k, v in c.kwargs.items() if k in _JSON_HOOKS and plain(v) is not None}
    if set(c.kwargs) - {"s", *_JSON_HOOKS}:
        return c.unknown("json.loads() with cls= or other keywords")
    if hooks:
        from driftcheck.parsers.source.library import jsonhooks

        return jsonhooks.loads_with_hooks(c, hooks, TEXT_MAX)
    return _parse_text(c, json.loads, "json")


class JSONDecoderValue:
    """``json.JSONDecoder()`` (no hooks): ``raw_decode(s, idx)`` and ``decode(s)`` of a known
    text parsed by Python's own decoder (a stream of concatenated documents read in a loop by
    ``raw_decode``, each call giving the document and the index after it). A text not known, a
    document it refuses or one holding non-JSON values is unknown, never a guess."""

    library_type = "json.JSONDecoder"

    def __init__(self, strict: bool) -> None:
        self.strict = strict

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name in ("raw_decode", "decode"):
            return BuiltinMethod(lambda a, k: self._decode(name, a, k))
        return Unknown(f"json.JSONDecoder attribute {name}")

    def _decode(self, name: str, a: list, k: dict) -> Any:
        import json

        what = f"json.JSONDecoder.{name}()"
        keys = ("s", "idx") if name == "raw_decode" else ("s",)
        if len(a) > len(keys) or set(k) - set(keys[len(a) :]):
            return Unknown(f"{what} with arguments not modelled")
        got = {
            **dict(zip(keys, (plain(x) for x in a), strict=False)),
            **{n: plain(v) for n, v in k.items()},
        }
        text, idx = got.get("s"), got.get("idx", 0)
        if not isinstance(text, str) or type(idx) is not int:
            return Unknown(f"{what} of a text or index not known statically")
        if len(text) > TEXT_MAX:
            return Unknown(f"{what} of a text over {TEXT_MAX} characters")
        try:
            out = getattr(json.JSONDecoder(strict=self.strict), name)(
                text, *((idx,) if name == "raw_decode" else ())
            )
        except Exception:  # noqa: BLE001 - json would raise: not decided statically
            return Unknown(f"{what} of a text the decoder refuses")
        doc = out[0] if name == "raw_decode" else out
        if not _plain_data(doc):
            return Unknown(f"{what} of a document with non-JSON values")
        return out


@JSON.entry(
    "JSONDecoder",
    doc="JSONDecoder() (strict= only): raw_decode(s, idx) and decode(s) of a known text (<= 64 "
    "KiB) by Python's json; hooks are not modelled (unknown)",
)
def _json_decoder(c: Call) -> Any:
    strict = c.plain(len(c.args), "strict", True)
    if c.args or set(c.kwargs) - {"strict"} or type(strict) is not bool:
        return c.unknown("json.JSONDecoder() with hooks or arguments not modelled")
    return JSONDecoderValue(strict)


AST = Group("ast", title="ast (texts)")


def _literal(v: Any, depth: int = 0) -> bool:
    """A literal of the kinds the analyzer models (no set, bytes or complex)."""
    if depth > 64:
        return False
    if isinstance(v, dict):
        return all(_literal(k, depth + 1) and _literal(x, depth + 1) for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return all(_literal(x, depth + 1) for x in v)
    return isinstance(v, (str, int, float, bool, type(None)))


@AST.entry(
    "literal_eval",
    doc="literal_eval(s) of a known text (<= 64 KiB): parsed by Python's ast.literal_eval "
    "(literals only, nothing run); a text it refuses raises its ValueError / SyntaxError; a "
    "set, bytes or complex value is unknown",
)
def _literal_eval(c: Call) -> Any:
    import ast

    if set(c.kwargs) - {"node_or_string"}:
        return c.unknown("ast.literal_eval() with keywords")
    text = c.plain(0, "node_or_string")
    from driftcheck.parsers.source.library.astnodes import ASTNode, literal_eval_node

    if isinstance(text, ASTNode):  # a node of ``ast.parse`` (library/astnodes.py)
        return literal_eval_node(c, text)
    if not isinstance(text, str):
        return c.unknown("ast.literal_eval() of a text not known statically")
    if len(text) > TEXT_MAX:
        return c.unknown(f"ast.literal_eval() of a text over {TEXT_MAX} characters")
    try:
        out = ast.literal_eval(text)
    except (ValueError, SyntaxError) as e:
        # CPython refuses a known text the same way every time (``literal_eval("GN")`` and
        # ``"a/b"``: ValueError, ``"1+"``: SyntaxError): the caller's ``except ValueError:
        # pass`` keeps the string (yacs' ``_decode_cfg_value``). An unknown there made the caller's
        # ``isinstance`` undecided and its recursive config merge ran to the depth bound.
        from pathlib import Path

        from driftcheck.parsers.source.interp.statements import Raised

        what = "SyntaxError" if isinstance(e, SyntaxError) else "ValueError"
        raise Raised(what, c.loc[1], Path(str(c.loc[0]))) from None
    except Exception:  # noqa: BLE001 - anything else (too deep, memory): not decided statically
        return c.unknown("ast.literal_eval() of a text it refuses")
    return out if _literal(out) else c.unknown("ast.literal_eval() of a value not modelled")


TOML = Group("tomllib", title="tomllib (texts)")


@TOML.entry(
    "loads",
    doc="loads(s) of a known text (<= 64 KiB): parsed by Python's tomllib (its parser's loop "
    "over the text, interpreted, ran past the loop budget); parse_float is not modelled",
)
def _toml_loads(c: Call) -> Any:
    import tomllib

    if set(c.kwargs) - {"s"}:
        return c.unknown("tomllib.loads() with parse_float")
    return _parse_text(
        Call(
            c.interp,
            c.qual,
            c.args[:1],
            {"stream": c.kwargs["s"]} if "s" in c.kwargs else {},
            c.loc,
        ),
        tomllib.loads,
        "toml",
    )


YAML = Group("yaml", title="yaml (texts)")


def _yaml_safe(c: Call) -> Any:
    import yaml

    if set(c.kwargs) - {"stream"}:
        return c.unknown(f"{c.qual}() with keyword arguments")
    return _parse_text(c, yaml.safe_load, "yaml")


YAML.add(
    "safe_load",
    _yaml_safe,
    "safe_load(s) of a known text (<= 64 KiB), or of a stream opened read-only on a file we "
    "read (library/pkgdata.py), by PyYAML's safe loader",
)


@YAML.entry(
    "load",
    doc="load(s, Loader=yaml.SafeLoader) of a known text, as safe_load; any other loader unknown",
)
def _yaml_load(c: Call) -> Any:
    import yaml

    loader = c.arg(1, "Loader")
    if getattr(plain(loader), "qual", None) not in ("yaml.SafeLoader", "yaml.CSafeLoader"):
        return c.unknown("yaml.load() with a loader other than SafeLoader")
    return _parse_text(Call(c.interp, c.qual, c.args[:1], {}, c.loc), yaml.safe_load, "yaml")


def _all_documents(text: str) -> list:
    import yaml

    return list(yaml.safe_load_all(text))


def _yaml_stream(c: Call) -> Any:
    """Every document of a multi-document stream (``---`` between them), parsed whole by
    PyYAML's safe loader: CPython's generator yields them in order; here an iterator over the
    parsed list (read once, as the generator is). One document the loader refuses, or a
    non-JSON value in any, leaves the whole stream unknown (never the documents before it)."""
    got = _parse_text(c, _all_documents, "yaml")
    return iter(got) if isinstance(got, list) else got


@YAML.entry(
    "safe_load_all",
    doc="safe_load_all(s) of a known text (<= 64 KiB): an iterator over its documents, parsed "
    "by PyYAML's safe loader; one document refused leaves the whole stream unknown",
)
def _yaml_safe_all(c: Call) -> Any:
    if set(c.kwargs) - {"stream"}:
        return c.unknown(f"{c.qual}() with keyword arguments")
    return _yaml_stream(c)


@YAML.entry(
    "load_all",
    doc="load_all(s, Loader=yaml.SafeLoader) of a known text, as safe_load_all; any other "
    "loader unknown",
)
def _yaml_load_all(c: Call) -> Any:
    loader = c.arg(1, "Loader")
    if getattr(plain(loader), "qual", None) not in ("yaml.SafeLoader", "yaml.CSafeLoader"):
        return c.unknown("yaml.load_all() with a loader other than SafeLoader")
    return _yaml_stream(Call(c.interp, c.qual, c.args[:1], {}, c.loc))


# ------------------------------------------------------------------ argparse.ArgumentParser
class _ParseError(Exception):
    pass


def _real_parser(kwargs: dict) -> Any:
    import argparse

    class Quiet(argparse.ArgumentParser):
        """A parser that never prints or exits: an error or ``--help`` is an exception."""

        def error(self, message: str) -> Any:  # noqa: D102
            raise _ParseError(message)

        def exit(self, status: int = 0, message: str | None = None) -> Any:  # noqa: D102
            raise _ParseError(message or f"exit {status}")

        def print_help(self, file: Any = None) -> None:  # noqa: D102
            raise _ParseError("help")

        def print_usage(self, file: Any = None) -> None:  # noqa: D102
            raise _ParseError("usage")

        def _read_args_from_files(self, arg_strings: list) -> list:
            """CPython's expansion of ``@file`` arguments (``fromfile_prefix_chars``), each
            file's text read by ``dc_read`` (a scratch file the code wrote, library/
            scratchfs.py) instead of the disk: its lines, each converted by
            ``convert_arg_line_to_args`` (one argument a line), expanded again. A file not
            readable statically is a parse we do not model."""
            read = getattr(self, "dc_read", None)
            out: list = []
            for arg in arg_strings:
                if not arg or arg[0] not in self.fromfile_prefix_chars:
                    out.append(arg)
                    continue
                if read is None:
                    raise _ParseError(f"an arguments file {arg[1:]!r} not read statically")
                inner = [
                    a
                    for line in read(arg[1:]).splitlines()
                    for a in self.convert_arg_line_to_args(line)
                ]
                out.extend(self._read_args_from_files(inner))
            return out

    return Quiet(**kwargs)


_PARSER_KW = (
    "prog usage description epilog prefix_chars argument_default conflict_handler add_help "
    "allow_abbrev fromfile_prefix_chars"
).split()
_ARG_TYPES = {"builtins.int": int, "builtins.float": float, "builtins.str": str}
# argparse's own public action classes, named as ``action=``: the real class (session 34)
_ARG_ACTIONS = ("argparse.BooleanOptionalAction",)


def _real_value(v: Any, depth: int = 0) -> Any:
    """A plain Python value of an abstract one, or raise _ParseError."""
    v = plain(v)
    if isinstance(v, (str, int, float, bool, type(None))):
        return v
    if isinstance(v, (list, tuple)) and depth < 4:
        return type(v)(_real_value(x, depth + 1) for x in v)
    if isinstance(v, Ext) and not isinstance(v, Unknown) and v.qual in _ARG_TYPES:
        return _ARG_TYPES[v.qual]
    if isinstance(v, Ext) and not isinstance(v, Unknown) and v.qual in _ARG_ACTIONS:
        import argparse

        return getattr(argparse, v.qual.split(".", 1)[1])
    raise _ParseError(f"a value not known statically ({type(v).__name__})")


class UnknownDefault:
    """An ``add_argument(default=...)`` whose value is not known statically (``default=
    os.environ.get("DATA", ...)``: the environment is the user's). Not a string, so argparse
    never converts it with ``type``; left as the default, the parsed field is unknown (the
    other fields stay known: a data path once made the whole parse unknown)."""

    def __init__(self, why: str) -> None:
        self.why = why


def _replay_value(call: str, key: str, v: Any) -> Any:
    try:
        return _real_value(v)
    except _ParseError as e:
        if (call == "add_argument" and key == "default") or call == "set_defaults":
            # ``set_defaults(func=train)`` (a sub-command's handler): that field is unknown,
            # the others stay known
            return UnknownDefault(f"argument default not known statically ({e})")
        raise


class ParserValue:
    """``argparse.ArgumentParser(...)`` with its ``add_argument`` / ``set_defaults`` /
    ``add_argument_group`` / ``add_mutually_exclusive_group`` calls replayed on a real parser
    of Python's argparse (made quiet: an error or ``--help`` is an exception, never output or an
    exit). ``parse_args(argv)`` with a known list of strings gives the Namespace Python would
    give, as a config object; ``parse_args()`` reads ``sys.argv``, which is not known
    statically (unknown); so is an argument with a ``type`` or ``action`` that is not a plain
    builtin (a function of analyzed code)."""

    library_type = "argparse.ArgumentParser"
    # a module-level parser is filled by the ``add_argument`` statements after it (a script's
    # ``parser = ArgumentParser()`` / ``parser.add_argument(...)`` / ``args = parser.parse_args([])``
    # read lazily from a class: interp/modglobals.py replays them only on a mutable value)
    library_mutable = True

    def __init__(self, real: Any, broken: str | None = None, target: Any = None) -> None:
        self.real = real  # the real parser, or a group of it
        self.root = self if target is None else target
        self.broken = broken  # why the parse is not modelled, once an argument was not replayed
        self.subs: list[ParserValue] = []  # the sub-command parsers (``add_subparsers``)
        self.interp: Any = None  # set on a root parser: ``@file`` arguments read its scratch

    def _args_file(self, path: str) -> str:
        """The text of an ``@file`` argument: a file the code wrote into a live temporary
        directory (library/scratchfs.py); any other path is not read (a parse not modelled)."""
        from driftcheck.parsers.source.library import scratchfs

        got = (
            scratchfs.read_text(self.interp, path, "an @file argument")
            if scratchfs.is_scratch(path)
            else Unknown(f"arguments file {path} outside a temporary directory")
        )
        if not isinstance(got, str):
            raise _ParseError(f"an arguments file not known statically ({got})"[:200])
        return got

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name in ("add_argument", "set_defaults"):
            return BuiltinMethod(lambda a, k: self._replay(name, a, k))
        if name in ("add_argument_group", "add_mutually_exclusive_group"):
            return BuiltinMethod(lambda a, k: self._group(name, a, k))
        if name == "add_subparsers" and self.root is self:
            return BuiltinMethod(lambda a, k: self._subparsers(a, k))
        if name in ("parse_args", "parse_known_args"):
            return BuiltinMethod(lambda a, k: self.root._parse(name, a, k))
        return Unknown(f"ArgumentParser.{name}")

    def _replay(self, name: str, a: list, k: dict) -> Any:
        root = self.root
        try:
            args = [_real_value(x) for x in a]
            kw = {key: _replay_value(name, key, v) for key, v in k.items()}
            if (
                name == "add_argument"
                and isinstance(kw.get("action"), type)
                and f"argparse.{kw['action'].__name__}" not in _ARG_ACTIONS
            ):
                raise _ParseError("a custom action")
            getattr(self.real, name)(*args, **kw)
        except Exception as e:  # noqa: BLE001 - argparse would raise, or a value unknown
            root.broken = root.broken or f"{name}: {e}"[:200]
        return None

    def _group(self, name: str, a: list, k: dict) -> Any:
        try:
            kw = {key: _real_value(v) for key, v in k.items()}
            real = getattr(self.real, name)(*[_real_value(x) for x in a], **kw)
        except Exception as e:  # noqa: BLE001
            self.root.broken = self.root.broken or f"{name}: {e}"[:200]
            return Unknown(f"ArgumentParser.{name}")
        return ParserValue(real, target=self.root)

    def _subparsers(self, a: list, k: dict) -> Any:
        """``add_subparsers(dest=..., required=...)``: replayed on the real parser (whose
        ``parser_class`` is the quiet one); its ``add_parser`` gives sub-command parsers."""
        try:
            if a:
                raise _ParseError("add_subparsers() with positional arguments")
            kw = {key: _real_value(v) for key, v in k.items()}
            real = self.real.add_subparsers(**kw)
        except Exception as e:  # noqa: BLE001 - argparse would raise, or a value unknown
            self.broken = self.broken or f"add_subparsers: {e}"[:200]
            return Unknown("ArgumentParser.add_subparsers")
        return _Subparsers(real, self)

    def broken_any(self) -> str | None:
        """Why this parser's parse is not modelled: its own replay or a sub-command's."""
        if self.broken:
            return self.broken
        return next((b for p in self.subs if (b := p.broken_any())), None)

    def _parse(self, name: str, a: list, k: dict) -> Any:
        argv = a[0] if a else k.get("args")
        if argv is None or (a and plain(a[0]) is None):
            return Unknown(f"{name}() of sys.argv (the command line is not known statically)")
        broken = self.broken_any()
        if broken:
            return Unknown(f"{name}() of a parser with {broken}")
        try:
            real_argv = _real_value(argv)
            if not isinstance(real_argv, (list, tuple)) or not all(
                isinstance(s, str) for s in real_argv
            ):
                raise _ParseError("argv not a list of strings")
            if k.get("namespace") is not None or len(a) > 1:
                raise _ParseError("a namespace argument")
            if getattr(self.real, "fromfile_prefix_chars", None) and self.interp is not None:
                self.real.dc_read = self._args_file
            got = getattr(self.real, name)(list(real_argv))
        except Exception as e:  # noqa: BLE001 - argparse would exit: not decided statically
            return Unknown(f"{name}() that would fail ({e})"[:200])
        ns, rest = got if name == "parse_known_args" else (got, None)
        fields = {
            f: Unknown(v.why) if isinstance(v, UnknownDefault) else v for f, v in vars(ns).items()
        }
        if not all(_plain_data(v) or isinstance(v, (tuple, Unknown)) for v in fields.values()):
            return Unknown(f"{name}() giving values that are not plain")
        # an ``argparse.Namespace`` (made_by: ``dir()`` of it, and ``forward``'s reads of a
        # head count off it are a settings object's, as a SimpleNamespace's; reimplfix36)
        cfg = Config(fields=fields, origin=None, lines={}, made_by="argparse.Namespace")
        return cfg if rest is None else (cfg, list(rest))


class _Subparsers:
    """The action ``add_subparsers`` returns: ``add_parser(name, ...)`` makes a sub-command
    parser on the real action; its ``add_argument`` calls are replayed on it, and a replay it
    cannot make leaves the parent's parse unknown (``ParserValue.broken_any``)."""

    library_type = "argparse._SubParsersAction"
    library_mutable = True

    def __init__(self, real: Any, parent: ParserValue) -> None:
        self.real, self.parent = real, parent

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name == "add_parser":
            return BuiltinMethod(self._add_parser)
        return Unknown(f"add_subparsers().{name}")

    def _add_parser(self, a: list, k: dict) -> Any:
        try:
            args = [_real_value(x) for x in a]
            kw = {key: _real_value(v) for key, v in k.items()}
            real = self.real.add_parser(*args, **kw)
        except Exception as e:  # noqa: BLE001 - argparse would raise, or a value unknown
            self.parent.broken = self.parent.broken or f"add_parser: {e}"[:200]
            return Unknown("add_subparsers().add_parser")
        sub = ParserValue(real)
        self.parent.subs.append(sub)
        return sub


AP = Group("argparse", title="argparse (parser)")


@AP.entry(
    "ArgumentParser",
    doc="ArgumentParser(...): add_argument/set_defaults/groups replayed on Python's own argparse; "
    "parse_args(known list) gives its Namespace, parse_args() of sys.argv is unknown",
)
def _argument_parser(c: Call) -> Any:
    try:
        kw = {k: _real_value(v) for k, v in c.kwargs.items() if k in _PARSER_KW}
        if c.args:
            kw["prog"] = _real_value(c.args[0])
        out = ParserValue(_real_parser(kw))
        out.interp = c.interp
        return out
    except Exception:  # noqa: BLE001
        return c.unknown("ArgumentParser() with arguments not known statically")


# ------------------------------------------------------------------ complex views
T = Group("torch", title="torch (complex views)")


def _dims(v: Any) -> tuple[int, ...] | None:
    v = plain(v)
    if isinstance(v, Tensor) and isinstance(v.shape, tuple):
        dims = tuple(plain(d) for d in v.shape)
        if all(isinstance(d, int) and not isinstance(d, bool) for d in dims):
            return dims
    return None


@T.entry(
    "view_as_real",
    doc="view_as_real(t) of a complex tensor: t's shape with a last dim of 2 (real, imag)",
)
def _view_as_real(c: Call) -> Any:
    s = _dims(c.arg(0, "input"))
    return Tensor(s + (2,) if s is not None else Unknown(f"{c.qual}() at {c.where}"))


@T.entry(
    "view_as_complex",
    doc="view_as_complex(t) of a tensor whose last dim is 2: t's shape without it",
)
def _view_as_complex(c: Call) -> Any:
    s = _dims(c.arg(0, "input"))
    if s is None or not s or s[-1] != 2:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    return Tensor(s[:-1])


# ------------------------------------------------------------------ inherited dataclass __init__
def _dataclass_init(node: ast.ClassDef) -> bool:
    """Whether ``@dataclass`` (or ``@dataclass(...)`` without ``init=False``) generates this
    class's ``__init__``."""
    for d in node.decorator_list:
        fn = d.func if isinstance(d, ast.Call) else d
        name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
        if name != "dataclass":
            continue
        if isinstance(d, ast.Call):
            for kw in d.keywords:
                if kw.arg == "init":
                    return isinstance(kw.value, ast.Constant) and kw.value.value is True
        return True
    return False


def dataclass_keeps_init(node: ast.ClassDef) -> bool:
    """Whether ``@dataclass`` leaves this class's ``__init__`` as it is: the class defines its
    own (``dataclasses`` never overwrites it) or says ``init=False``; then ``C(...)`` runs that
    ``__init__`` (or a base's), not the generated one, and no ``__post_init__``."""
    decorated = any(
        (d.func if isinstance(d, ast.Call) else d).__class__ in (ast.Name, ast.Attribute)
        and unparse_name(d.func if isinstance(d, ast.Call) else d) == "dataclass"
        for d in node.decorator_list
    )
    if not decorated:
        return False
    own = any(
        isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == "__init__"
        for st in node.body
    )
    return own or not _dataclass_init(node)


def unparse_name(e: ast.expr) -> str | None:
    """The last name of ``dataclass`` / ``dataclasses.dataclass``."""
    return e.attr if isinstance(e, ast.Attribute) else getattr(e, "id", None)


def inherited_dataclass(classes: Any, cls: Any, after: Any = None) -> Any:
    """The dataclass whose generated ``__init__`` ``cls(...)`` (or ``super().__init__`` after
    ``after``) runs: the first class in the MRO that has an ``__init__``, when that class is a
    ``@dataclass`` that does not define one itself (torchvision's ``FusedMBConvConfig``
    calling ``super().__init__(...)`` of ``@dataclass _MBConvConfig``); else None."""
    mro = cls.mro()
    if after is not None and after in mro:
        mro = mro[mro.index(after) + 1 :]
    for c in mro:
        if not isinstance(c, Cls):
            return None
        if any(
            isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == "__init__"
            for st in c.node.body
        ):
            return None
        if _dataclass_init(c.node):
            return c
        ok, _ = classes.class_attr(c, "__init__")  # ``__init__ = other_init`` in the body
        if ok:
            return None
    return None


# ------------------------------------------------------------------ globals()
class ModGlobals:
    """The dict ``globals()`` returns in a module of the analyzed code, read lazily: ``name in
    globals()`` and ``globals()[name]`` (geffnet's ``create_model``: ``if model_name in
    globals(): create_fn = globals()[model_name]``) look the name up as the module's own
    namespace would hold it; anything else about it is unknown."""

    __slots__ = ("mod",)

    def __init__(self, mod: Any) -> None:
        self.mod = mod


_MODULE_NAMES = frozenset(("__name__", "__file__", "__doc__", "__package__", "__spec__"))


def globals_has(ip: Any, mod: Any, name: Any, depth: int = 0) -> Any:
    """``name in globals()`` of ``mod``: True where the module binds it (its own statements,
    an import, or a star import whose module exports it: its ``__all__`` when it has one,
    else its public names), else unknown (a star import we cannot read, a binding made at
    run time) -- never False on our reading."""
    if not isinstance(name, str):
        return Unknown("a key of globals() that is not a string")
    if name in mod.defs or name in mod.assigns or name in mod.imports or name in _MODULE_NAMES:
        return True
    if name in ip.globals.get(id(mod), {}):  # bound at run time (``setattr(sys.modules[...])``)
        return True
    if depth < 3:
        from driftcheck.parsers.source.stoplist import is_stop

        for star in mod.stars:
            sub = None if is_stop(star) else ip.names.module(star)
            if sub is None or not _exports(ip, sub, name):
                continue
            if globals_has(ip, sub, name, depth + 1) is True:
                return True
    return Unknown(f"{name!r} in globals(): not bound in {mod.path.name} as we read it")


def _exports(ip: Any, sub: Any, name: str) -> bool:
    """Whether ``from sub import *`` binds ``name``: listed in a ``__all__`` we can read, or
    public where there is no ``__all__``."""
    if "__all__" not in sub.assigns and "__all__" not in sub.defs:
        return not name.startswith("_")
    names = plain(ip.names.global_lookup(sub, "__all__"))
    return isinstance(names, (list, tuple)) and name in names


def globals_write(ip: Any, g: ModGlobals, method: str, args: list, kwargs: dict) -> Any:
    """``globals().update(mapping, **kw)`` / ``globals().setdefault(name, value)``: the
    module's namespace written (``globals()[k] = v`` is interp/items.py). A mapping we cannot
    read is an unknown result and writes nothing we could name."""
    ns = ip.globals.setdefault(id(g.mod), {})
    if method == "setdefault":
        key = plain(args[0]) if args else None
        if not isinstance(key, str) or len(args) > 2 or kwargs:
            return Unknown("globals().setdefault() of a key not known")
        if key in ns:
            return ns[key]
        if globals_has(ip, g.mod, key) is True:
            # bound by a statement of the module: whether it has run yet is not known here
            return Unknown(f"globals().setdefault({key!r}) of a name the module binds")
        ns[key] = args[1] if len(args) > 1 else None
        return ns[key]
    if len(args) > 1:
        return Unknown("globals().update() with more than one mapping")
    out: dict[str, Any] = {}
    if args:
        m = plain(args[0])
        if isinstance(m, (list, tuple)):
            try:
                m = dict(plain(x) for x in m)
            except (TypeError, ValueError):
                return Unknown("globals().update() of pairs not known")
        if not isinstance(m, dict) or not all(isinstance(k, str) for k in m):
            return Unknown("globals().update() of a mapping not known")
        out.update(m)
    out.update(kwargs)
    ns.update(out)
    return None


def globals_get(ip: Any, g: ModGlobals, name: Any) -> Any:
    """``globals()[name]``: the module's binding where ``globals_has`` finds it, else unknown."""
    if globals_has(ip, g.mod, name) is not True:
        return Unknown(f"globals()[{name!r}] in {g.mod.path.name}")
    return ip.names.global_lookup(g.mod, name)


def globals_get_or(ip: Any, g: ModGlobals, args: list, kwargs: dict) -> Any:
    """``globals().get(name[, default])``: the module's binding where ``globals_has`` finds
    it; else unknown (never the default: a binding made at run time is not in our reading)."""
    if not args or len(args) > 2 or kwargs:
        return Unknown("globals().get with these arguments")
    name = plain(args[0])
    if globals_has(ip, g.mod, name) is not True:
        return Unknown(f"globals().get({name!r}) in {g.mod.path.name}")
    return ip.names.global_lookup(g.mod, name)


# ------------------------------------------------------------------ inspect.getmembers
# ``inspect.getmembers(obj, predicate)`` is ``dir(obj)`` (the names of the instance's
# ``__dict__`` and of every class in its MRO, ``object`` included), each read by ``getattr``,
# kept where ``predicate(value)`` is true, sorted by name. The members ``object`` (and
# ``type()``, for ``__dict__`` / ``__module__`` / ``__weakref__`` / ``__doc__``) gives are slot
# wrappers, method-wrappers, builtin methods, a type, a dict, a str or None: neither a method
# nor a function, so under ``inspect.ismethod`` / ``inspect.isfunction`` only the names the
# analyzed classes and the instance bind can be kept, and each of those is decided by the
# same predicate run on its value here. Any other predicate (or none: every builtin member
# would be listed), a class with its own ``__dir__`` / ``__getattribute__`` / ``__slots__``
# or metaclass, a library base, or a member we cannot read is unknown.
_MEMBER_PREDICATES = {"inspect.ismethod": "method", "inspect.isfunction": "function"}
# a class's own listing or lookup, and the methods Python makes class- or static methods
# without a decorator (``__init_subclass__``, ``__class_getitem__``, ``__new__``)
_MEMBER_HOOKS = (
    "__dir__",
    "__getattribute__",
    "__slots__",
    "__init_subclass__",
    "__class_getitem__",
    "__new__",
)


def _member_classes(c: Call, x: Any) -> list | None:
    """The analyzed classes whose names ``dir(x)`` lists (``x`` an instance or a class), or
    None where that list is not the plain one."""
    cls = x if isinstance(x, Cls) else x.cls
    if not isinstance(cls, Cls):
        return None
    out = []
    for k in cls.mro():
        if isinstance(k, Cls):
            if k.node.keywords or any(defines_hook(k, h) for h in _MEMBER_HOOKS):
                return None
            out.append(k)
        elif getattr(k, "qual", "") != "builtins.object":
            return None
    return out


def defines_hook(cls: Cls, name: str) -> bool:
    from driftcheck.parsers.source.interp.dunders import body_binds

    return body_binds(cls, name)


@INS.entry(
    "getmembers",
    doc="getmembers(obj, inspect.ismethod / inspect.isfunction): the (name, value) pairs of "
    "an analyzed instance or class the predicate keeps, sorted by name; unknown for any other "
    "predicate or a member we cannot read",
)
def _getmembers(c: Call) -> Any:
    from driftcheck.parsers.source.library.classvars import class_vars

    if not c.args or len(c.args) > 2 or set(c.kwargs) - {"predicate"}:
        return c.unknown("inspect.getmembers() with these arguments")
    x = plain(c.args[0])
    pred = plain(c.arg(1, "predicate"))
    want = _MEMBER_PREDICATES.get(getattr(pred, "qual", None)) if isinstance(pred, Ext) else None
    if want is None:
        return c.unknown("inspect.getmembers() with a predicate we do not run")
    if not (isinstance(x, Cls) or (x.__class__ is Obj and not x.kind and not x.module)):
        return c.unknown("inspect.getmembers() of a value we cannot list")
    classes = _member_classes(c, x)
    if classes is None:
        return c.unknown("inspect.getmembers() of a class with its own dir() or a library base")
    names: set[str] = set()
    for k in classes:
        ns = class_vars(c, k)
        if not isinstance(ns, dict):
            return c.unknown(f"inspect.getmembers(): {ns.why}")
        names.update(n for n in ns if n not in ("__module__", "__doc__"))  # a str or None
    if not isinstance(x, Cls):
        own = plain(c.interp.attrs.getattr(x, "__dict__"))
        if not isinstance(own, dict) or not all(isinstance(k, str) for k in own):
            return c.unknown("inspect.getmembers() of an instance whose __dict__ is unknown")
        names.update(own)
    if any(n.startswith("__") and not n.endswith("__") for n in names):
        # ``def __helper`` is stored as ``_C__helper`` (name mangling): not listed here
        return c.unknown("inspect.getmembers() of a class with a private (mangled) name")
    out = []
    for name in sorted(names):  # ``object``'s own members: neither (above)
        v = c.interp.attrs.getattr(x, name)
        k = _kind(Call(c.interp, c.qual, [v], {}, c.loc))
        if isinstance(k, Unknown):
            return c.unknown(f"inspect.getmembers(): the member {name} ({k.why})")
        if k == want:
            out.append((name, v))
    return out
