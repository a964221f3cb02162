"""Pure standard-library functions of constant data, evaluated by CPython itself.

Sizes reach model code through stdlib decoders of data the file itself holds: a base64 blob
decoded and parsed as JSON, a quoted-printable mail body, an Apple property list, an HTML-escaped text, a hex-encoded header. These modules are names to the interpreter (``stoplist.EXT_TOPS``; ``html``
itself; ``html.parser`` is modelled by library/htmlparse.py: ``stoplist.PURE_STOPS``), never read from source. Each function listed here is pure (no file, network, clock, environment or
randomness; the same arguments give the same result in every process), deterministic and
linear in its input. When every argument is a known constant of a plain type (str, bytes, int,
float, bool, None, and lists, tuples and dicts of them) of no more than ``TEXT_MAX`` characters
or items in all, the call is made in CPython and its result, when
it is plain data again (those types, lists, tuples and dicts of them, no more than ``OUT_MAX``
characters or bytes in all), is the value; anything else (an unknown argument, a keyword not
listed, a result holding a datetime or a named tuple) is an honest unknown naming the call, and
a call CPython refuses (bad padding, malformed XML) is unknown too, never a guess. One table
(``PURE``), one mechanism: adding a function is one row, proven against CPython in
tests/test_library.py.
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Unknown, UnknownPlain, plain

TEXT_MAX = 1 << 16  # characters / bytes of one argument evaluated statically
OUT_MAX = 1 << 18  # characters / bytes of a result kept (a longer one is unknown)
_SCALARS = (str, bytes, int, float, complex, bool, type(None))

# module -> (function names, keywords each may take (all plain constants))
PURE: dict[str, dict[str, tuple[str, ...]]] = {
    "base64": {
        "b64encode": ("altchars",),
        "b64decode": ("altchars", "validate"),
        "standard_b64encode": (),
        "standard_b64decode": (),
        "urlsafe_b64encode": (),
        "urlsafe_b64decode": (),
        "b32encode": (),
        "b32decode": ("casefold", "map01"),
        "b32hexencode": (),
        "b32hexdecode": ("casefold",),
        "b16encode": (),
        "b16decode": ("casefold",),
        "a85encode": ("foldspaces", "wrapcol", "pad", "adobe"),
        "a85decode": ("foldspaces", "adobe", "ignorechars"),
        "b85encode": ("pad",),
        "b85decode": (),
        "encodebytes": (),
        "decodebytes": (),
    },
    "binascii": {
        "hexlify": ("sep", "bytes_per_sep"),
        "unhexlify": (),
        "b2a_hex": ("sep", "bytes_per_sep"),
        "a2b_hex": (),
        "b2a_base64": ("newline",),
        "a2b_base64": ("strict_mode",),
        "crc32": (),
    },
    "plistlib": {"loads": (), "dumps": ("sort_keys", "skipkeys")},
    "html": {"escape": ("quote",), "unescape": ()},
    # the character database of the running CPython (``unicodedata.unidata_version``): a
    # Roman numeral's value, a digit's, a character's name / category
    "unicodedata": {
        "normalize": (),
        "numeric": (),
        "digit": (),
        "decimal": (),
        "name": (),
        "lookup": (),
        "category": (),
    },
    # text transforms by codec name (rot13, hex, base64, utf-8): only the codecs of CPython's
    # own ``encodings`` package (``_standard_codec``); a name another library or the analyzed
    # code registers is unknown
    "codecs": {"decode": ("encoding", "errors"), "encode": ("encoding", "errors")},
    # a fuzzy preset lookup: the closest keys by SequenceMatcher's ratio, deterministic
    "difflib": {"get_close_matches": ("n", "cutoff")},
    # JSON text of plain data (the inverse of json.loads, library/wildlib.py)
    "json": {"dumps": ("indent", "separators", "sort_keys", "ensure_ascii", "allow_nan")},
    # quoted-printable text (``=3D`` for ``=``: a mail body kept as it arrived)
    "quopri": {"decodestring": ("header",), "encodestring": ("quotetabs", "header")},
    # the interned copy of a text: equal to it (``is`` between texts compares their values,
    # ops/operators.py ``identical``: two interned equal texts are one object in CPython)
    "sys": {"intern": ()},
    # the proleptic Gregorian calendar: (first weekday, days) of a month, leap years
    "calendar": {"monthrange": (), "isleap": (), "leapdays": (), "weekday": ()},
    # complex arithmetic (``int(cmath.sqrt(-144).imag)``): IEEE results, the same everywhere
    "cmath": {
        n: ()
        for n in (
            "sqrt exp log log10 phase polar rect isfinite isinf isnan cos sin tan acos asin "
            "atan cosh sinh tanh acosh asinh atanh"
        ).split()
    }
    | {"isclose": ("rel_tol", "abs_tol")},
    # checksums of known bytes (deterministic: no salt, unlike hash() of a text)
    "zlib": {"crc32": (), "adler32": ()},
    # descriptive statistics of known numbers (exact arithmetic on fractions inside; a
    # Fraction / Decimal result, a named tuple (linear_regression), NormalDist: not plain)
    "statistics": {
        "mean": (),
        "fmean": ("weights",),
        "geometric_mean": (),
        "harmonic_mean": ("weights",),
        "median": (),
        "median_low": (),
        "median_high": (),
        "median_grouped": ("interval",),
        "mode": (),
        "multimode": (),
        "quantiles": ("n", "method"),
        "pstdev": ("mu",),
        "pvariance": ("mu",),
        "stdev": ("xbar",),
        "variance": ("xbar",),
        "correlation": (),
        "covariance": (),
    },
    # a command line kept as a list (``getopt.getopt(ARGV, "", ["emb_dim="])``): options with
    # and without arguments, ``--name=value``, ``--`` ending the options, an unambiguous
    # prefix of a long option; an unknown option (GetoptError) is a refused call, so unknown.
    # ``gnu_getopt`` reads the environment (POSIXLY_CORRECT) unless its option string starts
    # with ``+``: ``_gnu_getopt`` makes it only where the answer is the same either way
    "getopt": {"getopt": ("longopts",), "gnu_getopt": ("longopts",)},
}

# arguments a function only iterates (``for x in possibilities``): a dict there stands for its
# keys, its values never read (a registry of factories searched by name)
ITERATED: dict[tuple[str, str], tuple[int, ...]] = {("difflib", "get_close_matches"): (1,)}


class _NumpyScalarArg:
    """A numpy scalar other than float64 handed to CPython: an object of no builtin type."""

    __slots__ = ("np_name",)

    def __init__(self, np_name: str) -> None:
        self.np_name = np_name


def _holds_numpy(v: Any) -> bool:
    if isinstance(v, _NumpyScalarArg):
        return True
    if isinstance(v, (list, tuple)):
        return any(_holds_numpy(x) for x in v)
    if isinstance(v, dict):
        return any(_holds_numpy(k) or _holds_numpy(x) for k, x in v.items())
    return False


class _NotConstant(Exception):
    pass


class _EnvDependent(Exception):
    pass


def _gnu_getopt(args: Any, shortopts: Any, longopts: Any = ()) -> Any:
    """``getopt.gnu_getopt`` where its answer does not depend on the environment: an option
    string starting with ``+`` stops at the first non-option in every process; otherwise the
    call is made with that ``+`` (options first, as under POSIXLY_CORRECT) and kept when at
    most one program argument is left: the GNU scan differs only by going on past a
    non-option, and after the last argument there is nothing to go on to (and ``--`` ends
    both scans alike). Two or more left (after a non-option, or conservatively after ``--``):
    ``_EnvDependent``."""
    import getopt

    if not isinstance(shortopts, str) or shortopts.startswith("+"):
        return getopt.gnu_getopt(args, shortopts, longopts)
    opts, rest = getopt.gnu_getopt(args, "+" + shortopts, longopts)
    if len(rest) > 1:
        raise _EnvDependent
    return opts, rest


# functions made by a guarded copy of their own (a call whose answer can depend on the process)
GUARDED: dict[tuple[str, str], Any] = {("getopt", "gnu_getopt"): _gnu_getopt}


def _constant(v: Any, budget: list[int], depth: int = 0) -> Any:
    """A fresh CPython copy of a known argument: scalars of the plain types, and lists, tuples
    and dicts of them (``plistlib.dumps``' dict), within ``TEXT_MAX`` characters or items in
    all; anything else (an unknown, an object) raises ``_NotConstant``."""
    v = plain(v)
    t = type(v)
    if depth > 32:
        raise _NotConstant
    if getattr(v, "numpy_scalar", False):
        # a numpy scalar (library/npdtypes.py): a float64 is a float to CPython; any other is
        # no builtin number (``json.dumps`` refuses an ``np.int64``): a stand-in that no
        # CPython function takes as a number
        return float(v) if v.np_name == "float64" else _NumpyScalarArg(v.np_name)
    if t in (str, bytes):
        budget[0] -= len(v)
    elif t in (list, tuple, dict):
        budget[0] -= len(v)
    elif t not in _SCALARS:
        raise _NotConstant
    if budget[0] < 0:
        raise _NotConstant
    if t in (list, tuple):
        return t(_constant(x, budget, depth + 1) for x in v)
    if t is dict:
        out = {}
        for k, x in v.items():
            k = plain(k)
            if type(k) not in _SCALARS:
                raise _NotConstant
            out[k] = _constant(x, budget, depth + 1)
        return out
    return v


def _plain_out(v: Any, budget: list[int], depth: int = 0) -> bool:
    """Whether ``v`` is plain data of the exact builtin types, within the size budget."""
    if depth > 64:
        return False
    t = type(v)
    if t in (str, bytes):
        budget[0] -= len(v)
        return budget[0] >= 0
    if t in _SCALARS:
        return True
    if t in (list, tuple):
        budget[0] -= len(v)
        return budget[0] >= 0 and all(_plain_out(x, budget, depth + 1) for x in v)
    if t is dict:
        budget[0] -= len(v)
        return budget[0] >= 0 and all(
            type(k) in _SCALARS
            and _plain_out(k, budget, depth + 1)
            and _plain_out(x, budget, depth + 1)
            for k, x in v.items()
        )
    return False


def _standard_codec(c: Call) -> bool:
    """``codecs.decode`` / ``encode``'s codec name (default utf-8) names a codec of CPython's
    ``encodings`` package: the registry of this process may also hold codecs other libraries
    registered, whose functions are not CPython's (and the analyzed code's own ``register``
    is never run here)."""
    import codecs

    enc = plain(c.args[1]) if len(c.args) > 1 else plain(c.kwargs.get("encoding", "utf-8"))
    if not isinstance(enc, str):
        return False
    try:
        info = codecs.lookup(enc)
    except LookupError:
        return False
    mods = [str(getattr(f, "__module__", "") or "") for f in (info.encode, info.decode)]
    return all(m == "_codecs" or m.startswith("encodings.") for m in mods)


def evaluate(c: Call, module: str, name: str) -> Any:
    """``module.name(*args, **kwargs)`` made in CPython when every argument is a plain constant
    (an honest unknown otherwise)."""
    allowed = PURE[module][name]
    what = f"{module}.{name}()"
    if set(c.kwargs) - set(allowed):
        return c.unknown(f"{what} with keywords {sorted(set(c.kwargs) - set(allowed))}")
    if module == "codecs" and not _standard_codec(c):
        return c.unknown(f"{what} of a codec that is not CPython's own (or not known statically)")
    try:
        budget = [TEXT_MAX]
        keys_only = ITERATED.get((module, name), ())
        args = [
            _constant(list(plain(a)) if i in keys_only and type(plain(a)) is dict else a, budget)
            for i, a in enumerate(c.args)
        ]
        kwargs = {k: _constant(v, budget) for k, v in c.kwargs.items()}
    except _NotConstant:
        return c.unknown(f"{what} of arguments not known statically (or over {TEXT_MAX})")
    fn = GUARDED.get((module, name)) or getattr(importlib.import_module(module), name)
    try:
        out = fn(*args, **kwargs)
    except _EnvDependent:
        return c.unknown(f"{what} with program arguments: their place depends on POSIXLY_CORRECT")
    except TypeError:
        if (module, name) == ("json", "dumps") and _holds_numpy(args):
            # json's encoder refuses a numpy integer (or float32): ``TypeError: Object of
            # type int64 is not JSON serializable`` (numpy's scalars are no builtin numbers)
            from driftcheck.parsers.source.interp.statements import Raised

            if not c.interp.uncertain:
                raise Raised("TypeError", c.loc[1], c.loc[0]) from None
        return c.unknown(f"{what} that CPython refuses")
    except Exception:  # noqa: BLE001 - CPython refuses these arguments: not decided statically
        return c.unknown(f"{what} that CPython refuses")
    if not _plain_out(out, [OUT_MAX]):
        return c.unknown(f"{what} of a result that is not plain data (or over {OUT_MAX})")
    return out


def _entry(module: str, name: str) -> Any:
    def impl(c: Call) -> Any:
        return evaluate(c, module, name)

    impl.__name__ = f"_{module.replace('.', '_')}_{name}"
    return impl


for _module, _names in PURE.items():
    _group = Group(_module, title=f"{_module} (pure, evaluated by CPython)")
    for _name, _kws in _names.items():
        _group.add(
            _name,
            _entry(_module, _name),
            f"{_name}() of known constants: made in CPython (pure, bounded: arguments <= 64 KiB, "
            "a plain-data result); an unknown argument, another keyword or a refused call is "
            "unknown" + (f"; keywords {', '.join(_kws)}" if _kws else ""),
        )


# ---------------------------------------------------------------------------- compressors
# ``compress(data)`` of known bytes is a ``Packed`` value: its bytes are not known (a
# compressor's exact output depends on the library's version and gzip's header holds the clock)
# but it remembers ``data``; ``decompress`` of a ``Packed`` of the same module is ``data`` again
# (the round trip CPython guarantees), and of known constant bytes (a blob the file holds) is
# decompressed in CPython with a bound on the output (a stream that is not whole, has bytes after
# its end or inflates past ``OUT_MAX`` is unknown). Keywords that change the format (zlib's
# ``wbits``, lzma's ``format`` / ``filters`` / ``check``) are unknown, never guessed.
# module -> (keywords compress may take (levels only), the positional arguments it may take)
CODECS: dict[str, tuple[tuple[str, ...], int]] = {
    "zlib": (("level",), 2),
    "gzip": (("compresslevel", "mtime"), 2),
    "lzma": (("preset",), 1),
    "bz2": (("compresslevel",), 2),
}


class Packed(UnknownPlain):
    """``module.compress(data)``: bytes not known statically that decompress to ``data``."""

    __slots__ = ("codec", "data")

    def __init__(self, codec: str, data: bytes, why: str) -> None:
        super().__init__(why)
        self.codec = codec
        self.data = data


def _decompressor(codec: str) -> Any:
    import bz2
    import lzma
    import zlib

    if codec == "zlib":
        return zlib.decompressobj()
    if codec == "gzip":
        return zlib.decompressobj(wbits=31)
    if codec == "lzma":
        return lzma.LZMADecompressor()
    return bz2.BZ2Decompressor()


def _inflate(codec: str, blob: bytes) -> bytes | None:
    """``blob`` decompressed as one whole stream of ``codec`` in at most ``OUT_MAX`` bytes, or
    None (a truncated stream, trailing bytes, a larger output, a stream CPython refuses)."""
    d = _decompressor(codec)
    try:
        out = d.decompress(blob, OUT_MAX + 1)
    except Exception:  # noqa: BLE001 - CPython refuses the stream: not decided statically
        return None
    if len(out) > OUT_MAX or not d.eof or d.unused_data or getattr(d, "unconsumed_tail", b""):
        return None
    return out


def _compress(c: Call, codec: str) -> Any:
    kws, n_pos = CODECS[codec]
    what = f"{codec}.compress()"
    if not c.args or len(c.args) > n_pos or set(c.kwargs) - set(kws):
        return UnknownPlain(f"{what} with arguments that may change its format at {c.where}")
    try:
        budget = [TEXT_MAX]
        args = [_constant(a, budget) for a in c.args]
        kwargs = {k: _constant(v, budget) for k, v in c.kwargs.items()}
    except _NotConstant:
        return UnknownPlain(
            f"{what} of arguments not known statically (or over {TEXT_MAX}) at {c.where}"
        )
    if type(args[0]) is not bytes:
        return UnknownPlain(f"{what} of a value that is not bytes at {c.where}")
    try:  # CPython accepts these arguments (a bad level raises)
        importlib.import_module(codec).compress(*args, **kwargs)
    except Exception:  # noqa: BLE001
        return UnknownPlain(f"{what} that CPython refuses at {c.where}")
    return Packed(codec, args[0], f"{codec}-compressed bytes at {c.where}")


def _decompress(c: Call, codec: str) -> Any:
    what = f"{codec}.decompress()"
    if len(c.args) != 1 or c.kwargs:
        return c.unknown(f"{what} with arguments that may change its format")
    v = c.plain(0)
    if isinstance(v, Packed):
        if v.codec != codec:
            return c.unknown(f"{what} of {v.codec}-compressed bytes")
        return v.data
    if type(v) is not bytes or len(v) > TEXT_MAX:
        return c.unknown(f"{what} of bytes not known statically (or over {TEXT_MAX})")
    out = _inflate(codec, v)
    if out is None:
        return c.unknown(
            f"{what} of a stream that is not one whole {codec} stream within {OUT_MAX} bytes"
        )
    return out


def _codec_entry(codec: str, fn: Any) -> Any:
    def impl(c: Call) -> Any:
        return fn(c, codec)

    impl.__name__ = f"_{codec}_{fn.__name__.strip('_')}"
    return impl


for _codec, (_kws, _n) in CODECS.items():
    _group = Group(_codec, title=f"{_codec} (compressed round trips)")
    _group.add(
        "compress",
        _codec_entry(_codec, _compress),
        "compress(data) of known bytes: bytes not known statically that decompress gives back "
        f"as data (keywords {', '.join(_kws)}; any other argument is unknown)",
    )
    _group.add(
        "decompress",
        _codec_entry(_codec, _decompress),
        "decompress(b) of compress(data): data; of known bytes: one whole stream decompressed "
        f"in CPython (at most {OUT_MAX} bytes out); anything else unknown",
    )


# -------------------------------------------------------------------------------- marshal
# ``marshal.dumps(x)`` of known plain data is a ``Marshalled`` value: its bytes are not known
# (marshal's format is CPython's own and changes between versions) but it remembers a copy of
# ``x``; ``marshal.loads`` of it is a fresh copy of ``x`` again (the round trip CPython
# guarantees for these types). ``loads`` of any other bytes is unknown: marshal is not safe on
# data it did not write, and its format is not read here.
MARSHAL = Group("marshal", title="marshal (round trips)")


class Marshalled(UnknownPlain):
    """``marshal.dumps(x)``: bytes not known statically that ``marshal.loads`` turns into x."""

    __slots__ = ("data",)

    def __init__(self, data: Any, why: str) -> None:
        super().__init__(why)
        self.data = data


@MARSHAL.entry(
    "dumps",
    doc="dumps(x[, version]) of known plain data (str, bytes, numbers, None, lists, tuples and "
    "dicts of them, <= 64 KiB): bytes not known statically that loads gives back as x",
)
def _marshal_dumps(c: Call) -> Any:
    import marshal

    if not c.args or len(c.args) > 2 or set(c.kwargs) - {"version"}:
        return UnknownPlain(f"marshal.dumps() with arguments not read at {c.where}")
    try:
        budget = [TEXT_MAX]
        args = [_constant(a, budget) for a in c.args]
        kwargs = {k: _constant(v, budget) for k, v in c.kwargs.items()}
        marshal.dumps(*args, **kwargs)  # CPython accepts it (a bad version raises)
    except _NotConstant:
        return UnknownPlain(f"marshal.dumps() of a value not known statically at {c.where}")
    except Exception:  # noqa: BLE001
        return UnknownPlain(f"marshal.dumps() that CPython refuses at {c.where}")
    return Marshalled(args[0], f"marshalled bytes at {c.where}")


@MARSHAL.entry(
    "loads",
    doc="loads(b) of bytes marshal.dumps made here: a fresh copy of what was dumped; of any "
    "other bytes unknown",
)
def _marshal_loads(c: Call) -> Any:
    v = c.plain(0, "bytes")
    if not isinstance(v, Marshalled) or len(c.args) > 1 or set(c.kwargs) - {"bytes"}:
        return c.unknown("marshal.loads() of bytes not made by marshal.dumps here")
    return _constant(v.data, [OUT_MAX])


# -------------------------------------------------------------------------------- hashlib
# ``hashlib.sha256(data)`` of known bytes: a digest object whose ``hexdigest()`` / ``digest()``
# CPython computes (a hash is the same in every process and on every platform); ``update`` of
# known bytes adds to it, of anything else loses it (its digests are unknown from then on).
HASHES = (
    "md5",
    "sha1",
    "sha224",
    "sha256",
    "sha384",
    "sha512",
    "sha3_224",
    "sha3_256",
    "sha3_384",
    "sha3_512",
    "blake2b",
    "blake2s",
)
_HASH_KWS = {"usedforsecurity", "data", "string"}


class HashState:
    """A hashlib digest object fed known bytes (``chunks``; None once one was not known)."""

    library_type: ClassVar[str] = "hashlib.HASH"
    library_mutable: ClassVar[bool] = True  # ``h.update(...)`` at module level (modglobals)

    def __init__(self, algo: str, chunks: list[bytes] | None, why: str = "") -> None:
        self.algo, self.chunks, self.why = algo, chunks, why

    def _feed(self, a: list, k: dict, where: str) -> None:
        b = plain(a[0]) if len(a) == 1 and not k else None
        if self.chunks is None or type(b) is not bytes:
            self.chunks, self.why = None, self.why or f"{self.algo}.update() of bytes not known"
            return
        if sum(map(len, self.chunks)) + len(b) > TEXT_MAX:
            self.chunks, self.why = None, f"{self.algo} of over {TEXT_MAX} bytes"
            return
        self.chunks.append(b)

    def _digest(self, name: str, a: list, k: dict) -> Any:
        if self.chunks is None:
            return Unknown(f"{self.algo}.{name}() ({self.why})")
        if a or k:
            return Unknown(f"{self.algo}.{name}() with arguments")
        import hashlib

        h = hashlib.new(self.algo)
        for b in self.chunks:
            h.update(b)
        return getattr(h, name)()

    def attr(self, name: str) -> Any:
        if name == "update":
            return BuiltinMethod(lambda a, k: self._feed(a, k, ""))
        if name in ("hexdigest", "digest"):
            return BuiltinMethod(lambda a, k: self._digest(name, a, k))
        if name == "copy":
            return BuiltinMethod(
                lambda a, k: HashState(
                    self.algo, None if self.chunks is None else list(self.chunks), self.why
                )
            )
        if name == "name":
            return self.algo
        if name in ("digest_size", "block_size"):
            import hashlib

            return getattr(hashlib.new(self.algo), name)
        return Unknown(f"hashlib object attribute {name}")


def _hash_new(c: Call, algo: str, args: list) -> Any:
    if len(args) > 1 or set(c.kwargs) - _HASH_KWS:
        return c.unknown(f"hashlib.{algo}() with arguments not modelled")
    try:
        budget = [TEXT_MAX]
        pa = [_constant(a, budget) for a in args]
        kw = {k: _constant(v, budget) for k, v in c.kwargs.items()}
    except _NotConstant:
        return HashState(algo, None, f"hashlib.{algo}() of data not known statically at {c.where}")
    try:  # CPython's own constructor decides which arguments it takes (``data=`` varies)
        import hashlib

        getattr(hashlib, algo)(*pa, **kw)
    except Exception:  # noqa: BLE001 - refused here: not decided statically
        return c.unknown(f"hashlib.{algo}() that CPython refuses")
    data = pa[0] if pa else kw.get("data", kw.get("string", b""))
    return (
        HashState(algo, [data])
        if type(data) is bytes
        else c.unknown(f"hashlib.{algo}() of a value that is not bytes")
    )


def _hash_entry(algo: str) -> Any:
    def impl(c: Call) -> Any:
        return _hash_new(c, algo, list(c.args))

    impl.__name__ = f"_hashlib_{algo}"
    return impl


_HL = Group("hashlib", title="hashlib (digests of known bytes, made in CPython)")
for _algo in HASHES:
    _HL.add(
        _algo,
        _hash_entry(_algo),
        f"{_algo}(data) of known bytes: a digest object; hexdigest() / digest() made in "
        "CPython, update() of known bytes adds to it; anything not known makes its digests "
        "unknown",
    )


@_HL.entry(
    "new",
    doc="new(name, data) of a known algorithm name (md5, sha1, sha2, sha3, blake2): as the "
    "named constructor; another name is unknown",
)
def _hashlib_new(c: Call) -> Any:
    name = c.plain(0, "name")
    if not isinstance(name, str) or name not in HASHES:
        return c.unknown("hashlib.new() of an algorithm not known statically")
    return _hash_new(c, name, list(c.args[1:]))
