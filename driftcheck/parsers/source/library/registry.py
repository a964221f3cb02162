"""The registry of modelled callables: one entry per qualified name.

An entry is a function of one ``Call`` (the interpreter, the arguments as abstract values, the
call site) returning an abstract value, plus a one-line doc. Entries are declared by group
(``builtins``, ``functools``, ``torch``...) in the files of this package; the interpreter looks a
callee's qualified name up here before its generic rules (torch layers read from torch's
source, unknown classes). Adding a modelled function is adding one entry in one file; the table
in docs/library.md is generated from this registry (``python tools/gen_library_docs.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from driftcheck.parsers.source.values.abstract import Unknown, plain


@dataclass
class Call:
    """One call of a modelled function: what an entry is given."""

    interp: Any
    qual: str
    args: list[Any]
    kwargs: dict[str, Any]
    loc: tuple

    def arg(self, i: int, name: str | None = None, default: Any = None) -> Any:
        """The argument at position ``i`` or keyword ``name`` (abstract, not unwrapped)."""
        if i < len(self.args):
            return self.args[i]
        if name is not None and name in self.kwargs:
            return self.kwargs[name]
        return default

    def plain(self, i: int, name: str | None = None, default: Any = None) -> Any:
        return plain(self.arg(i, name, default))

    @property
    def where(self) -> str:
        """``file:line`` of the call, for notes."""
        return f"{self.loc[0]}:{self.loc[1]}"

    def unknown(self, what: str | None = None) -> Unknown:
        """An honest unknown naming the construct and the call site."""
        return Unknown(f"{what or self.qual + '()'} at {self.where}")


Impl = Callable[[Call], Any]


@dataclass(frozen=True)
class Entry:
    qual: str  # the callee's qualified name, as imports spell it (``functools.partial``)
    group: str  # the module group it is documented under
    doc: str
    impl: Impl
    aliases: tuple[str, ...] = ()  # other qualified names of the same callable


REGISTRY: dict[str, Entry] = {}


@dataclass(frozen=True)
class Rule:
    """An entry for a family of names (``torch.nn.init.*``, transformers' ``is_*_available``):
    asked, in declaration order, when no entry has the exact name."""

    pattern: str  # as documented: ``torch.nn.init.*``
    group: str
    doc: str
    impl: Impl
    match: Callable[[str], bool]


RULES: list[Rule] = []


class Group:
    """Declares the entries of one module: ``G = Group("functools")``, then
    ``@G.entry("partial", "doc")`` registers ``functools.partial``."""

    def __init__(self, module: str, *aliases: str, title: str | None = None) -> None:
        self.module = module
        self.aliases = aliases  # other module paths the same names are reached by
        self.title = title or module

    def entry(self, *names: str, doc: str, also: tuple[str, ...] = ()) -> Callable[[Impl], Impl]:
        def deco(fn: Impl) -> Impl:
            for name in names:
                self.add(name, fn, doc, *also)
            return fn

        return deco

    def rule(self, pattern: str, match: Callable[[str], bool], doc: str) -> Callable[[Impl], Impl]:
        def deco(fn: Impl) -> Impl:
            RULES.append(Rule(pattern, self.title, doc, fn, match))
            return fn

        return deco

    def add(self, name: str, fn: Impl, doc: str, *also: str) -> Entry:
        quals = [f"{m}.{name}" for m in (self.module, *self.aliases)] + list(also)
        e = Entry(quals[0], self.title, doc, fn, tuple(quals[1:]))
        for q in quals:
            if q in REGISTRY:
                raise ValueError(f"library entry {q} declared twice")
            REGISTRY[q] = e
        return e


GROUP_MODULES = (
    "python",
    "stdlib",
    "inifiles",
    "configtexts",
    "ctxvars",
    "asynciolib",
    "scratchfs",
    "arrays",
    "torchfns",
    "einopslib",
    "hf",
    "wildlib",
    "dispatch",
    "npdtypes",
    "peftlib",
    "pydmodels",
    "pdoffsets",
    "omegaconflib",
    "pkgdata",
    "npshapes",
    "dacitelib",
    "mrolib",
    "pyprotocols",
    "torchsurgery",
    "pkgversion",
    "fxgraph",
    "torchfunc",
    "buildcalls",
    "beartypelib",
    "scipyopt",
    "metacall",
    "purecalls",
    "sqlitedb",
    "saxparse",
    "warnfilters",
    "threads",
    "npsplits",
    "lengthhint",
    "astnodes",
    "npnumbers",
    "npindex",
    "urlparts",
)
_loaded: list[bool] = []
# The qualified-name prefixes each group module declares its entries and rules under (a
# ``Group``'s module and aliases, ``also=`` names, rule patterns): the ``lazy_groups`` speed
# mechanism loads a module when a name under one of its prefixes is first looked up, not all
# fourteen at the first lookup (configparser, xml.etree, shlex and the pandas, pydantic and
# numpy-dtype tables are imported by few analyses). A name is under a prefix when it is the
# prefix or starts with it and a dot. A declaration outside its module's prefixes would be
# missed by a lazy lookup: ``tests/test_library_lazy.py`` checks every one, and that lookups
# are identical with the mechanism off.
GROUP_PREFIXES: dict[str, tuple[str, ...]] = {
    "python": ("builtins", "inspect"),
    "stdlib": (
        "functools",
        "itertools",
        "heapq",
        "math",
        "operator",
        "collections",
        "typing",
        "typing_extensions",
        "importlib",
        "os",
        "copy",
        "copyreg",
        "weakref",
        "_weakref",
        "keyword",
        "re",
        "fnmatch",
        "dataclasses",
        "types",
        "argparse",
        "enum",
        "pydantic",
        "attrs",
        "attr",
        "inspect",
        "pickle",
        "contextlib",
        "random",
        "unittest.mock",
    ),
    "inifiles": ("configparser",),
    "configtexts": (
        "shlex",
        "io",
        "csv",
        "xml.etree.ElementTree",
        "xml.etree.cElementTree",
        "xml.dom.minidom",
        "string",
        "fractions",
        "dataclasses",
        "struct",
        "tokenize",
        "decimal",
        "http.cookies",
        "datetime",
    ),
    "ctxvars": ("contextvars",),
    "asynciolib": ("asyncio",),
    "scratchfs": ("tempfile",),
    "arrays": ("numpy", "scipy.linalg", "scipy.signal"),
    "torchfns": ("torch",),
    "einopslib": ("einops",),
    "hf": ("transformers",),
    "wildlib": ("inspect", "re", "builtins", "json", "ast", "tomllib", "yaml", "argparse", "torch"),
    "dispatch": ("functools",),
    "npdtypes": ("numpy",),
    "peftlib": ("peft",),
    "pydmodels": ("pydantic",),
    "pdoffsets": ("pandas.tseries.frequencies", "pandas._libs.tslibs"),
    "omegaconflib": ("omegaconf", "hydra"),
    "pkgdata": ("builtins", "pathlib", "importlib", "json", "io"),
    "npshapes": ("numpy",),
    "npsplits": ("numpy",),
    "npnumbers": ("numpy",),
    "npindex": ("numpy",),
    "lengthhint": ("operator",),
    "astnodes": ("ast",),
    "dacitelib": ("dacite",),
    "mrolib": ("inspect",),
    "pyprotocols": ("array", "typing", "typing_extensions"),
    "torchsurgery": ("torch",),
    "pkgversion": ("packaging",),
    "fxgraph": ("torch.fx",),
    "torchfunc": ("torch.func",),
    "buildcalls": ("torch", "os", "builtins"),
    "beartypelib": ("beartype",),
    "scipyopt": ("scipy.optimize",),
    "metacall": ("abc",),
    "purecalls": (
        "base64",
        "binascii",
        "plistlib",
        "html",
        "unicodedata",
        "json",
        "zlib",
        "gzip",
        "lzma",
        "bz2",
        "hashlib",
        "codecs",
        "difflib",
        "quopri",
        "marshal",
        "sys",
        "calendar",
        "cmath",
        "getopt",
        "statistics",
    ),
    "sqlitedb": ("sqlite3",),
    "saxparse": ("xml.sax",),
    "warnfilters": ("warnings",),
    "threads": ("threading",),
    "urlparts": ("urllib.parse",),
}
# prefix -> the group modules declaring names under it, in ``GROUP_MODULES`` order
_BY_PREFIX: dict[str, tuple[str, ...]] = {
    p: tuple(m for m in GROUP_MODULES if p in GROUP_PREFIXES[m])
    for p in {p for ps in GROUP_PREFIXES.values() for p in ps}
}
# the group modules a lazy lookup has not loaded yet, and the names it was asked (each name's
# modules are loaded the first time it is asked)
_pending = list(GROUP_MODULES)
_asked: set[str] = set()


def load() -> None:
    """Declare every entry (the group modules import what their entries need, which may
    import the interpreter: they are loaded on first use, not with this module)."""
    if not _loaded:
        _loaded.append(True)
        for m in GROUP_MODULES:
            importlib.import_module(f"driftcheck.parsers.source.library.{m}")
        _pending.clear()


def load_for(qual: str) -> None:
    """Declare the entries a lookup of ``qual`` may find: with ``lazy_groups`` on (the
    ``Speed`` in force), the group modules whose prefixes cover ``qual`` and were not loaded
    yet; off, every group (as ``load``). Modules load in ``GROUP_MODULES`` order. Rules are
    asked in the order their modules loaded, which may differ from an eager load's; no two
    groups' rules share a prefix (``tests/test_library_lazy.py``), so no name matches rules
    of two modules and the order cannot change an answer."""
    _asked.add(qual)
    from driftcheck.speed import current

    if not current().lazy_groups:
        load()
        return
    parts = qual.split(".")
    want: set[str] = set()
    for i in range(1, len(parts) + 1):
        want.update(_BY_PREFIX.get(".".join(parts[:i]), ()))
    for m in [m for m in _pending if m in want]:
        importlib.import_module(f"driftcheck.parsers.source.library.{m}")
        _pending.remove(m)
    if not _pending:
        _loaded.append(True)


def lookup(qual: str) -> Entry | Rule | None:
    if not _loaded and qual not in _asked:
        load_for(qual)
    e = REGISTRY.get(qual)
    if e is not None:
        return e
    for r in RULES:
        if r.match(qual):
            return r
    return None


def entries() -> list[Entry]:
    """Every entry once, in declaration order."""
    load()
    seen: dict[int, Entry] = {}
    for e in REGISTRY.values():
        seen.setdefault(id(e), e)
    return list(seen.values())
