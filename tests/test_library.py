"""The library of modelled callables against CPython and torch, one table.

Each row is a snippet run twice: by CPython (with torch where it builds layers) and by the
static interpreter. A value row compares the module global ``result`` (a tensor by its shape);
a model row compares the parameter count of ``M()`` built on the meta device with the static
``params_total``. Every registry entry is covered by a row or named in ``NOT_RUN`` with the
reason, and docs/library.md is generated from the registry.
"""

from __future__ import annotations

import math
import runpy
import subprocess
import sys
import textwrap

import pytest

from tests.conftest import ROOT

torch = pytest.importorskip("torch")

from driftcheck.parsers.source import parse_source  # noqa: E402
from driftcheck.parsers.source.library import registry as library  # noqa: E402
from driftcheck.parsers.source.library.machine import Interp  # noqa: E402
from driftcheck.parsers.source.library.stdlib import NamedTupleValue  # noqa: E402
from driftcheck.parsers.source.loader import Finder, parse_file  # noqa: E402
from driftcheck.parsers.source.values.abstract import Tensor, Unknown, plain  # noqa: E402

# a SAX content handler (two subclasses, a super() call, a character reference split over
# characters() calls, a processing instruction) fed a known document (library/saxparse.py)
SAX_ROW = 'import xml.sax\nfrom xml.sax.handler import ContentHandler\n\nCARD = """<?xml version="1.0"?>\n<model preset="big">\n  <param name="width" type="int">1024</param>\n  <param name="depth" type="int" unit="layers">24</param>\n  <override run="tiny">\n    <param name="width" type="int">6&#52;</param>\n    <param name="eps" type="float">1e-05</param>\n  </override>\n  <?note ignored?>\n</model>"""\n\n\nclass Base(xml.sax.ContentHandler):\n    def __init__(self):\n        super().__init__()\n        self.params = {}\n        self.seen = []\n        self._name = None\n\n    def startElement(self, name, attrs):\n        self.seen.append((name, attrs.getNames(), attrs.items()))\n        if name == "param":\n            self._name, self._type, self._text = attrs["name"], attrs.getValue("type"), []\n            self.unit = attrs.get("unit", "none")\n        super().startElement(name, attrs)\n\n\nclass Params(Base):\n    def characters(self, content):\n        if self._name is not None:\n            self._text.append(content)\n\n    def endElement(self, name):\n        if name == "param":\n            cast = {"int": int, "float": float}[self._type]\n            self.params[self._name] = cast("".join(self._text).strip())\n            self._name = None\n\n    def processingInstruction(self, target, data):\n        self.seen.append((target, data))\n\n\nclass Count(ContentHandler):\n    def __init__(self):\n        self.n = 0\n\n    def startElement(self, name, attrs):\n        self.n += 1\n\n\nh = Params()\nxml.sax.parseString(CARD.encode(), h)\nk = Count()\nxml.sax.parseString(CARD, k)\nresult = (h.params, h.seen, h.unit, k.n)\n'

# (qualified names the row covers, code setting ``result``)
VALUES: list[tuple[tuple[str, ...], str]] = [
    (
        ("builtins.int", "builtins.float", "builtins.bool", "builtins.str", "builtins.abs"),
        "result = (int('12'), int(7.9), float(3), bool(0), str(42), abs(-3.5), int('ff', 16))",
    ),
    (("builtins.round",), "result = (round(2.675, 2), round(7.5), round(-0.5))"),
    (
        ("builtins.len", "builtins.list", "builtins.tuple", "builtins.set", "builtins.frozenset"),
        "result = (len([1, 2]), list(range(3)), tuple('ab'), sorted(set([3, 1, 3])), "
        "len(frozenset((1, 1, 2))))",
    ),
    (
        ("builtins.any", "builtins.all"),
        "dims = [4, 8, 16]\nresult = (all(d % 4 == 0 for d in dims), any(d > 10 for d in dims), "
        "all([]), any([]))",
    ),
    (
        ("builtins.min", "builtins.max"),
        "xs = [3, -7, 5]\nresult = (min(xs), max(xs), min(4, 2, 9), max([], default=1), "
        "max(xs, key=abs), min(['bb', 'a', 'ccc'], key=len), max(3, 8, key=lambda v: -v))",
    ),
    (
        ("builtins.sum",),
        "result = (sum([1, 2, 3]), sum([1, 2], 10), sum([[1], [2]], []), "
        "sum((0.5, 0.25), start=1))",
    ),
    (
        ("builtins.sorted", "builtins.reversed"),
        "xs = [3, 1, 2]\nresult = (sorted(xs), sorted(xs, reverse=True), "
        "sorted(['bb', 'a', 'ccc'], key=len), list(reversed(xs)))",
    ),
    (
        ("builtins.sorted",),
        "class S:\n    def __init__(self, w, g):\n        self.w, self.g = w, g\n"
        "    def __lt__(self, o):\n        return (self.g, -self.w) < (o.g, -o.w)\n"
        "xs = [S(3, 1), S(5, 2), S(4, 1), S(2, 2), S(7, 1)]\n"
        "result = ([s.w for s in sorted(xs)], [s.w for s in sorted(xs, reverse=True)])",
    ),
    (
        ("builtins.zip", "builtins.enumerate"),
        "result = (list(zip([1, 2, 3], 'ab')), list(enumerate('xy', 5)), list(enumerate([7])))",
    ),
    (
        ("builtins.map", "builtins.filter"),
        "result = (list(map(lambda x: x * 2, [1, 2])), list(map(lambda a, b: a + b, [1, 2], [10, 20])),"
        " list(filter(lambda x: x > 1, [0, 1, 2, 3])), list(filter(None, [0, 1, '', 'a'])))",
    ),
    (
        ("builtins.iter", "builtins.next"),
        "it = iter([4, 5])\na = next(it)\nb = next(it)\nresult = (a, b, next(it, 'end'))",
    ),
    (("builtins.divmod", "builtins.pow"), "result = (divmod(17, 5), pow(2, 10), pow(2.0, -1))"),
    (("builtins.dict",), "result = (dict(a=1), dict([('x', 2)], y=3), dict({'k': 1}, k=2))"),
    (
        ("builtins.range", "builtins.slice"),
        "result = (list(range(2, 11, 3)), [0, 1, 2, 3, 4][slice(1, None, 2)], len(range(0)))",
    ),
    (
        ("builtins.isinstance", "builtins.issubclass", "builtins.type"),
        "class A:\n    pass\nclass B(A):\n    pass\nb = B()\n"
        "result = (isinstance(3, int), isinstance('a', (int, str)), isinstance(b, A), "
        "issubclass(B, A), issubclass(A, B), type(b) is B)",
    ),
    (
        ("builtins.hasattr", "builtins.getattr", "builtins.setattr", "builtins.callable"),
        "class C:\n    x = 1\nc = C()\nsetattr(c, 'y', 5)\n"
        "result = (hasattr(c, 'x'), hasattr(c, 'z'), getattr(c, 'z', 7), getattr(c, 'y'), "
        "callable(len), callable(3), callable(C), callable(c), callable(lambda: 1), callable(None))",
    ),
    (
        ("functools.partial",),
        "import functools\ndef f(a, b, c=1):\n    return a * 100 + b * 10 + c\n"
        "g = functools.partial(f, 1, c=5)\nh = functools.partial(g, 2)\nresult = (g(3), h(), h(c=7), h.args, h.keywords, h.func is f, isinstance(h, functools.partial), isinstance(f, functools.partial))",
    ),
    (
        ("functools.reduce",),
        "import functools, operator\nresult = (functools.reduce(operator.mul, [2, 3, 4]), "
        "functools.reduce(lambda a, b: a + b, [1, 2], 10))",
    ),
    (
        ("functools.wraps", "functools.lru_cache", "functools.cache", "functools.update_wrapper"),
        "import functools\n@functools.lru_cache(maxsize=None)\ndef sq(x):\n    return x * x\n"
        "def deco(fn):\n    def inner(*a):\n        return fn(*a) + 1\n"
        "    return functools.update_wrapper(functools.wraps(fn)(inner), fn)\n"
        "def one():\n    return 1\n"
        "def deco2(fn):\n    @functools.wraps(fn)\n    def inner2(*a):\n        return fn(*a) * 10\n"
        "    return inner2\n"
        "d = deco(one)\nw = deco2(deco2(one))\n"
        "result = (sq(4), functools.cache(sq)(3), d(), d.__name__, d.__wrapped__(), w(), "
        "w.__name__, w.__wrapped__(), w.__wrapped__.__wrapped__(), w.__module__ == one.__module__)",
    ),
    (
        ("functools.cached_property",),
        "import functools\nclass C:\n    @functools.cached_property\n    def v(self):\n"
        "        return 6\nresult = C().v",
    ),
    (
        ("itertools.chain", "itertools.chain.from_iterable"),
        "import itertools\nresult = (list(itertools.chain([1], (2, 3))), "
        "list(itertools.chain.from_iterable([[1, 2], [3]])))",
    ),
    (
        ("itertools.product", "itertools.repeat"),
        "import itertools\nresult = (list(itertools.product([1, 2], 'ab')), "
        "list(itertools.product([0, 1], repeat=2)), list(itertools.repeat(7, 3)))",
    ),
    (
        ("itertools.compress",),
        "import itertools\n"
        "result = (list(itertools.compress([(1, 2), (3, 4), 5], [0, True, 'x'])), "
        "list(itertools.compress('abc', [1, 0])))",
    ),
    (
        ("heapq.nlargest", "heapq.nsmallest"),
        "import heapq\nresult = (heapq.nlargest(2, [32, 48, 64, 40]), "
        "heapq.nsmallest(1, [3, 1, 2], key=lambda v: -v), heapq.nlargest(5, (1, 1, 0)))",
    ),
    (
        (
            "heapq.heapify",
            "heapq.heappush",
            "heapq.heappop",
            "heapq.heappushpop",
            "heapq.heapreplace",
        ),
        "import heapq\nfrom heapq import heappop\n"
        "h = [(2, 'vocab', 96), (2, 'width', 64), (0, 'vocab', 50265), (0, 'width', 768), "
        "(1, 'eps', 1e-06)]\nheapq.heapify(h)\nfirst = list(h)\n"
        "heapq.heappush(h, (1, 'eps', 1e-05))\nc = {}\norder = []\n"
        "while h:\n    p, k, v = heappop(h)\n    order.append(p)\n    c[k] = v\n"
        "q = [5, 3, 8, 1]\nheapq.heapify(q)\na = heapq.heappushpop(q, 2)\n"
        "b = heapq.heapreplace(q, 9)\ne = []\n"
        "try:\n    heappop(e)\n    caught = False\nexcept IndexError:\n    caught = True\n"
        "result = (first, c, order, a, b, q, caught)",
    ),
    (
        ("xml.sax.parseString",),
        SAX_ROW,
    ),
    (
        ("xml.sax.parse",),
        "import io\nimport xml.sax\n\n\nclass H(xml.sax.ContentHandler):\n"
        "    def __init__(self):\n        super().__init__()\n        self.d, self.k = {}, None\n\n"
        "    def startElement(self, name, attrs):\n        self.k = attrs.get('n')\n\n"
        "    def characters(self, content):\n        if self.k:\n"
        "            self.d[self.k] = int(content)\n            self.k = None\n\n\n"
        'h = H()\nxml.sax.parse(io.StringIO(\'<m><p n="w">64</p><p n="d">3</p></m>\'), h)\n'
        "result = h.d",
    ),
    (
        ("builtins.ord", "builtins.chr", "builtins.int.from_bytes"),
        "result = (ord('@'), ord('\\u0200'), chr(65), int.from_bytes(b'\\x02\\x00', 'big'), "
        "int.from_bytes(b'\\xff\\xff', 'little', signed=True), int.from_bytes([1, 2], 'little'))",
    ),
    (
        ("itertools.cycle",),
        "import itertools\nc = itertools.cycle([1, 2])\nresult = [next(c) for _ in range(5)]",
    ),
    (
        ("itertools.accumulate", "itertools.islice", "itertools.pairwise"),
        "import itertools, operator\nresult = (list(itertools.accumulate([1, 2, 3])), "
        "list(itertools.accumulate([1, 2, 3], operator.mul, initial=2)), "
        "list(itertools.islice(range(10), 2, 8, 3)), list(itertools.pairwise([1, 2, 4])))",
    ),
    (
        ("itertools.groupby",),
        "import itertools\nresult = ([(k, len(list(g))) for k, g in itertools.groupby('PBBBNC')], "
        "[(k, list(g)) for k, g in itertools.groupby([1, 3, 2, 4, 5], key=lambda x: x % 2)], "
        "{k: len(list(r)) for k, r in itertools.groupby('aab')})",
    ),
    (
        ("builtins.bytes", "builtins.bytes.fromhex", "builtins.memoryview"),
        "result = (bytes([1, 2, 255]), bytes(3), bytes('ab', 'ascii'), bytes([32, 8, 64])[1], "
        "bytes.fromhex('4000 0200'), memoryview(bytes.fromhex('40000200')).cast('H').tolist(), "
        "memoryview(b'abcd').nbytes, memoryview(b'\\x01\\x00\\x00\\x00').cast('I').tolist())",
    ),
    (
        ("builtins.float.fromhex",),
        "result = (float.fromhex('0x1p6'), float.fromhex('0x1.8p7'), float.fromhex('-0x40.0'), "
        "int(float.fromhex(' 0x2p0 ')))",
    ),
    (
        ("builtins.bytearray",),
        "b = bytearray([32, 64, 2])\nb[2] = 3\nresult = (b[0] * 8, b[2], len(b), bytes(b), "
        "list(b), b == bytearray(b'\\x20\\x40\\x03'), bytearray(2)[1], len(bytearray()))",
    ),
    (
        ("itertools.combinations", "itertools.permutations"),
        "import itertools\nresult = (list(itertools.combinations('abc', 2)), "
        "list(itertools.permutations([1, 2, 3], 2)), len(list(itertools.permutations('abcd'))))",
    ),
    (
        ("itertools.zip_longest", "itertools.starmap"),
        "import itertools\nresult = (list(itertools.zip_longest([1, 2], 'a', fillvalue=0)), "
        "list(itertools.starmap(pow, [(2, 3), (3, 2)])))",
    ),
    (
        ("itertools.tee",),
        "import itertools\na, b = itertools.tee(iter([1, 2, 4, 8]))\nnext(b)\n"
        "c, d, e = itertools.tee(range(3), 3)\nnext(e)\n"
        "result = (list(zip(a, b)), list(c), list(d) + list(e))",
    ),
    (
        ("itertools.takewhile", "itertools.dropwhile"),
        "import itertools\nresult = (list(itertools.takewhile(lambda x: x < 3, [1, 2, 5, 1])), "
        "list(itertools.dropwhile(lambda x: x < 3, [1, 2, 5, 1])))",
    ),
    (
        ("operator.itemgetter", "operator.attrgetter", "operator.getitem", "operator.contains"),
        "import operator\nclass P:\n    x = 3\nresult = (operator.itemgetter(1)([5, 6]), "
        "operator.itemgetter(0, 2)('abc'), operator.attrgetter('x')(P()), "
        "operator.getitem({'k': 2}, 'k'), operator.contains([1, 2], 2))",
    ),
    (
        ("operator.methodcaller",),
        "import operator\nclass P:\n    def f(self, a, b=1):\n        return a * 10 + b\n"
        "xs = [3, 1, 2]\noperator.methodcaller('sort', reverse=True)(xs)\n"
        "result = (operator.methodcaller('f', 4, b=2)(P()), "
        "operator.methodcaller('upper')('ab'), operator.methodcaller('count', 1)([1, 1, 2]), xs)",
    ),
    (
        ("collections.OrderedDict", "collections.defaultdict", "collections.Counter"),
        "import collections\nod = collections.OrderedDict([('b', 1), ('a', 2)])\n"
        "dd = collections.defaultdict(list)\ndd['x'].append(3)\ndd['y']\n"
        "ci = collections.defaultdict(int)\nci['n'] += 2\n"
        "result = (list(od.items()), dict(dd), ci['n'], dict(collections.Counter('abca')))",
    ),
    (
        ("collections.Counter",),
        "import collections\nc = collections.Counter('aabbbcdd')\n"
        "left = c - collections.Counter({'a': 5, 'b': 1})\nc2 = c.copy()\nc2['q'] += 2\n"
        "c2.subtract('aq')\nc2.update({'b': 4})\n"
        "result = (c['z'], c.most_common(2), c.total(), dict(left), sorted(c.elements())[:4], "
        "collections.Counter(a=3, b=1)['a'], dict(c + collections.Counter('cz')), dict(c2), "
        "collections.Counter({'x': 2, 'y': 7}).most_common(1))",
    ),
    (
        ("collections.namedtuple",),
        "import collections\nCfg = collections.namedtuple('Cfg', 'dim depth heads', defaults=(4,))\n"
        "c = Cfg(8, depth=2)\nd, n, h = c\nr = c._replace(dim=16)\n"
        "result = (c.dim, c[1], c.heads, len(c), (d, n, h), r.dim, c._asdict())",
    ),
    (
        ("typing.cast", "typing.NamedTuple"),
        "import typing\nP = typing.NamedTuple('P', [('x', int), ('y', int)])\n"
        "result = (typing.cast(int, 3), P(1, y=2).y)",
    ),
    (
        ("typing.get_type_hints",),
        "import typing\nclass A:\n    w: typing.Annotated[int, 64]\n    d: typing.Annotated[int, 2, 3]\n"
        "class B(A):\n    w: typing.Annotated[typing.Annotated[int, 8], 9]\n    h: int\n"
        "hints = typing.get_type_hints(B, include_extras=True)\n"
        "result = (list(hints), hints['w'].__metadata__, hints['d'].__metadata__,\n"
        "          typing.get_type_hints(B)['w'].__name__)",
    ),
    (
        ("copy.deepcopy", "copy.copy"),
        "import copy\na = [1, [2]]\nb = copy.copy(a)\nb.append(3)\nc = copy.deepcopy({'k': 1})\n"
        "result = (a, b, c)",
    ),
    (
        ("inspect.signature",),
        "import inspect\ndef f(a, b=2, *args, c=3, **kw):\n    pass\nsig = inspect.signature(f)\n"
        "result = ([(n, p.default) for n, p in sig.parameters.items() if n not in ('a', 'args', "
        "'kw')], list(sig.parameters), [str(p.kind) for p in sig.parameters.values()], "
        "[p.name for p in sig.parameters.values()])",
    ),
    (
        ("dataclasses.field", "dataclasses.replace", "dataclasses.asdict"),
        "import dataclasses\n@dataclasses.dataclass\nclass C:\n    dim: int = 8\n"
        "    hidden: list = dataclasses.field(default_factory=lambda: [4, 4])\n"
        "    depth: int = dataclasses.field(default=2)\n"
        "c = dataclasses.replace(C(), dim=6)\n"
        "result = (c.dim, c.hidden, c.depth, dataclasses.asdict(C(dim=1)))",
    ),
    (
        ("enum.auto",),
        "import enum\nclass Act(enum.Enum):\n    GELU = 'gelu'\n    RELU = 'relu'\n"
        "    SAME = 'gelu'\nclass N(enum.IntEnum):\n    A = enum.auto()\n    B = enum.auto()\n"
        "class S(str, enum.Enum):\n    X = 'x'\n"
        "result = (Act('gelu') is Act.GELU, Act.SAME is Act.GELU, Act.RELU.value, Act['RELU'].name,"
        " len(Act), [a.name for a in Act], N.B == 2, N.A.value, S.X == 'x', S('x').name)",
    ),
    (
        ("pydantic.Field",),
        "from pydantic import BaseModel, Field\nclass C(BaseModel):\n    dim: int = 8\n"
        "    depth: int = Field(2, ge=1)\n    hidden: list = Field(default_factory=lambda: [1])\n"
        "c = C(dim=16)\nresult = (c.dim, c.depth, c.hidden)",
    ),
    (
        ("attrs.field", "attrs.Factory"),
        "import attrs\n@attrs.frozen\nclass C:\n    dim: int = attrs.field(default=8, "
        "validator=attrs.validators.gt(0))\n    depth: int = 2\n"
        "    hidden: list = attrs.field(factory=list)\n"
        "    more: list = attrs.field(default=attrs.Factory(lambda: [1]))\n"
        "c = C(dim=16)\nresult = (c.dim, c.depth, c.hidden, c.more, C().dim, C(4, 5).depth)",
    ),
    (
        ("attrs.ib", "attrs.attrib"),
        "import attr\n@attr.s(auto_attribs=True)\nclass C:\n    dim: int = attr.ib(default=8)\n"
        "    depth: int = attr.attrib(default=2)\nresult = (C(dim=3).dim, C().depth)",
    ),
    (
        ("configparser.ConfigParser", "configparser.RawConfigParser"),
        "import configparser\nINI = '[DEFAULT]\\nbase = 8\\n[m]\\nd = 64\\nh = %(base)s\\n"
        "eps = 1e-6\\ngated = yes\\n'\np = configparser.ConfigParser()\np.read_string(INI)\n"
        "s = p['m']\ns['extra'] = '3'\np.set('m', 'd', '96')\n"
        "r = configparser.RawConfigParser()\nr.read_dict({'a': {'x': '%(y)s', 'n': '5'}})\n"
        "result = (s.getint('d'), p.getint('m', 'h'), s.getfloat('eps'), s.getboolean('gated'), "
        "s['extra'], p.get('m', 'missing', fallback='no'), p.sections(), p.has_option('m', 'd'), "
        "r.get('a', 'x'), r['a'].getint('n'))",
    ),
    (
        ("types.MappingProxyType",),
        "from types import MappingProxyType\nd = {'width': 64, 'heads': 4}\n"
        "hp = MappingProxyType(d)\nd['layers'] = 2\n"
        "result = (hp['width'], hp.get('heads'), hp['layers'], len(hp), sorted(hp))",
    ),
    (
        ("numpy.prod", "numpy.sum", "numpy.cumsum", "numpy.argsort", "numpy.sort"),
        "import numpy as np\nresult = (int(np.prod([2, 3, 4])), int(np.sum([1, 2])), "
        "np.cumsum([1, 2, 3]).tolist(), np.argsort([3, 1, 2]).tolist(), np.sort([3, 1]).tolist())",
    ),
    (
        (
            "numpy.sqrt",
            "numpy.log2",
            "numpy.lcm",
            "numpy.gcd",
            "numpy.ceil",
            "numpy.floor",
            "numpy.array",
            "numpy.asarray",
        ),
        "import numpy as np\nresult = (float(np.sqrt(16)), float(np.log2(8)), int(np.lcm(4, 6)), "
        "int(np.gcd(4, 6)), float(np.ceil(2.1)), float(np.floor(2.9)), np.array([1, 2]).tolist(), "
        "np.asarray((3,)).tolist())",
    ),
    (
        ("torch.nn.Parameter", "torch.nn.Buffer", "torch.Size"),
        "import torch\nresult = (torch.nn.Parameter(torch.zeros(2, 3)), torch.nn.Buffer(torch.ones(4)),"
        " tuple(torch.Size([2, 5])))",
    ),
    (
        ("torch.is_tensor",),
        "import torch\nresult = (torch.is_tensor(torch.zeros(2)), torch.is_tensor(11.0), "
        "torch.is_tensor([1, 2]), torch.is_tensor(None))",
    ),
    (
        ("torch.arange", "torch.eye", "torch.as_tensor", "torch.div", "torch.repeat_interleave"),
        "import torch\nm = torch.arange(6) % 3 == 1\no = torch.div(torch.arange(5), 2, "
        "rounding_mode='floor')\na = torch.repeat_interleave(o[:, None] > o, repeats=2, dim=0)\n"
        "u, inv = torch.unique(a, dim=0, return_inverse=True)\n"
        "r = u.sum(dim=-1).nonzero().squeeze(dim=-1)\n"
        "result = (m.sum().item(), (~torch.eye(3, dtype=bool)).tolist(), u.tolist(), "
        "inv.tolist(), r[torch.arange(7) % len(r)].tolist(), torch.as_tensor([1.5, 2]).tolist(), "
        "bool((u.double() @ u.double().t() >= 0).all()), torch.flipud(torch.arange(3)).tolist())",
    ),
    (
        ("torch.cat", "torch.concat", "torch.concatenate", "torch.stack"),
        "import torch\na, b = torch.zeros(2, 3), torch.zeros(4, 3)\nresult = (torch.cat([a, b]), "
        "torch.concat((a, a), dim=1), torch.concatenate([b, b]), torch.stack([a, a], dim=1))",
    ),
    (
        (
            "torch.distributed.is_available",
            "torch.distributed.is_initialized",
            "torch.distributed.get_world_size",
            "torch.distributed.get_rank",
            "torch.distributed.get_local_rank",
        ),
        "import torch.distributed as dist\n"
        "ws = dist.get_world_size() if dist.is_initialized() else 1\n"
        "rank = dist.get_rank() if dist.is_initialized() else 0\n"
        "local = dist.get_local_rank() if dist.is_initialized() else 0\n"
        "result = (dist.is_available(), ws, rank, local)",
    ),
    (
        ("einops.rearrange", "einops.repeat", "einops.reduce"),
        "import torch\nfrom einops import rearrange, repeat, reduce\nt = torch.zeros(2, 3, 8, 8)\n"
        "result = (rearrange(t, 'b c (h p) (w q) -> b (h w) (p q c)', p=4, q=2), "
        "repeat(torch.zeros(5), 'd -> n d', n=3), reduce(t, 'b c h w -> b c', 'mean'), "
        "rearrange(t, 'b ... -> b (...)'), rearrange([torch.zeros(4), torch.zeros(4)], 'n d -> d n'))",
    ),
]

VALUES.append(
    (
        (
            "torch.linalg.eig",
            "torch.linalg.eigh",
            "torch.linalg.eigvals",
            "torch.linalg.eigvalsh",
            "torch.linalg.inv",
        ),
        # fresh35's FlowState S5 block: eigenvectors of a HiPPO matrix (session 37, wildfix37)
        "import torch\nm = torch.eye(4) + torch.triu(torch.ones(4, 4))\nw, v = torch.linalg.eig(m)\n"
        "a, b = torch.linalg.eigh(torch.eye(3))\n"
        "result = (w, v, a, b, torch.linalg.eigvals(torch.ones(2, 3, 3)), "
        "torch.linalg.eigvalsh(torch.eye(5)), torch.linalg.inv(m))",
    )
)
VALUES.append(
    (
        (
            "torch.diag",
            "torch.linalg.lu",
            "torch.linalg.lu_factor",
            "torch.linalg.qr",
            "torch.lu_unpack",
        ),
        "import torch\nm = torch.eye(4)\nr = torch.ones(5, 3)\n"
        "P, L, U = torch.linalg.lu(m)\nLU, piv = torch.linalg.lu_factor(m)\nq, rr = torch.linalg.qr(r)\n"
        "result = (torch.diag(torch.ones(3)), torch.diag(m, 1), torch.diag(torch.ones(2), -1), q, rr, "
        "torch.linalg.qr(r, mode='complete'), torch.linalg.qr(torch.ones(2, 5, 3), mode='r'), P, L, U, "
        "LU, piv, torch.lu_unpack(LU, piv))",
    )
)
VALUES.append(
    (
        (
            "torch.tril",
            "torch.triu",
            "torch.roll",
            "torch.square",
            "torch.relu",
            "torch.sign",
            "torch.erf",
            "torch.logit",
            "torch.outer",
            "torch.ger",
            "torch.polar",
            "torch.complex",
            "torch.flatten",
            "torch.repeat_interleave",
        ),
        "import torch\nm = torch.ones(4, 4)\nt = torch.arange(6.0)\n"
        "result = (torch.tril(m), torch.triu(m, 1), torch.roll(m, 1, 0), torch.square(m), "
        "torch.relu(m), torch.sign(m), torch.erf(m), torch.logit(m * 0.5), torch.outer(t, t[:2]), "
        "torch.ger(t, t), torch.polar(torch.ones(3, 1), torch.ones(4)), "
        "torch.complex(torch.ones(2), torch.ones(2)), torch.flatten(torch.zeros(2, 3, 4), 1), "
        "torch.flatten(torch.zeros(2, 3, 4), 0, 1), torch.repeat_interleave(torch.zeros(2, 3), 2), "
        "torch.repeat_interleave(torch.zeros(2, 3), 3, dim=1), torch.arange(0, 1, 0.3), torch.arange(0.5, 3), "
        "torch.arange(1, 17).repeat(128, 1), torch.ones(2, 3).repeat(2, 1, 2))",
    )
)
VALUES.append(
    (
        ("torch.flip", "torch.nn.functional.interpolate", "torch.nn.functional.upsample"),
        # an SSL wrapper's dummy forward (wildfix16): a cutout resized back, flipped
        "import torch\nimport torch.nn.functional as F\nx = torch.zeros(2, 3, 8, 6)\n"
        "result = (torch.flip(x, dims=(-1,)).shape, torch.flip(x, [0, 2]).shape, "
        "F.interpolate(x[:, :, 1:5], size=(4, 4)).shape, F.interpolate(x, size=5).shape, "
        "F.interpolate(torch.zeros(1, 2, 7), size=3).shape, F.upsample(x, size=(2, 3)).shape, "
        "x.flatten(1).shape, x.flatten(-2).shape, x.flatten().shape)",
    )
)
VALUES.append(
    (
        ("numpy.log", "numpy.exp", "numpy.log10", "numpy.power"),
        "import numpy as np\nresult = (float(np.log(2.0)), float(np.exp(1)), float(np.log10(1000)), "
        "float(np.power(2, 10)))",
    )
)
VALUES.append(
    (
        ("numpy.random.permutation", "numpy.zeros_like", "numpy.ones_like"),
        # FrEIA's PermuteRandom: a permutation's length (its values are random) and arrays
        # like it
        "import numpy as np\np = np.random.permutation(5)\n"
        "result = (len(p), len(np.random.permutation([7, 8, 9])), "
        "[int(x) for x in np.zeros_like(p)], [int(x) for x in np.ones_like([2.5, 3.5])])",
    )
)
VALUES.append(
    (
        ("builtins.dir",),
        # a class's own __dir__: its items, sorted (session 28, wildfix28b)
        "class T:\n    a = 1\n    b = 2\n    def __init__(self, on):\n        self.on = on\n"
        "    def __dir__(self):\n        return [n for n in ('b', 'a', 'zz') if n in self.on]\n"
        "result = (dir(T(['zz', 'a'])), dir(T([])))",
    )
)
VALUES.append(
    (
        ("builtins.property",),
        # the call form of @property (session 28, wildfix28b)
        "def _w(self):\n    return self.a * 3\n"
        "class C:\n    w = property(_w)\n    v = property(fget=lambda self: self.a + 1)\n"
        "    def __init__(self, a):\n        self.a = a\n"
        "c = C(4)\nresult = (c.w, c.v, C(2).w)",
    )
)
VALUES.append(
    (
        ("builtins.dict", "builtins.len"),
        # a dict subclass's stored items: dict() copies them, len() counts them, whatever its
        # own __setitem__ did on the way (session 29, wildfix29b)
        "class Rec(dict):\n    def __init__(self):\n        super().__init__()\n"
        "        self.seen = []\n    def __setitem__(self, k, v):\n        self.seen.append(k)\n"
        "        super().__setitem__(k, v * 2)\n"
        "r = Rec()\nr['a'] = 1\nr['b'] = 5\nr['a'] = 3\n"
        "result = (dict(r), len(r), r.seen, dict(r, c=1))",
    )
)
VALUES.append(
    (
        ("builtins.sorted", "builtins.min", "builtins.max"),
        # tuples holding instances of a tuple subclass without comparisons of its own: tuple
        # order, item by item, stable (e3nn's Irreps.sort; session 29, wildfix29b)
        "class Ir(tuple):\n    def __new__(cls, l, p):\n        return super().__new__(cls, (l, p))\n"
        "    @property\n    def l(self):\n        return self[0]\n"
        "xs = [(Ir(2, 1), 0, 8), (Ir(0, 1), 1, 4), (Ir(1, -1), 2, 8), (Ir(0, 1), 3, 2)]\n"
        "s = sorted(xs)\n"
        "result = ([(t[0].l, t[1], t[2]) for t in s], min(xs)[1], max(xs)[1], "
        "[i for _, i, _ in sorted(xs)], sorted([Ir(1, 1), Ir(0, -1)])[0].l)",
    )
)
VALUES.append(
    (
        ("builtins.str", "builtins.repr"),
        # text protocols of source classes: own __str__ / __repr__, object.__str__ falling back
        # to __repr__, a tuple subclass's items, f-strings through __format__ / str
        # (e3nn's _MulIr: str(irreps[0]) == "8x0e"; session 29, wildfix29b)
        "class Ir(tuple):\n    def __new__(cls, l, p):\n        return super().__new__(cls, (l, p))\n"
        '    def __repr__(self):\n        return f\'{self[0]}{"e" if self[1] == 1 else "o"}\'\n'
        "class MulIr(tuple):\n    def __new__(cls, mul, ir):\n"
        "        return super().__new__(cls, (mul, ir))\n"
        "    def __repr__(self):\n        return f'{self[0]}x{self[1]}'\n"
        "class Plain(tuple):\n    pass\n"
        "class Named:\n    def __str__(self):\n        return 'named'\n"
        "    def __format__(self, spec):\n        return 'fmt:' + spec\n"
        "m = MulIr(8, Ir(1, -1))\n"
        "result = (str(m), repr(m), f'{m}', f'{m!r}', str(Plain((1, 'a'))), repr(Plain((2,))), "
        "str(Named()), f'{Named():>4}', f'{Named()!s:>7}', '+'.join(str(MulIr(k, Ir(k, 1))) for k in (1, 2)))",
    )
)
VALUES.append(
    (
        ("torch.zeros", "torch.empty", "torch.ones"),
        # a size object with __index__: torch reads it through operator.index (session 29)
        "import torch\nclass W:\n    def __init__(self, n):\n        self.n = n\n"
        "    def __index__(self):\n        return self.n * 2\n"
        "w = W(3)\n"
        "result = (tuple(torch.zeros(w, 2).shape), tuple(torch.empty((3, w)).shape), "
        "tuple(torch.ones(size=(w,)).shape), tuple(torch.zeros([w, W(1)]).shape))",
    )
)
VALUES.append(
    (
        ("numpy.random.default_rng",),
        # a Generator's draws held by their shape (exact_snn-style weights)
        "import numpy as np\nrng = np.random.default_rng(3)\n"
        "result = (rng.standard_normal((3, 4)).shape, rng.normal(0.0, 2.0, size=5).shape, "
        "rng.uniform(-1, 1, (2, 3)).shape, rng.random(4).shape, "
        "rng.integers(0, 9, size=(2, 2)).shape, (rng.standard_normal((3, 2)) * 0.5).shape)",
    )
)
VALUES.append(
    (
        ("numpy.random.randn", "numpy.random.rand", "numpy.diag", "numpy.triu", "numpy.tril"),
        # Glow's LU weights: random matrices held by their shape
        "import numpy as np\nw = np.random.randn(3, 4)\n"
        "result = (w.shape, np.random.rand(5).shape, np.diag(w).shape, np.diag(np.random.randn(3)).shape, "
        "np.triu(w, 1).shape, np.tril(w).shape, np.ones_like(w).shape, np.zeros_like(w).shape, "
        "w.T.shape, w.copy().shape, w.astype(np.float32).shape)",
    )
)
VALUES.append(
    (
        ("numpy.broadcast_to",),
        # pfrl's Gaussian head: a variance parameter of the action size from one number
        "import numpy as np\n"
        "result = (np.broadcast_to(0, 3).shape, np.broadcast_to(0.5, (2, 4)).shape, "
        "np.broadcast_to(1, ()).shape)",
    )
)
VALUES.append(
    (
        ("numpy.linspace", "numpy.hamming", "numpy.diff"),
        # asteroid-filterbanks' ParamSincFB: mel-spaced band edges, their differences, a window
        "import numpy as np\nm = np.linspace(3.0, 2840.5, 21, dtype='float32')\n"
        "hz = 700 * (10 ** (m / 2595) - 1)\n"
        "result = (len(m), [round(float(x), 2) for x in m], [float(x) for x in np.linspace(0, 1, 5)], "
        "[float(x) for x in np.linspace(0, 1, 4, endpoint=False)], len(np.diff(hz)), "
        "[round(float(x), 9) for x in np.hamming(7)], [float(x) for x in np.diff([1, 4, 9])], "
        "len(np.hamming(251)[:125]))",
    )
)
VALUES.append(
    (
        ("numpy.atleast_1d", "numpy.any", "numpy.all"),
        # monai's same_padding: elementwise arithmetic, comparisons and iteration of an array
        "import numpy as np\nk, d = np.atleast_1d((3, 5)), np.atleast_1d(2)\n"
        "result = (bool(np.any((k - 1) * d % 2 == 1)), bool(np.all(k > 2)), "
        "tuple(int(p) for p in (k - 1) / 2 * d), len(k), np.atleast_1d(7).tolist(), "
        "[int(x) for x in 10 - k], (k == 3).tolist())",
    )
)
VALUES.append(
    (
        ("collections.deque",),
        "from collections import deque, defaultdict\nd = deque([1, 2])\nd.appendleft(0)\n"
        "d.append(3)\nd.extendleft([8, 9])\nx = d.popleft()\nm = deque(range(5), maxlen=3)\n"
        "m.append(7)\nclass C:\n    def __init__(self):\n        self.tags = deque()\n"
        "t = defaultdict(C)\nt['a'].tags.appendleft('x')\nt['a'].tags.appendleft('y')\n"
        "result = (list(d), x, d[0], len(d), list(m), list(t['a'].tags), sorted(t))",
    )
)
VALUES.append(
    (
        ("collections.deque",),
        # a WaveNet-style stack taking ``d[0]`` then ``d.rotate(-1)`` per block; every other
        # deque method as deque runs it, maxlen trimming the other end
        "from collections import deque\nd = deque([1, 2, 4])\nheads = []\nfor _ in range(5):\n"
        "    heads.append(d[0])\n    d.rotate(-1)\ne = deque([1, 2, 3, 4])\ne.rotate()\n"
        "f = deque([1, 2, 3, 4])\nf.rotate(6)\ng = deque([9, 8, 7], maxlen=4)\ng.extend([6, 5])\n"
        "c = g.copy()\nc.appendleft(0)\nh = deque('abcb')\nh.remove('b')\nh.reverse()\n"
        "p = h.pop()\nq = deque([5], maxlen=2)\nq.insert(0, 4)\nq.clear()\n"
        "result = (heads, list(e), list(f), list(g), list(c), g.maxlen, list(h), p, "
        "deque('xyz').index('z'), deque([1, 1, 2]).count(1), len(q), deque([3]).maxlen)",
    )
)
VALUES.append(
    (
        ("fnmatch.fnmatch", "fnmatch.fnmatchcase", "fnmatch.filter", "fnmatch.translate"),
        # partial fine-tuning: parameter names matched against shell-style freeze patterns
        "import fnmatch\nnames = ['encoder.0.weight', 'encoder.2.bias', 'head.norm.weight', "
        "'Head.x']\npats = ['encoder.0.*', '*.norm.*', 'encoder.[!0]*', 'head.?', '[[]x]']\n"
        "result = ([[fnmatch.fnmatch(n, p) for p in pats] for n in names], "
        "fnmatch.fnmatchcase('Head.x', 'head.*'), fnmatch.filter(names, 'encoder.*'), "
        "fnmatch.translate('*.norm.?'), any(fnmatch.fnmatch(n, p) for n in names for p in pats))",
    )
)
VALUES.append(
    (
        ("re.split", "re.findall", "re.sub", "re.escape"),
        # efficientnet_pytorch's block strings ('r1_k3_s11_e1_i32_o16_se0.25')
        "import re\nops = 'r1_k3_s11_e6_i32_o16_se0.25'.split('_')\n"
        "result = ([re.split(r'(\\d.*)', op)[:2] for op in ops], re.findall(r'\\d+', 'a12b3'), "
        "re.sub(r'[aeiou]', '', 'convnext', count=2), re.escape('a.b'))",
    )
)
VALUES.append(
    (
        ("builtins.dir",),
        # timm's ``_has_hardswish = 'hardswish' in dir(torch.nn.functional)``
        "import json.decoder as d\nresult = ('JSONDecoder' in dir(d), 'nope' in dir(d))",
    )
)
VALUES.append(
    (
        ("importlib.import_module", "builtins.__import__"),
        "import importlib\nm = importlib.import_module('json.decoder')\np = __import__('json.decoder')\n"
        "result = (m.JSONDecodeError.__name__, 'scanstring' in dir(m), 'JSONDecoder' in dir(p.decoder))",
    )
)
VALUES.append(
    (
        ("keyword.iskeyword", "keyword.issoftkeyword"),
        "import keyword\nresult = (keyword.iskeyword('class'), keyword.iskeyword('CONV'), "
        "keyword.issoftkeyword('match'))",
    )
)

VALUES.append(
    (
        ("re.match", "re.search", "re.fullmatch"),
        # routing_transformer's ``bool(re.match(f'^{prefix}', key))`` splits enc_/dec_ kwargs
        "import re\nm = re.search(r'(\\d+)x(?P<w>\\d+)', 'p_4x12')\n"
        "result = (bool(re.match('^enc_', 'enc_dim')), re.match('^enc_', 'dim'), m.group(1), "
        "m.groups(), m.group('w'), m.span(), m.start(2), m.groupdict(), "
        "re.fullmatch('a+', 'aab') is None, bool(re.fullmatch('a+', 'aa')))",
    )
)
VALUES.append(
    (
        ("inspect.isfunction", "inspect.ismethod"),
        # lucidrains' ``default(val, d)``: ``d() if isfunction(d) else d``
        "from inspect import isfunction, ismethod\nclass C:\n    def f(self):\n        return 1\n"
        "def g():\n    return 2\n"
        "result = (isfunction(g), isfunction(lambda: 3), isfunction(C), isfunction(C().f), "
        "ismethod(C().f), ismethod(g), isfunction(4), isfunction(None), ismethod(C))",
    )
)

VALUES.append(
    (
        ("json.loads", "yaml.safe_load", "yaml.load"),
        # options read from a JSON string or a config_hub-style YAML text in the file itself
        "import json\nimport yaml\n"
        'result = (json.loads(\'{"dim": 8, "h": [1, 2.5], "b": null}\'), '
        "yaml.safe_load('n: 3\\nxs: [a, 2]\\nok: yes'), "
        "yaml.load('w: 4', Loader=yaml.SafeLoader))",
    )
)

VALUES.append(
    (
        ("tomllib.loads",),
        # a TOML document of sizes in the file itself (tables nested by dotted headers)
        "import tomllib\n"
        "result = tomllib.loads('vocab = 90\\n[model.stack]\\nlayers = 3\\nw = [1, 2.5]\\n')",
    )
)

VALUES.append(
    (
        ("ast.literal_eval", "collections.ChainMap"),
        # hydra-style ``key=value`` overrides parsed as literals; overrides over defaults
        "import ast\nfrom collections import ChainMap\n"
        "result = (ast.literal_eval('1e-5'), ast.literal_eval('[1, (2, 3), {\"a\": None}]'), "
        "ChainMap({'w': 8}, {'w': 1152, 'd': 27}))",
    )
)

VALUES.append(
    (
        ("ast.literal_eval",),
        # a text it refuses raises, and the caller's handler keeps the string (yacs' decoding
        # of a YAML value: a bare word is ValueError, a path is SyntaxError)
        "import ast\n"
        "def dec(v):\n"
        "    try:\n"
        "        v = ast.literal_eval(v)\n"
        "    except ValueError:\n"
        "        pass\n"
        "    except SyntaxError:\n"
        "        v = 'syntax:' + v\n"
        "    return v\n"
        "result = (dec('GN'), dec('a/b c'), dec('[8, 16]'), dec('3'))",
    )
)

VALUES.append(
    (
        ("string.Formatter", "ast.literal_eval"),
        # sizes as the format specs of a run-name template (conversion, nested spec, escaped
        # braces, an empty field), read with string.Formatter().parse; a one-shot iterator
        "import ast, string\n"
        "T = 'run-{vocab:96}-{eps:1e-05}{{x}}{name!r:>{w}}{}'\n"
        "it = string.Formatter().parse(T)\n"
        "first = next(it)\n"
        "rest = list(it)\n"
        "again = list(it)\n"
        "P = {f: ast.literal_eval(s) for _t, f, s, _c in string.Formatter().parse(T) if f and s.isascii() and s[:1].isdigit()}\n"
        "result = (first, rest, again, P)",
    )
)

VALUES.append(
    (
        ("xml.dom.minidom.parseString",),
        # sizes in an XML description read with minidom: attributes of the root, one element
        # per stage in document order, text children, a missing attribute ('')
        "from xml.dom import minidom\n"
        'doc = minidom.parseString(\'<m w="16" eps="1e-05"><s d="2"/>t<s d="3" h="4"/></m>\')\n'
        "r = doc.documentElement\n"
        "st = r.getElementsByTagName('s')\n"
        "result = (r.tagName, int(r.getAttribute('w')), float(r.getAttribute('eps')), "
        "[int(x.getAttribute('d')) for x in st], st[0].getAttribute('h'), st[1].hasAttribute('h'), "
        "[c.nodeType for c in r.childNodes], r.childNodes[1].data, r.firstChild.nextSibling.nodeValue, "
        "st[0].parentNode.tagName, doc.documentElement.getElementsByTagName('zz'))",
    )
)

VALUES.append(
    (
        ("re.Scanner", "ast.literal_eval"),
        # a compact spec tokenised by re.Scanner: a lookahead phrase, lambda actions run in
        # order, a None action skipped, a constant action, an action returning None, the
        # scanner's own match, the unscanned rest
        "import ast, re\n"
        "sc = re.Scanner([\n"
        "    (r'[a-z]+(?=[0-9])', lambda s, t: ('key', t)),\n"
        "    (r'[0-9][0-9.e+-]*', lambda s, t: ('value', ast.literal_eval(t))),\n"
        "    (r'[a-z]+', lambda s, t: ('word', s.match.group().upper())),\n"
        "    (r';', 'SEMI'),\n"
        "    (r'#', lambda s, t: None),\n"
        "    (r'\\s+', None),\n"
        "])\n"
        "toks, rest = sc.scan('vit img32 eps1e-12;# depth2 ! x3')\n"
        "S = {a[1]: b[1] for a, b in zip(toks, toks[1:]) if a[0] == 'key'}\n"
        "result = (toks, rest, S)",
    )
)

VALUES.append(
    (
        ("argparse.ArgumentParser",),
        # a training script's defaults: parse_args of a known list, replayed on argparse itself
        "import argparse\np = argparse.ArgumentParser(description='t')\n"
        "p.add_argument('--dim', type=int, default='16')\np.add_argument('--flag', action='store_true')\n"
        "g = p.add_mutually_exclusive_group()\ng.add_argument('--a', type=float, default=0.5)\n"
        "p.set_defaults(extra=3)\nns = p.parse_args(['--flag'])\nk, rest = p.parse_known_args(['--zz'])\n"
        "result = (ns.dim, ns.flag, ns.a, ns.extra, k.dim, rest)",
    )
)

# torch factories, elementwise functions and math/operator functions: generated rows
_FACTORY_CALLS = {
    "zeros": "torch.zeros(2, 3)",
    "ones": "torch.ones((4,))",
    "empty": "torch.empty(2, 1, 5)",
    "randn": "torch.randn(3, 2)",
    "rand": "torch.rand([6])",
    "full": "torch.full((2, 2), 7.0)",
    "tensor": "torch.tensor([[1, 2], [3, 4], [5, 6]])",
    "arange": "torch.arange(2, 11, 3)",
    "linspace": "torch.linspace(0, 1, 5)",
    "eye": "torch.eye(3, 4)",
    "randint": "torch.randint(0, 5, (2, 3))",
    "zeros_like": "torch.zeros_like(torch.ones(2, 7))",
    "ones_like": "torch.ones_like(torch.ones(3))",
    "empty_like": "torch.empty_like(torch.ones(1, 2))",
    "randn_like": "torch.randn_like(torch.ones(5, 1))",
    "full_like": "torch.full_like(torch.ones(2), 3.0)",
    "normal": "torch.normal(0.0, 1.0, size=(2, 4))",
    "as_tensor": "torch.as_tensor([1.0, 2.0])",
    "Tensor": "torch.Tensor(3, 2)",
    "FloatTensor": "torch.FloatTensor(2)",
    "LongTensor": "torch.LongTensor(4, 1)",
    "IntTensor": "torch.IntTensor([[0, 3, 2, -1], [5, 1, 1, 7]])",
    "DoubleTensor": "torch.DoubleTensor(3, 5)",
    "HalfTensor": "torch.HalfTensor([1.0, 2.0])",
    "BoolTensor": "torch.BoolTensor([True, False, True])",
    "ByteTensor": "torch.ByteTensor(2, 2)",
    "CharTensor": "torch.CharTensor([1, 2, 3, 4])",
    "ShortTensor": "torch.ShortTensor(1, 6)",
}
VALUES.append(
    (
        tuple(f"torch.{k}" for k in _FACTORY_CALLS),
        "import torch\nresult = (" + ", ".join(_FACTORY_CALLS.values()) + ")",
    )
)
_BINARY = {"add", "sub", "mul", "div", "maximum", "minimum", "pow", "fmod", "remainder"}
_ELEMENTWISE = sorted(
    e.qual
    for e in library.entries()
    if e.group == "torch"
    and e.doc.startswith(e.qual[6:])
    and "broadcast shape of its tensor arguments" in e.doc
)
VALUES.append(
    (
        tuple(_ELEMENTWISE),
        "import torch\na, b = torch.ones(3, 1, 4), torch.ones(2, 1)\nresult = ("
        + ", ".join(
            "torch.where(torch.zeros(3, 1, 4, dtype=torch.bool), a, b)"
            if q == "torch.where"
            else f"{q}(a, b)"
            if q[6:] in _BINARY
            else f"{q}(a, min=0.1)"
            if q[6:] in ("clamp", "clip")
            else f"{q}(a * 0.5)"
            for q in _ELEMENTWISE
        )
        + ")",
    )
)
_MATH_ARGS = {
    "log": "(8, 2)",
    "gcd": "(12, 18)",
    "lcm": "(4, 6)",
    "prod": "([2, 3, 4])",
    "isqrt": "(17)",
    "pow": "(2, 5)",
    "isclose": "(1.0, 1.0000000001)",
    "atan2": "(1.0, 2.0)",
    "hypot": "(3, 4)",
    "copysign": "(2.0, -1)",
    "fmod": "(7.5, 2)",
    "ldexp": "(0.75, 3)",
    "remainder": "(7, 3)",
    "dist": "((0, 0), (3, 4))",
    "comb": "(10, 3)",
    "perm": "(6, 2)",
    "factorial": "(8)",
    "fsum": "([0.1] * 10)",
    "asin": "(0.5)",
    "acos": "(0.5)",
}
_MATH = sorted(e.qual for e in library.entries() if e.group == "math")
VALUES.append(
    (
        tuple(_MATH),
        "import math\nresult = ("
        + ", ".join(f"{q}{_MATH_ARGS.get(q[5:], '(2.5)')}" for q in _MATH)
        + ")",
    )
)
_OPS = sorted(
    e.qual
    for e in library.entries()
    if e.group == "operator"
    and e.qual[9:] not in ("itemgetter", "attrgetter", "getitem", "contains", "methodcaller")
)
_UNARY_OPS = {"neg", "pos", "not_", "invert", "truth", "index"}
_MATMUL_OPS = ("operator.matmul", "operator.imatmul")
VALUES.append(
    (
        tuple(q for q in _OPS if q not in _MATMUL_OPS),
        "import operator\nresult = ("
        + ", ".join(
            f"{q}(7)" if q[9:] in _UNARY_OPS else f"{q}(7, 3)" for q in _OPS if q not in _MATMUL_OPS
        )
        + ")",
    )
)

# the in-place operators on a list: the same list, grown (``functools.reduce(operator.iadd,
# lists, [])`` flattens so); on an int, the binary result
VALUES.append(
    (
        ("operator.iadd", "operator.imul"),
        "import functools, operator\na = [1]\nb = operator.iadd(a, [2, 3])\n"
        "c = [4]\nd = operator.imul(c, 2)\n"
        "result = (a, b is a, d is c, c, functools.reduce(operator.iadd, [[1], [2, 3]], []))",
    )
)

# type() of a library value and of plain values, compared with == and is (a made-up builtin
# type for a partial once made pix2pix's ``type(norm) == functools.partial`` confidently False)
VALUES.append(
    (
        ("builtins.type",),
        "import functools\np = functools.partial(max, 1)\nresult = (type(p) == functools.partial, "
        "type(p) is functools.partial, type(p) != functools.partial, type(3) == int, "
        "type([1]) is list, type('a') == int, type(None) is type(None), type((1,)) == tuple)",
    )
)

# numpy's dtype table (library/npdtypes.py): every scalar type called on a number it holds
# exactly, dtypes by type, Python type and code, and the abstract hierarchy
_NP_SCALARS = (  # numpy.bool_ is not an entry (session 37: its arithmetic is not Python's)
    "numpy.byte",
    "numpy.double",
    "numpy.float16",
    "numpy.float32",
    "numpy.float64",
    "numpy.float_",
    "numpy.half",
    "numpy.int16",
    "numpy.int32",
    "numpy.int64",
    "numpy.int8",
    "numpy.int_",
    "numpy.intc",
    "numpy.intp",
    "numpy.longlong",
    "numpy.short",
    "numpy.single",
    "numpy.ubyte",
    "numpy.uint",
    "numpy.uint16",
    "numpy.uint32",
    "numpy.uint64",
    "numpy.uint8",
    "numpy.uintc",
    "numpy.uintp",
    "numpy.ulonglong",
    "numpy.ushort",
)
VALUES.append(
    (
        ("numpy.dtype", "numpy.issubdtype", *_NP_SCALARS),
        "import numpy as np\nresult = ("
        + ", ".join(
            f"{'bool' if q == 'numpy.bool_' else 'float' if 'f' in q or 'double' in q or 'half' in q or 'single' in q else 'int'}({q.replace('numpy.', 'np.')}(1))"
            for q in _NP_SCALARS
            if q != "numpy.float_"  # removed in numpy 2
        )
        + ", np.dtype(np.int32).itemsize, np.dtype('f4').kind, np.dtype(float).name, "
        "int(np.dtype(np.int64).type(7)), np.issubdtype(np.float32, np.floating), "
        "np.issubdtype(int, np.integer), np.issubdtype(np.uint8, np.signedinteger), "
        "np.issubdtype(np.dtype('i2'), np.number), np.issubdtype(np.int64, np.int64), "
        "np.issubdtype(np.bool_, np.integer), int(np.int8(100)) + float(np.float64(0.5)))",
    )
)

VALUES.append(
    (
        ("numpy.triu_indices", "numpy.tril_indices"),
        # pyknos' mixture density network: the (rows, cols) of a triangle, row by row
        "import numpy as np\n"
        "result = ([a.tolist() for a in np.triu_indices(4, k=1)], "
        "[a.tolist() for a in np.tril_indices(3)], [a.tolist() for a in np.triu_indices(3, -1, 5)], "
        "len(np.tril_indices(n=6, k=-2, m=4)[0]))",
    )
)

VALUES.append(
    (
        (
            "configparser.ExtendedInterpolation",
            "configparser.BasicInterpolation",
            "configparser.Interpolation",
        ),
        "import configparser\nINI = '[a]\\nx = 5\\ny = %(x)s\\n[b]\\nz = ${a:x}\\n'\n"
        "e = configparser.ConfigParser(interpolation=configparser.ExtendedInterpolation())\n"
        "e.read_string(INI)\n"
        "b = configparser.ConfigParser(interpolation=configparser.BasicInterpolation())\n"
        "b.read_string(INI)\n"
        "n = configparser.ConfigParser(interpolation=configparser.Interpolation())\n"
        "n.read_string(INI)\n"
        "result = (e['b'].getint('z'), b['a'].getint('y'), n['a']['y'], n['b']['z'])",
    )
)

VALUES.append(
    (
        ("scipy.optimize.brentq",),
        # tensorly's fractional Tucker rank: the root scipy returns, bit for bit
        "from scipy.optimize import brentq\nimport numpy as np\n"
        "P, sq = np.prod((16, 32, 16)), np.sum([s**2 for s in (16, 32, 16)])\n"
        "result = (brentq(lambda x: P * x**3 + sq * x - 0.2 * P, 0.0, 1.0), "
        "brentq(lambda x: x**3 - 2, 0.0, 2.0), brentq(lambda x, k: x * x - k, 0, 3, args=(2,)), "
        "brentq(lambda x: x - 0.25, 0.0, 1.0, xtol=1e-3))",
    )
)

VALUES.append(
    (
        ("numpy.arange",),
        # gluonts' lags: windows of numpy ranges around a season
        "import numpy as np\n"
        "result = (np.arange(5).tolist(), np.arange(574.0, 577.0).tolist(), "
        "np.arange(1, 10, 3).tolist(), np.arange(3, 1).tolist(), len(np.arange(0.5, 2.0, 0.5)))",
    )
)

VALUES.append(
    (
        (
            "numpy.diagonal",
            "numpy.mean",
            "numpy.average",
            "numpy.linalg.eig",
            "numpy.linalg.eigh",
            "numpy.linalg.eigvals",
            "numpy.linalg.eigvalsh",
            "numpy.linalg.inv",
            "numpy.linalg.pinv",
            "numpy.linalg.svd",
            "numpy.linalg.qr",
            "numpy.linalg.solve",
            "numpy.linalg.cholesky",
        ),
        # S5's HiPPO initialisation: numpy matrices held by their shape (library/npshapes.py)
        "import numpy as np\nw = np.random.randn(4, 6)\ns = w[:, :4] @ w[:, :4].T\n"
        "p = np.sqrt(np.arange(4) + 0.5)\n"
        "result = (np.diagonal(w).shape, np.diagonal(w, 3).shape, (np.mean(w) * w).shape, "
        "(p - np.average(s)).shape, [x.shape for x in np.linalg.eig(s)], "
        "[x.shape for x in np.linalg.eigh(s * -1j)], np.linalg.eigvals(s).shape, "
        "np.linalg.eigvalsh(s).shape, np.linalg.inv(s).shape, np.linalg.pinv(w).shape, "
        "[x.shape for x in np.linalg.svd(w)], [x.shape for x in np.linalg.svd(w.T, False)], "
        "np.linalg.svd(w, compute_uv=False).shape, [x.shape for x in np.linalg.qr(w)], "
        "[x.shape for x in np.linalg.qr(w.T, mode='complete')], np.linalg.qr(w, 'r').shape, "
        "np.linalg.solve(s, w).shape, np.linalg.solve(s, p).shape, np.linalg.cholesky(s).shape, "
        "(p[:, np.newaxis] * p[None, :]).shape, np.diag(p).shape, (w.T @ p).shape, "
        "(p @ w).shape, w.conj().T.shape, w.ravel().shape, w.real.shape, w.imag.shape)",
    )
)
VALUES.append(
    (
        ("torch.nextafter", "torch.block_diag"),
        # S5's jax-ported truncated normal and its blocked eigenvector matrices
        "import torch\n"
        "result = (tuple(torch.nextafter(torch.ones(2, 3), torch.zeros(3)).shape), "
        "tuple(torch.block_diag(torch.ones(2), torch.ones(3, 1), torch.tensor(5.0)).shape), "
        "tuple(torch.block_diag(*[torch.ones(2, 4)] * 3).shape), torch.float16.is_complex, "
        "torch.complex64.is_complex, torch.bfloat16.is_floating_point, torch.long.is_floating_point)",
    )
)

_ACTS = [
    "gelu",
    "relu",
    "silu",
    "sigmoid",
    "tanh",
    "softmax",
    "log_softmax",
    "leaky_relu",
    "elu",
    "dropout",
    "normalize",
]
VALUES.append(
    (
        (
            "torch.mean",
            "torch.sum",
            "torch.var",
            "torch.std",
            "torch.amax",
            "torch.amin",
            "torch.logsumexp",
            "torch.einsum",
            *(f"torch.nn.functional.{a}" for a in _ACTS),
        ),
        # x-clip's transformer followed by a dummy forward in ``__init__`` (its SSL projector)
        "import torch\nimport torch.nn.functional as F\nx = torch.ones(2, 5, 6)\n"
        "result = (tuple(torch.mean(x, dim=-1, keepdim=True).shape), tuple(torch.sum(x).shape), "
        "tuple(torch.var(x, dim=-1, unbiased=False, keepdim=True).shape), "
        "tuple(torch.std(x, 1).shape), tuple(torch.amax(x, (0, 2)).shape), "
        "tuple(torch.amin(x, -1, True).shape), tuple(torch.logsumexp(x, dim=1).shape), "
        "tuple(torch.einsum('b i d, b j d -> b i j', x, x).shape), "
        "tuple(torch.einsum('bid,dk->bik', x, torch.ones(6, 3)).shape), "
        "[tuple(t.shape) for t in x.chunk(4, dim=-1)], [tuple(t.shape) for t in x.chunk(2, 1)], "
        "tuple(x.softmax(dim=-1, dtype=torch.float32).shape), "
        "[tuple(getattr(F, a)(x).shape) for a in ['gelu', 'relu', 'silu', 'sigmoid', 'tanh', 'softmax', 'log_softmax', 'leaky_relu', 'elu', 'dropout', 'normalize']])",
    )
)

# sizes held by standard-library protocols (library/pyprotocols.py)
VALUES.append(
    (
        ("array.array",),
        "from array import array\nimport array as arr\nV, D = array('H', [320, 64])\n"
        "result = (V, D, list(arr.array('d', (1, 2.5))), len(array('b')), list(array('i', range(3))))",
    )
)
VALUES.append(
    (
        ("typing.get_args", "typing.get_origin"),
        "import typing\nfrom typing import Literal, get_args\nW = Literal[64]\n"
        "A = typing.Annotated[int, 2, 3]\nresult = (get_args(W)[0], get_args(Literal[1, Literal[2, 3]]), "
        "get_args(A)[1:], get_args(int), typing.get_origin(W) is Literal)",
    )
)


# (covered names, code defining ``class M(nn.Module)`` that takes no arguments)
MODELS: list[tuple[tuple[str, ...], str]] = [
    (
        ("inspect.signature", "functools.wraps"),
        """
        import functools
        import inspect
        import torch.nn as nn
        def register(init):
            @functools.wraps(init)
            def inner(self, *args, **kwargs):
                init(self, *args, **kwargs)
            return inner
        class Mixin:
            @classmethod
            def from_config(cls, config):
                keys = set(dict(inspect.signature(cls.__init__).parameters).keys())
                keys.remove("self")
                init = {}
                for key in keys:
                    if key in config:
                        init[key] = config[key]
                return cls(**init)
        class Net(nn.Module, Mixin):
            @register
            def __init__(self, width=512, depth=4):
                super().__init__()
                self.layers = nn.ModuleList([nn.Linear(width, width) for _ in range(depth)])
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.net = Net.from_config({"width": 8, "depth": 2})
        """,
    ),
    (
        ("torch.nn.Sequential",),
        """
        from collections import OrderedDict
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.s = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 100))
                self.s[-1] = nn.Linear(8, 3)  # a head swapped for a new task
                self.n = nn.Sequential(OrderedDict(a=nn.Linear(4, 4), b=nn.Linear(4, 9)))
                self.n[1] = nn.Linear(4, 2)
                self.l = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
                self.l[-3] = nn.Linear(2, 5)
                self.l[1] = nn.Conv2d(2, 2, 3)
        """,
    ),
    (
        ("functools.partial",),
        """
        import functools
        import torch.nn as nn
        class D(nn.Module):
            def __init__(self, c, norm_layer=nn.BatchNorm2d):
                super().__init__()
                if type(norm_layer) == functools.partial:
                    use_bias = norm_layer.func == nn.InstanceNorm2d
                else:
                    use_bias = norm_layer == nn.InstanceNorm2d
                self.c = nn.Conv2d(3, c, 3, bias=use_bias)
                self.n = norm_layer(c)
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = D(8, functools.partial(nn.InstanceNorm2d, affine=True))
                self.b = D(4)
                self.c = D(2, nn.InstanceNorm2d)
        """,
    ),
    (
        ("torch.nn.utils.parametrize.register_parametrization",),
        """
        import torch.nn as nn
        from torch.nn.utils import parametrize
        class Sym(nn.Module):
            def forward(self, X):
                return X.triu() + X.triu(1).transpose(-1, -2)
        class M(nn.Module):
            def __init__(self, d=6):
                super().__init__()
                self.f = nn.Linear(d, d)
                parametrize.register_parametrization(self.f, "weight", Sym())
    """,
    ),
    (
        ("builtins.staticmethod", "builtins.classmethod"),
        """
        import torch.nn as nn
        def make(dim):
            return nn.Linear(dim, 2 * dim)
        def build(cls, dim):
            return nn.Linear(dim, cls.width)
        class Factory:
            width = 5
            double = staticmethod(lambda dim: nn.Linear(dim, dim))
        Factory.make = staticmethod(make)  # set after the class, at module level
        Factory.build = classmethod(build)
        class M(nn.Module):
            def __init__(self, dim=4):
                super().__init__()
                self.a = Factory.make(dim)
                self.b = Factory().make(3)
                self.c = Factory.build(dim)
                self.d = Factory.double(dim)
    """,
    ),
    (
        ("functools.partial",),
        """
        import functools
        import torch.nn as nn
        class Block(nn.Module):
            def __init__(self, dim, norm_layer=nn.LayerNorm, act=nn.GELU):
                super().__init__()
                self.norm = norm_layer(dim)
                self.fc = nn.Linear(dim, dim)
                self.act = act()
        class M(nn.Module):
            def __init__(self, depth=3, dim=16):
                super().__init__()
                norm = functools.partial(nn.LayerNorm, eps=1e-6, elementwise_affine=False)
                blk = functools.partial(Block, norm_layer=norm)
                self.blocks = nn.ModuleList([functools.partial(blk, act=nn.ReLU)(dim) for _ in range(depth)])
                self.conv = functools.partial(nn.Conv2d, kernel_size=3, padding=1)(3, 8)
                self.head = functools.partial(nn.Linear, bias=False)(dim, 4)
    """,
    ),
    (
        ("torch.nn.utils.skip_init", "torch.nn.ModuleDict"),
        """
        import torch
        import torch.nn as nn
        from torch.nn.utils import skip_init
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = skip_init(nn.Linear, 8, 16, bias=False)
                self.b = torch.nn.utils.skip_init(nn.Embedding, 10, 4)
                self.d = nn.ModuleDict({"x": nn.Linear(2, 2)})
                self.d.update({"y": nn.Linear(3, 3), "x": nn.Linear(5, 5)})
                self.d.update([("z", nn.Linear(1, 1))])
                kw = dict(in_features=4)
                kw.update(out_features=5)
                kw.update({"bias": False})
                self.e = nn.Linear(**kw)
    """,
    ),
    (
        ("einops.layers.torch.Rearrange", "einops.layers.torch.Reduce"),
        """
        import torch
        import torch.nn as nn
        from einops import rearrange
        from einops.layers.torch import Rearrange, Reduce
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.patch = nn.Sequential(
                    Rearrange("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=4, p2=4),
                    nn.Linear(48, 32),
                )
                self.pool = Reduce("b n d -> b d", "mean")
                self.pos = nn.Parameter(rearrange(torch.zeros(8, 8, 16), "h w c -> (h w) c"))
    """,
    ),
    (
        (
            "torch.nn.Module",
            "torch.nn.Sequential",
            "torch.nn.ModuleList",
            "torch.nn.ParameterList",
            "torch.nn.ParameterDict",
        ),
        """
        import torch
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.box = nn.Module()
                self.box.fc = nn.Linear(3, 3)
                self.seq = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1))
                self.ml = nn.ModuleList([nn.Linear(i + 1, 2) for i in range(3)])
                self.pl = nn.ParameterList([nn.Parameter(torch.zeros(i + 1)) for i in range(2)])
                self.pd = nn.ParameterDict({"a": nn.Parameter(torch.zeros(2, 2))})
    """,
    ),
    (
        ("collections.namedtuple", "dataclasses.field"),
        """
        import collections
        import dataclasses
        import torch.nn as nn
        Spec = collections.namedtuple("Spec", ["dim", "depth"])
        @dataclasses.dataclass
        class Cfg:
            widths: list = dataclasses.field(default_factory=lambda: [8, 16, 32])
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                s, c = Spec(8, 2), Cfg()
                self.blocks = nn.ModuleList([nn.Linear(s.dim, s.dim) for _ in range(s.depth)])
                self.up = nn.ModuleList([nn.Linear(a, b) for a, b in zip(c.widths, c.widths[1:])])
    """,
    ),
    (
        ("types.SimpleNamespace", "argparse.Namespace"),
        """
        import argparse
        from types import SimpleNamespace
        import torch.nn as nn
        hp = SimpleNamespace(dim=16, depth=3, heads=4, ffn=64)
        args = argparse.Namespace(vocab=50, dim=hp.dim)
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                cfg = SimpleNamespace(**vars(hp))
                cfg.ffn = 2 * cfg.ffn
                self.embed = nn.Embedding(args.vocab, args.dim)
                self.layers = nn.ModuleList([nn.Linear(hp.dim, cfg.ffn) for _ in range(hp.depth)])
                self.qkv = nn.Linear(hp.dim, 3 * (hp.dim // hp.heads) * hp.heads)
    """,
    ),
    (
        ("types.ModuleType",),
        """
        import types
        import torch.nn as nn
        hp = types.ModuleType("hp")
        for k, v in (("dim", 16), ("depth", 3)):
            setattr(hp, k, v)
        hp.ffn = 4 * hp.dim
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList([nn.Linear(hp.dim, hp.ffn) for _ in range(hp.depth)])
    """,
    ),
    (
        ("pydantic.Field",),
        """
        import torch.nn as nn
        from pydantic import BaseModel
        class Cfg(BaseModel):
            dim: int = 8
            depth: int = 2
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                cfg = Cfg(dim=16, depth=3)
                self.layers = nn.ModuleList([nn.Linear(cfg.dim, 4) for _ in range(cfg.depth)])
    """,
    ),
    (
        ("attrs.field",),
        """
        import attrs
        import torch.nn as nn
        from attrs import define
        @define
        class Cfg:
            dim: int = attrs.field(default=8, validator=attrs.validators.gt(0))
            depth: int = 2
            @property
            def half(self):
                return self.dim // 2
        class M(nn.Module):
            def __init__(self, cfg=Cfg(depth=3)):
                super().__init__()
                self.layers = nn.ModuleList([nn.Linear(cfg.dim, cfg.half) for _ in range(cfg.depth)])
    """,
    ),
    (
        ("configparser.ConfigParser",),
        """
        import configparser
        import torch.nn as nn
        INI = \'\'\'
        [model]
        hidden_size = 64
        num_layers = 3
        \'\'\'
        parser = configparser.ConfigParser()
        parser.read_string(INI)
        M_CFG = parser["model"]
        class M(nn.Module):
            def __init__(self, m=M_CFG):
                super().__init__()
                d = m.getint("hidden_size")
                self.layers = nn.ModuleList([nn.Linear(d, d) for _ in range(m.getint("num_layers"))])
    """,
    ),
    (
        ("builtins.vars", "inspect.isclass"),
        """
        import inspect
        import torch
        import torch.nn as nn
        def resolve(query, *args, **kwargs):
            acts = [
                a for a in vars(torch.nn.modules.activation).values()
                if isinstance(a, type) and issubclass(a, nn.Module)
            ]
            for cls in acts:
                if cls.__name__.lower() == query.replace("_", "").lower():
                    return cls(*args, **kwargs) if inspect.isclass(cls) else cls
            raise ValueError(query)
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.act = resolve("prelu", num_parameters=8)
                self.lin = nn.Linear(8, 8)
                self.act2 = resolve("leaky_relu", 0.1)
    """,
    ),
]

MODELS.append(
    (
        ("torch.nn.modules.transformer._get_clones",),
        # torchcvnn's complex Transformer stacks its own layers with torch's helper
        """
        import torch.nn as nn
        from torch.nn.modules.transformer import _get_clones

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = _get_clones(nn.Linear(4, 4), 3)
                self.more = _get_clones(nn.Sequential(nn.Linear(2, 3), nn.LayerNorm(3)), N=2)
                self.none = _get_clones(nn.Linear(5, 5), 0)
        """,
    )
)
MODELS.append(
    (
        ("einops.layers.torch.EinMix",),
        # native-sparse-attention's grouped MLP: per-head weights, a bias over some axes
        """
        import torch.nn as nn
        from einops.layers.torch import EinMix

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = EinMix("b h w i -> b h w o", weight_shape="h i o", bias_shape="h o",
                                h=4, i=32, o=48)
                self.b = EinMix("t b (head cin) -> t b (head cout)", weight_shape="head cin cout",
                                head=2, cin=3, cout=5)
                self.c = EinMix("b c -> b c", weight_shape="c", bias_shape="c", c=7)
        """,
    )
)
MODELS.append(
    (
        ("torch.view_as_real", "torch.view_as_complex"),
        # S4D's ``nn.Parameter(torch.view_as_real(C))`` of a complex (H, N/2) tensor
        "import torch\nfrom torch import nn\nclass M(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        c = torch.randn(4, 3, dtype=torch.cfloat)\n"
        "        self.C = nn.Parameter(torch.view_as_real(c))\n"
        "        self.D = nn.Parameter(torch.view_as_complex(torch.zeros(5, 2)))\n",
    )
)


MODELS.append(
    (
        ("functools.singledispatch",),
        # gymnasium's ``flatdim``: a default that raises, registrations by class and annotation
        "from functools import singledispatch\nimport torch.nn as nn\n"
        "class Box:\n    def __init__(self, *shape):\n        self.shape = shape\n"
        "class Wide(Box):\n    pass\n"
        "@singledispatch\ndef size(x):\n    raise NotImplementedError(x)\n"
        "@size.register(Box)\ndef _(x):\n    return x.shape[0] * x.shape[1]\n"
        "@size.register\ndef _(x: int):\n    return x\n"
        "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.l = nn.Linear(size(Wide(3, 4)), size(5))\n",
    )
)

MODELS.append(
    (
        (
            "torch.nn.utils.fusion.fuse_conv_bn_eval",
            "torch.nn.utils.fusion.fuse_linear_bn_eval",
            "torch.nn.utils.parametrize.remove_parametrizations",
            "torch.nn.utils.prune.identity",
            "torch.nn.utils.prune.custom_from_mask",
            "torch.nn.utils.prune.remove",
        ),
        # model surgery after build (wildfix18b, library/torchsurgery.py): a fused conv gains
        # a bias; weight_norm's magnitude goes with its parametrization; pruning keeps counts
        """
        import torch
        import torch.nn as nn
        import torch.nn.utils.prune as prune
        from torch.nn.utils import parametrize
        from torch.nn.utils.fusion import fuse_conv_bn_eval, fuse_linear_bn_eval
        from torch.nn.utils.parametrizations import weight_norm

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                conv, bn = nn.Conv2d(3, 8, 3, bias=False).eval(), nn.BatchNorm2d(8).eval()
                self.conv = fuse_conv_bn_eval(conv, bn)
                self.lin = fuse_linear_bn_eval(nn.Linear(8, 4).eval(), nn.BatchNorm1d(4).eval())
                self.wn = weight_norm(nn.Linear(4, 6))
                parametrize.remove_parametrizations(self.wn, "weight")
                self.p = nn.Linear(6, 5)
                prune.identity(self.p, "weight")
                prune.custom_from_mask(self.p, "weight", torch.ones(5, 6))
                prune.remove(self.p, "weight")
        """,
    )
)

MODELS.append(
    (
        ("pickle.dumps", "pickle.loads"),
        # a prototype cloned by a pickle round trip (wildfix24b): each ``loads`` a new,
        # independent copy of what ``dumps`` held when it ran (a layer added to the prototype
        # afterwards is in no clone)
        """
        import pickle
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self, n=3):
                super().__init__()
                proto = nn.Sequential(nn.Linear(12, 24), nn.LayerNorm(24))
                blob = pickle.dumps(proto, protocol=pickle.HIGHEST_PROTOCOL)
                proto.append(nn.Linear(24, 24))
                self.proto = proto
                self.towers = nn.ModuleList(pickle.loads(blob) for _ in range(n))
        """,
    )
)
MODELS.append(
    (
        ("builtins.delattr",),
        # ``delattr`` as ``del obj.name`` (wildfix19c, interp/leafdel.py): a layer's bias
        # dropped (the catalogue's ``bias=False``), a child unregistered
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Conv2d(3, 8, 3)
                self.b = nn.Linear(8, 4)
                self.c = nn.Linear(4, 4)
                delattr(self.a, "bias")
                delattr(self, "c")
        """,
    )
)

SUBCLASSES = """
    import torch.nn as nn
    class Emb(nn.Embedding):
        def __init__(self, n, d, scale=1.0):
            super().__init__(n, d)
            self.scale = scale
    class Lin(nn.Linear):
        def __init__(self, i, o):
            super().__init__(i, o, bias=False)
    class Conv(nn.Conv2d):
        def __init__(self, c):
            super().__init__(c, 2 * c, kernel_size=3, padding=1)
    class Head(nn.Linear):
        def forward(self, x):
            return super().forward(x)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.e = Emb(1000, 64)
            self.l = Lin(self.e.embedding_dim, 10)
            self.c = Conv(3)
            self.h = Head(10, 5)
"""

# session 27 (wildfix27): gin's config parser, Decimal ratios, an ExitStack's exit callbacks
VALUES.append(
    (
        ("tokenize.generate_tokens",),
        "import io\nimport tokenize\ns = io.StringIO('a.b = 12\\nc = [64, 32]  # w\\n')\n"
        "result = [(t.type, t.string, t.start, t.end) for t in tokenize.generate_tokens(s.readline)]",
    )
)
VALUES.append(
    (
        ("decimal.Decimal",),
        "from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal\nr = Decimal('0.333')\n"
        "result = (int((Decimal(96) * r).to_integral_value(rounding=ROUND_FLOOR)), "
        "int(Decimal('2.5').quantize(Decimal('1'), rounding=ROUND_HALF_UP)), "
        "str(Decimal(1) / Decimal(3)), Decimal('1.5') + 2 > 3, float(Decimal('0.125')), "
        "int(Decimal('-7.9')), round(Decimal('2.5')), ROUND_FLOOR)",
    )
)
VALUES.append(
    (
        ("random.Random",),
        "import random\nrng = random.Random(11)\n"
        "result = ([rng.choice('abcdef') for _ in range(5)], rng.sample(range(50), 4), "
        "rng.choices([2, 4, 8], weights=[3, 1, 1], k=3), rng.randint(1, 100), "
        "rng.randrange(0, 90, 3), rng.random(), rng.uniform(2, 3))",
    )
)
MODELS.append(
    (
        ("contextlib.ExitStack",),
        """
        import contextlib
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                layers = [nn.Linear(4, 8)]
                with contextlib.ExitStack() as stack:
                    stack.callback(layers.append, nn.Linear(8, 2))
                    stack.callback(layers.append, nn.Linear(2, 8))
                    layers.append(nn.ReLU())
                self.net = nn.Sequential(*layers)
        """,
    )
)

# entries no row runs, and why
MODELS.append(
    (
        ("torch.nn.Embedding.from_pretrained", "torch.nn.EmbeddingBag.from_pretrained"),
        # fresh28 vbpr: frozen pretrained features are a parameter all the same (session 29)
        """
        import torch
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                feats = torch.zeros(80, 32)
                self.features = nn.Embedding.from_pretrained(feats, freeze=True)
                self.text = nn.EmbeddingBag.from_pretrained(torch.ones(40, 6), mode="sum")
                self.proj = nn.Embedding.from_pretrained(self.features.weight, padding_idx=0)
                self.tune = nn.Embedding.from_pretrained(torch.zeros(7, feats.size(1)), False)
        """,
    )
)
MODELS.append(
    (
        ("torch.compile",),
        # fresh28 inkan: a compiled basis function kept on the layer registers nothing
        """
        import torch
        import torch.nn as nn
        def _basis(x, n):
            return x.unsqueeze(-1).repeat(1, 1, n)
        basis = torch.compile(_basis)
        @torch.compile(mode="reduce-overhead")
        def width(d):
            return 2 * d
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self._basis_fn = {(True,): basis, (False,): _basis}[(True,)]
                self.width = width  # (never called: no compilation in the test)
                self.lin = nn.Linear(4, 6)
        """,
    )
)
MODELS.append(
    (
        ("torch.diagonal", "torch.linalg.diagonal"),
        # fresh28 egnlib: a Stiefel init's QR sign fix (torch.diagonal(r, dim1=-2, dim2=-1))
        """
        import torch
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                q, r = torch.linalg.qr(torch.randn(3, 16, 10))
                sign = torch.sign(torch.diagonal(r, dim1=-2, dim2=-1))
                self.w = nn.Parameter(q * sign.unsqueeze(-2))
                self.a = nn.Parameter(torch.diagonal(torch.zeros(4, 5, 6), 1))
                self.b = nn.Parameter(torch.linalg.diagonal(torch.zeros(2, 7, 3), offset=-2))
                self.c = nn.Parameter(torch.zeros(5, 6, 8).diagonal(-1, 0, 2))
                self.d = nn.Parameter(torch.diagonal(torch.zeros(3, 4), 9))
        """,
    )
)
MODELS.append(
    (
        ("types.MethodType", "contextlib.nullcontext"),
        # a function bound to one instance adds layers; nullcontext's as-value is its argument
        """
        import contextlib
        import types
        import torch.nn as nn
        def add_head(self, name, n_out):
            self.add_module(name, nn.Linear(self.dim, n_out))
            return getattr(self, name)
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.dim = 12
                self.layers = nn.ModuleList()
                with contextlib.nullcontext(self.layers) as layers:
                    layers.append(nn.Linear(3, 4))
                with contextlib.nullcontext() as none:
                    self.flag = none
                self.add_head = types.MethodType(add_head, self)
                self.add_head("cls", 6)
                self.add_head("reg", 1)
        """,
    )
)


NOT_RUN = {
    "torch.func.stack_module_state": "a model count vs torch: tests/test_wild_constructs18e.py",
    "peft.get_peft_model": "needs peft: tests/test_wild_constructs13a.py (names and shapes vs torch)",
    "peft.inject_adapter_in_model": "needs peft: tests/test_wild_constructs13a.py",
    "pydantic.create_model": "tests/test_wild_constructs13a.py (a @validated-style __init__)",
    "pandas.tseries.frequencies.to_offset": "needs pandas: tests/test_wild_constructs13a.py",
    "scipy.linalg.qr": "scipy is an extra: test_wild_constructs13b.py::test_glow_lu_inverse_conv",
    "scipy.linalg.lu": "scipy is an extra: test_wild_constructs13b.py::test_glow_lu_inverse_conv",
    "os.environ.get": "test_environment_reads_default_in_libraries_only",
    "os.getenv": "test_environment_reads_default_in_libraries_only",
    "builtins.print": "prints nothing; None",
    "builtins.id": "an unknown number remembering its object: tests/test_wild_constructs27b.py",
    "builtins.ValueError": "an exception value; raising is a statement",
    "builtins.TypeError": "an exception value; raising is a statement",
    "builtins.KeyError": "an exception value; raising is a statement",
    "builtins.NotImplementedError": "an exception value; raising is a statement",
    "builtins.RuntimeError": "an exception value; raising is a statement",
    "itertools.count": "a real iterator: tests/test_wild_constructs15b.py; of unknown numbers: "
    "unknown (test_unknowns_name_the_call)",
    "operator.matmul": "tensors: forward shapes, not __init__ values",
    "operator.imatmul": "tensors: forward shapes, not __init__ values",
    "torch.from_numpy": "needs a numpy array value; arrays stand as lists",
    "torch.get_default_dtype": "float32 (or unknown after a setter): tests/test_wild_constructs31a.py",
    "torch.device": "a device: always unknown",
    "torch.finfo": "always unknown",
    "torch.iinfo": "always unknown",
}
# sampling runs on CPU, not meta: counted against torch in tests/test_wild_constructs15c.py
NOT_RUN.update(
    dict.fromkeys(
        (
            "torch.broadcast_shapes",
            *(
                f"torch.distributions.{n}"
                for n in (
                    "Beta Normal Uniform Gamma Exponential Laplace LogNormal Cauchy Poisson "
                    "HalfNormal HalfCauchy Gumbel Chi2 StudentT"
                ).split()
            ),
        ),
        "tests/test_wild_constructs15c.py::test_distribution_draws_as_parameters",
    )
)
# library/configtexts.py: each read against CPython (values) and torch (counts) there
NOT_RUN.update(
    dict.fromkeys(
        (
            "shlex.split",
            "shlex.quote",
            "shlex.join",
            "io.StringIO",
            "csv.reader",
            "csv.DictReader",
            "xml.etree.ElementTree.fromstring",
            "xml.etree.ElementTree.XML",
            "string.Template",
            "fractions.Fraction",
            "dataclasses.make_dataclass",
        ),
        "tests/test_drift13a.py",
    )
)
NOT_RUN.update({"attr.has": "attrs is not a core dependency: tests/test_wild_constructs14.py"})
# library/configtexts.py: the decimal context is not modelled (unknown, or the analysis stops)
NOT_RUN.update(
    dict.fromkeys(
        ("decimal.getcontext", "decimal.setcontext", "decimal.localcontext", "decimal.Context"),
        "unknown by design: tests/test_wild_constructs27a.py",
    )
)
# library/pkgdata.py: package data files need a package on disk (written in tmp_path there)
NOT_RUN.update(
    dict.fromkeys(
        (
            "builtins.open",
            "importlib.resources.files",
            "json.load",
            "pathlib.Path",
            "pathlib.PosixPath",
            "pathlib.PurePath",
            "pathlib.PurePosixPath",
        ),
        "tests/test_wild_constructs15d.py",
    )
)
VALUES.append(
    (
        ("re.compile",),
        # gymnasium's ``ENV_ID_RE.fullmatch(env_id)`` splits ``ns/Name-v1``
        "import re\nP = re.compile(r'^(?:(?P<ns>[\\w:-]+)/)?(?P<name>[\\w.-]+?)(?:-v(?P<v>\\d+))?$')\n"
        "m = P.fullmatch('team/Cart-v12')\n"
        "result = (m.group('ns', 'name', 'v'), P.fullmatch('Plain').group('v'), "
        "re.compile(r'\\d+').findall('a12b3'), re.compile('_').split('a_b_c', 1), P.pattern[:2])",
    )
)
VALUES.append(
    (
        ("dataclasses.is_dataclass",),
        # omegaconf's ``is_structured_config``: a dataclass class or instance, never a dict
        "import dataclasses\n@dataclasses.dataclass\nclass A:\n    x: int = 1\nclass B(A):\n    pass\n"
        "class C:\n    pass\n"
        "result = (dataclasses.is_dataclass(A), dataclasses.is_dataclass(B()), "
        "dataclasses.is_dataclass(C), dataclasses.is_dataclass({}), dataclasses.is_dataclass(3))",
    )
)
# library/ctxvars.py: each read against torch (counts) and an unknown where CPython raises
NOT_RUN.update(
    dict.fromkeys(
        ("contextvars.ContextVar", "contextvars.copy_context", "contextvars.Context"),
        "tests/test_drift14a.py",
    )
)
# session 15 (drift15a): each compared with torch (counts) in tests/test_drift15a.py
NOT_RUN.update(
    dict.fromkeys(
        (
            "struct.pack",
            "struct.unpack",
            "struct.unpack_from",
            "struct.calcsize",
            "dataclasses.astuple",
        ),
        "tests/test_drift15a.py",
    )
)
# session 14 (wildfix14b): each compared with torch in tests/test_wild_constructs14b.py
NOT_RUN.update(
    dict.fromkeys(
        (
            "inspect.getfullargspec",
            "numpy.zeros",
            "numpy.ones",
            "numpy.empty",
            "numpy.full",
            "numpy.pad",
            "scipy.signal.get_window",
            "torch.prod",
            "torch.nn.functional.pad",
        ),
        "tests/test_wild_constructs14b.py",
    )
)
# session 15 (wildfix15b): each compared with torch in tests/test_wild_constructs15b.py
NOT_RUN.update(
    dict.fromkeys(
        (
            "torch.linalg.lstsq",
            "omegaconf.OmegaConf.create",
            "omegaconf.DictConfig",
            "omegaconf.OmegaConf.to_container",
        ),
        "tests/test_wild_constructs15b.py (omegaconf is not a core dependency)",
    )
)
NOT_RUN.update(
    dict.fromkeys(
        ("numpy.round", "numpy.around", "numpy.rint", "numpy.unique"),
        "tests/test_wild_constructs15b.py (RegNet's quantized widths, against torch)",
    )
)

# session 24 (crashfix24b): a causal mask built in ``__init__`` (its shape, then judged in
# forward against the encoder's length: tests/test_crash24b.py)
VALUES.append(
    (
        ("torch.nn.Transformer.generate_square_subsequent_mask",),
        "import torch\nresult = (torch.nn.Transformer.generate_square_subsequent_mask(5), "
        "torch.nn.Transformer.generate_square_subsequent_mask(sz=1))",
    )
)

# session 15 (wildfix15a): ``object()`` sentinels compared by identity
VALUES.append(
    (
        ("builtins.object",),
        "a = object()\nb = object()\nresult = (a is a, a is b, a == b, a != b, a in [b, a], "
        "b in (a,))",
    )
)
VALUES.append(
    (
        ("builtins.object.__setattr__",),
        "from dataclasses import dataclass, field\n@dataclass(frozen=True)\nclass C:\n    a: int = 2\n"
        "    b: int = field(init=False)\n    def __post_init__(self):\n"
        "        object.__setattr__(self, 'b', self.a * 3)\nc = C(a=5)\nresult = (c.a, c.b)",
    )
)
# session 28 (wrongs28): a class's own ``__getattribute__`` handing other names to object's
VALUES.append(
    (
        ("builtins.object.__getattribute__",),
        "class C:\n    d = 5\n    e = 7\n    def __getattribute__(self, name):\n"
        "        if name == 'd':\n            return 20\n"
        "        return object.__getattribute__(self, name)\n"
        "c = C()\nc.f = 3\nresult = (c.d, c.e, c.f, object.__getattribute__(c, 'd'))",
    )
)

VALUES.append(
    (
        ("torch.hann_window", "torch.hamming_window", "torch.blackman_window"),
        "import torch\nresult = (torch.hann_window(8), torch.hann_window(5, periodic=False), "
        "torch.hamming_window(7, True, 0.5, 0.5), torch.blackman_window(0), "
        "torch.hann_window(1, dtype=torch.float64), torch.hann_window(window_length=3))",
    )
)
VALUES.append(
    (
        ("torch.bartlett_window",),
        "import torch\nresult = (torch.bartlett_window(6), torch.bartlett_window(4, False), "
        "torch.tril(torch.ones(3, 3)).view(1, 9).tolist(), "
        "torch.triu(torch.arange(6).reshape(2, 3), 1).tolist(), "
        "torch.ones(2, 4).tril(-1).reshape(-1).sum().item(), "
        "torch.tril(torch.arange(8).view(2, 2, 2) > 2, diagonal=0).tolist())",
    )
)


# session 19 (wildcov19): the rows of library/buildcalls.py live with its own tests
from tests.test_library_buildcalls import ROWS as _BUILDCALLS_ROWS  # noqa: E402

VALUES.extend(_BUILDCALLS_ROWS)
VALUES.append(
    (
        ("numpy.size",),
        # rockpool's ``if np.size(shape) == 1: shape = (np.array(shape).item(), ...)``
        "import numpy as np\nresult = (np.size(7), np.size((3, 4)), np.size([[1, 2], [3, 4], [5, 6]]), "
        "np.array(24).item(), np.array((5,)).item(), np.array(9).shape, np.array(9).ndim, "
        "np.size(np.array([1, 2, 3])))",
    )
)
VALUES.append(
    (
        ("numpy.shape", "numpy.ndim"),
        # rockpool's ``Parameter``: a time constant against its permitted shapes (session 23)
        "import numpy as np\nresult = (np.shape(0.02), np.shape(3), np.shape(None), np.shape('ab'), "
        "np.shape([1.0, 2.0]), np.shape([[1, 2, 3], [4, 5, 6]]), np.shape([]), "
        "np.shape(np.array(9)), np.ndim(7), np.ndim([[1], [2]]), np.shape(0.02) == (), "
        "any([np.shape(0.02) == s for s in [(4, 2), (1, 2), ()]]))",
    )
)
VALUES.append(
    (
        ("importlib.util.find_spec",),
        # rockpool's backend check: ``util.find_spec(spec) is not None``
        "from importlib import util\nimport importlib.util\n"
        "result = (util.find_spec('json') is not None, "
        "importlib.util.find_spec('json.decoder') is not None)",
    )
)


def _norm(v, static: bool):
    """A comparable form: tensors by shape, namedtuples as tuples, lists/tuples itemwise."""
    if static:
        v = plain(v)
        if isinstance(v, Tensor):
            return ("tensor", tuple(plain(d) for d in v.shape)) if isinstance(v.shape, tuple) else v
    elif isinstance(v, torch.Tensor):
        return ("tensor", tuple(v.shape))
    if isinstance(v, NamedTupleValue):
        v = tuple(v)
    if isinstance(v, tuple) and hasattr(v, "_fields"):
        v = tuple(v)
    if isinstance(v, (list, tuple)):
        return type(v)(_norm(x, static) for x in v)
    if isinstance(v, dict):
        return {_norm(k, static): _norm(x, static) for k, x in v.items()}
    if isinstance(v, float):
        return round(v, 9)
    return v


def _as_function(code: str) -> str:
    """The snippet as the body of a function (statements run in order, as in model code)."""
    return (
        "def _case():\n"
        + textwrap.indent(code, "    ")
        + "\n    return result\n\n\nresult = _case()\n"
    )


def static_result(tmp_path, code: str):
    f = tmp_path / "libcase.py"
    f.write_text(_as_function(code))
    mod = parse_file(f, "libcase")
    interp = Interp(Finder([tmp_path]))
    interp.names.add_module(mod)
    return interp.names.global_lookup(mod, "result")


def _id(row) -> str:
    return row[0][0] + (f"+{len(row[0]) - 1}" if len(row[0]) > 1 else "")


@pytest.mark.parametrize("row", VALUES, ids=_id)
def test_value_matches_cpython(row, tmp_path):
    _, code = row
    want = _norm(runpy.run_path(_write(tmp_path / "run.py", _as_function(code)))["result"], False)
    got = _norm(static_result(tmp_path, code), True)
    assert got == want, code


def _write(path, code: str) -> str:
    path.write_text(code)
    return str(path)


def _torch_count(path: str) -> int:
    with torch.device("meta"):
        m = runpy.run_path(path, run_name="__libcase__")["M"]()
    return sum(p.numel() for p in {id(p): p for p in m.parameters()}.values())


# The list itself, not a copy: pytest reads it at collection, after the rows appended below
# this line have run (a copy made here silently dropped them).
MODELS.append((("subclasses",), SUBCLASSES))


@pytest.mark.parametrize("row", MODELS, ids=_id)
def test_model_count_matches_torch(row, tmp_path):
    path = _write(tmp_path / "model.py", textwrap.dedent(row[1]))
    want = _torch_count(path)
    g = parse_source(path, entry="M")
    assert g.params_total() == want, [str(n) for n in g.notes]


def test_torch_layer_subclasses_count_the_same_without_torch(tmp_path):
    # the issue's case: an nn.Embedding subclass counted 650 for 64,650 on the core install
    from tests.test_no_torch import run_without_torch

    path = _write(tmp_path / "model.py", textwrap.dedent(SUBCLASSES))
    r = run_without_torch("graph", f"{path}::M", "--format", "json")
    assert r.returncode == 0, r.stderr
    import json

    assert json.loads(r.stdout)["params_total"] == _torch_count(path)


def test_unknowns_name_the_call(tmp_path):
    code = (
        "import itertools\nfrom einops.layers.torch import EinMix\nimport functools\n"
        "result = (itertools.count('a'), EinMix('b d -> b e', weight_shape='d e', d=2), "
        "functools.partial(max([]))(3), max([]))\n"
    )
    got = static_result(tmp_path, code)
    assert all(isinstance(x, Unknown) for x in got)
    assert "libcase.py:5" in got[0].why and "itertools.count" in got[0].why
    assert "EinMix" in got[1].why
    assert got[2].__class__.__name__ == "UnknownModule"  # may hold weights: never 0


def test_every_entry_is_run_or_says_why():
    covered = {q for rows in (VALUES, MODELS) for names, _ in rows for q in names}
    entries = {e.qual for e in library.entries()}
    missing = entries - covered - set(NOT_RUN)
    assert not missing, f"library entries with no row in tests/test_library.py: {sorted(missing)}"
    assert not (covered & set(NOT_RUN)), "a covered entry is also listed as not run"
    assert not (covered - entries - {"subclasses"}), sorted(covered - entries)


def test_library_page_is_generated_from_the_registry():
    r = subprocess.run(
        [sys.executable, "tools/gen_library_docs.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr


_ = math


ENV_CODE = (
    "import os\nresult = (os.environ.get('DRIFTCHECK_UNSET_SWITCH', 'false').lower() == 'true', "
    "os.getenv('DRIFTCHECK_UNSET_SWITCH'), os.getenv('DRIFTCHECK_UNSET_SWITCH', 3))"
)


def test_environment_reads_default_in_libraries_only(tmp_path, monkeypatch):
    """``os.environ.get`` / ``os.getenv`` in an installed library (timm's feature switches)
    take their default, as CPython does in a clean environment; in the code under analysis
    the variable is the user's to set, so the value is unknown."""
    from driftcheck.parsers.source import loader

    want = _norm(
        runpy.run_path(_write(tmp_path / "run.py", _as_function(ENV_CODE)))["result"], False
    )
    got = static_result(tmp_path, ENV_CODE)
    assert all(isinstance(x, Unknown) for x in got)
    monkeypatch.setattr(loader, "_INSTALLED", (str(tmp_path.resolve()),))
    assert _norm(static_result(tmp_path, ENV_CODE), True) == want


def test_dict_written_under_unknown_key_splats_unknown(tmp_path):
    # a dict filled in a loop over a value we cannot enumerate holds entries we cannot see:
    # ``Net(**kw)`` is unknown, never Net at its defaults (512 wide: a confident wrong count)
    code = textwrap.dedent(
        """
        import torch.nn as nn
        class Net(nn.Module):
            def __init__(self, width=512):
                super().__init__()
                self.f = nn.Linear(width, width)
        class M(nn.Module):
            def __init__(self, names=None):
                super().__init__()
                kw = {}
                for key in names.split(","):
                    kw[key] = 8
                self.net = Net(**kw)
        """
    )
    path = _write(tmp_path / "model.py", code)
    g = parse_source(path, entry="M")
    assert g.params_total() is None, [str(n) for n in g.notes]
    assert any("in_features" in str(n) for n in g.notes), [str(n) for n in g.notes]


def test_configparser_fed_a_file_or_an_unknown_text_is_unknown(tmp_path):
    # a parser that reads a file (or a text we do not know) may hold any value: never the
    # part it knew before
    code = (
        "import configparser\nimport sys\np = configparser.ConfigParser()\n"
        "p.read_string('[m]\\nd = 64\\n')\nq = configparser.ConfigParser()\n"
        "q.read_string('[m]\\nd = 64\\n')\nq.read('model.ini')\n"
        "u = configparser.ConfigParser()\nu.read_string(sys.argv[0])\n"
        "result = (p.getint('m', 'd'), q.getint('m', 'd'), q['m'], u.sections())"
    )
    got = static_result(tmp_path, code)
    assert plain(got[0]) == 64
    assert all(isinstance(x, Unknown) for x in got[1:]), got


# wildfix17 (tests/test_wild_constructs17.py counts each against torch on small models)
VALUES.append(
    (
        ("numpy.fromstring", "numpy.copy", "numpy.abs", "numpy.absolute", "numpy.clip"),
        # DLRM's layer sizes from a text; ncps' wiring matrices copied and made positive
        "import numpy as np\na = np.fromstring('13-64-16', dtype=int, sep='-')\nw = np.zeros((3, 4))\n"
        "result = ([int(x) for x in a], [float(x) for x in np.fromstring('1.5, 2', sep=',')], "
        "np.copy(w).shape, np.abs(w).shape, np.absolute(w).shape, "
        "[int(x) for x in np.abs(np.array([-1, 2]))], int(np.clip(7, 1, 5)), [int(x) for x in np.copy(a)])",
    )
)
VALUES.append(
    (
        ("torch.norm", "torch.clamp_min", "torch.clamp_max"),
        # geoopt's Lorentz projection: norms over a dim (p first, then dim), clamps, narrow
        "import torch\nt = torch.ones(3, 4)\n"
        "result = (torch.norm(t, p=2, dim=-1).shape, torch.norm(t).shape, torch.norm(t, 2, 0, True).shape, "
        "torch.clamp_min(t, 0.1).shape, torch.clamp_max(t, 1.0).shape, t.norm(2, 1).shape, "
        "t.narrow(1, 1, 2).shape, torch.cosh(t).shape)",
    )
)
VALUES.append(
    (
        ("torch.distributions.Independent", "torch.distributions.MultivariateNormal"),
        # a flow's base distribution: batch and event shapes
        "import torch\nimport torch.distributions as D\n"
        "b = D.Independent(D.Normal(torch.zeros(3, 4), torch.ones(4)), 1)\n"
        "m = D.MultivariateNormal(torch.zeros(2, 5), torch.eye(5))\n"
        "result = (tuple(b.batch_shape), tuple(b.event_shape), tuple(m.batch_shape), "
        "tuple(m.event_shape), tuple(D.Independent(m, 1).event_shape))",
    )
)
NOT_RUN.update(
    dict.fromkeys(
        (
            "builtins.type.__call__",
            "torch.Tensor._make_subclass",
            "torch.jit.script",
            "torch.jit.trace",
            "torch.jit.trace_module",
        ),
        "counted against torch: tests/test_wild_constructs17.py",
    )
)
NOT_RUN.update(
    dict.fromkeys(
        ("dacite.Config", "dacite.from_dict"),
        "dacite is a wild-corpus install: tests/test_wild_constructs17.py (skips without it)",
    )
)


VALUES.append(
    (
        ("builtins.dict.fromkeys",),
        "result = (dict.fromkeys(('q_heads', 'kv_heads'), 1), dict.fromkeys([1, 2]), "
        "dict.fromkeys('xy', 0), dict.fromkeys({'a': 1, 'b': 2}, 'z'))",
    )
)
VALUES.append(
    (
        ("functools.partialmethod",),
        "import functools\nclass C:\n    def f(self, a, b=2):\n        return a * 10 + b\n"
        "    g = functools.partialmethod(f, 3)\n    h = functools.partialmethod(f, b=5)\n"
        "result = (C().g(), C().g(4), C().h(1))",
    )
)
VALUES.append(
    (
        ("inspect.getmro",),
        "import inspect\nclass A:\n    pass\nclass B(A):\n    pass\nclass C(A):\n    pass\n"
        "class D(B, C):\n    pass\n"
        "result = ([k.__name__ for k in inspect.getmro(D)], [k.__name__ for k in D.__mro__])",
    )
)
NOT_RUN.update(
    dict.fromkeys(
        (
            "torch.nn.utils.prune.random_structured",
            "torch.nn.utils.prune.ln_structured",
            "torch.nn.utils.prune.random_unstructured",
            "torch.nn.utils.prune.l1_unstructured",
            "torch.nn.utils.prune.global_unstructured",
        ),
        "torch's meta device has no nonzero: vs torch on CPU in tests/test_wild_constructs18b.py",
    )
)


VALUES.append(
    (
        ("packaging.version.parse", "packaging.version.Version"),
        "from packaging.version import Version, parse\n"
        "result = (parse('2.10') >= parse('2.9'), Version('2.10.0') == parse('2.10'), "
        "parse('2.13.0+cpu') > parse('2.0'), parse('1.2.3').major, parse('1.2.3').minor, "
        "parse('1.2').micro, parse('v1.2.3').release, parse('1.9') < Version('1.10'))",
    )
)
NOT_RUN.update({"torch.fx.GraphModule": "counted against torch: tests/test_wild_constructs18d.py"})
NOT_RUN.update(
    {
        "beartype.door.is_bearable": "beartype is not a core dependency: vs beartype in "
        "tests/test_wild_constructs21w.py (skips without it)",
        "torch.set_default_dtype": "returns None; its effect (float dtypes unknown afterwards) "
        "is tests/test_wild_constructs21w.py::test_dtype_unknown_stays_unknown",
        "torch.set_default_tensor_type": "as torch.set_default_dtype (deprecated spelling)",
    }
)
VALUES.append(
    (
        ("weakref.ref",),
        # torch_ema keeps ``weakref.ref(p)`` of each parameter and calls it to get p back
        "import weakref\nclass A:\n    pass\na = A()\na.v = 3\nr = weakref.ref(a)\n"
        "result = (r().v, r() is a)",
    )
)
VALUES.append(
    (
        ("builtins.dir",),
        # momentfm copies an ``argparse.Namespace`` by ``for a in dir(ns)``
        "import argparse, types\nns = argparse.Namespace(b=1, a=2)\n"
        "result = ([a for a in dir(ns) if not a.startswith('__')], "
        "[a for a in dir(types.SimpleNamespace(z=0)) if not a.startswith('__')])",
    )
)
NOT_RUN.update({"abc.ABCMeta.__call__": "counted against torch: tests/test_wild_constructs23b.py"})
# session 25 (reimplfix25b): pure stdlib decoders of constant data, made in CPython
# (library/purecalls.py); a refused argument is unknown (tests/test_drift25b.py)
VALUES.append(
    (
        (
            "base64.b64encode",
            "base64.b64decode",
            "base64.standard_b64encode",
            "base64.standard_b64decode",
            "base64.urlsafe_b64encode",
            "base64.urlsafe_b64decode",
            "base64.b32encode",
            "base64.b32decode",
            "base64.b32hexencode",
            "base64.b32hexdecode",
            "base64.b16encode",
            "base64.b16decode",
            "base64.a85encode",
            "base64.a85decode",
            "base64.b85encode",
            "base64.b85decode",
            "base64.encodebytes",
            "base64.decodebytes",
        ),
        'import base64\nimport json\nd = b\'{"n_head": 4, "eps": 1e-05}\'\n'
        "result = (json.loads(base64.b64decode(base64.b64encode(d))), base64.b64encode(d, b'-_'), "
        "base64.b64decode('eyJhIjogMX0=', validate=True), base64.standard_b64encode(b'xy'), "
        "base64.standard_b64decode(b'eHk='), base64.urlsafe_b64encode(b'\\xfb\\xff'), "
        "base64.urlsafe_b64decode('-_8='), base64.b32encode(b'ab'), base64.b32decode('MFRA===='), "
        "base64.b32hexencode(b'ab'), base64.b32hexdecode('C5H0===='), base64.b16encode(b'\\n'), "
        "base64.b16decode('0a', casefold=True), base64.a85encode(b'size'), "
        "base64.a85decode(base64.a85encode(b'size')), base64.b85encode(b'64'), "
        "base64.b85decode(base64.b85encode(b'64')), base64.encodebytes(b'q'), "
        "base64.decodebytes(b'cQ==\\n'))",
    )
)
VALUES.append(
    (
        (
            "binascii.hexlify",
            "binascii.unhexlify",
            "binascii.b2a_hex",
            "binascii.a2b_hex",
            "binascii.b2a_base64",
            "binascii.a2b_base64",
            "binascii.crc32",
            "plistlib.loads",
            "plistlib.dumps",
            "html.escape",
            "html.unescape",
            "unicodedata.normalize",
        ),
        "import binascii\nimport html\nimport plistlib\nimport unicodedata\n"
        "x = plistlib.dumps({'dim': 64, 'eps': 1e-06, 'stages': [1, 2], 'name': 'm'}, sort_keys=True)\n"
        "result = (binascii.hexlify(b'\\x04\\x40', '-'), binascii.unhexlify('0440'), "
        "binascii.b2a_hex(b'ab'), binascii.a2b_hex(b'6162'), binascii.b2a_base64(b'a', newline=False), "
        "binascii.a2b_base64(b'YQ=='), binascii.crc32(b'abc'), plistlib.loads(x), "
        "plistlib.loads(x)['stages'][1], html.escape('<a href=\"x\">', quote=False), "
        "html.unescape('&lt;td&gt;64&#60;'), unicodedata.normalize('NFKC', '\\uff16\\uff14'))",
    )
)
VALUES.append(
    (
        ("builtins.hex", "builtins.oct", "builtins.bin"),
        # fresh28 hex_base_widths / int_from_bytes_header (session 29, wildfix29c)
        "view = memoryview(bytes([0x00, 0x40, 0x20, 0x00, 0x03]))\n"
        "result = (hex(64), int(hex(64)[2:]) + 1, oct(8), bin(5), hex(-255), bin(True), "
        "int.from_bytes(view[0:2], 'big'), int.from_bytes(view[2:4], 'little'), view[4])",
    )
)
VALUES.append(
    (
        ("calendar.monthrange", "calendar.isleap", "calendar.leapdays", "calendar.weekday"),
        # fresh28 monthrange_leap_width: February of a leap year (session 29, wildfix29c)
        "import calendar\n"
        "result = (calendar.monthrange(2024, 2), calendar.monthrange(2023, 2)[1], "
        "calendar.isleap(1900), calendar.leapdays(2000, 2025), calendar.weekday(2024, 2, 29))",
    )
)
VALUES.append(
    (
        ("sys.intern",),
        # fresh28's registry keyed by interned names: a key built at run time matches by ``is``
        # once interned (session 29, wildfix29c)
        "import sys\nreg = {sys.intern('enc' + 'oder'): 32}\nw = sys.intern(''.join(['enc', 'oder']))\n"
        "result = ([v for k, v in reg.items() if k is w], sys.intern('x') is sys.intern('x'))",
    )
)
VALUES.append(
    (
        ("sqlite3.connect",),
        # fresh22's run table: rows written and read back in one in-memory database
        "import sqlite3\ndb = sqlite3.connect(':memory:')\n"
        "db.execute('CREATE TABLE runs (run TEXT, key TEXT, value)')\n"
        "db.executemany('INSERT INTO runs VALUES (?, ?, ?)', [('a', 'heads', 4), ('a', 'eps', 1e-06), "
        "('b', 'heads', 8)])\ncur = db.cursor()\n"
        "result = (dict(db.execute('SELECT key, value FROM runs WHERE run = ?', ('a',)).fetchall()), "
        "db.execute('SELECT count(*), max(value) FROM runs').fetchone(), "
        "cur.execute('SELECT key FROM runs ORDER BY value DESC').fetchall())",
    )
)
# session 26 (reimplfix26b): compressed round trips, json.dumps and hashlib digests of known data
# (library/purecalls.py); a weak mapping under module-level classes (library/stdlib.py); each
# unknown argument's honest unknown is in tests/test_drift26b.py
VALUES.append(
    (
        (
            "zlib.compress",
            "zlib.decompress",
            "gzip.compress",
            "gzip.decompress",
            "lzma.compress",
            "lzma.decompress",
            "bz2.compress",
            "bz2.decompress",
            "json.dumps",
        ),
        "import ast\nimport bz2\nimport gzip\nimport json\nimport lzma\nimport zlib\n"
        "d = {'dim': 64, 'eps': 1e-06, 'stages': [1, 2]}\n"
        "blob = b'x\\x9c\\xabV\\xcaS\\xb2R0\\xae\\x05\\x00\\n7\\x028'\n"
        "result = (json.loads(zlib.decompress(zlib.compress(json.dumps(d).encode(), 9))), "
        "ast.literal_eval(lzma.decompress(lzma.compress(repr(d).encode(), preset=1)).decode()), "
        "gzip.decompress(gzip.compress(b'64', mtime=0)), bz2.decompress(bz2.compress(b'x' * 9)), "
        "json.dumps(d, sort_keys=True, indent=1), json.dumps([1, 'a'], separators=(',', ':')), "
        "zlib.decompress(zlib.compress(b'abc')).decode().upper(), b'\\x04'.hex(), json.loads(zlib.decompress(blob)), "
        "b'a,b'.split(b','), b'{\"n\": 2}'.decode('utf-8'))",
    )
)
VALUES.append(
    (
        (
            "hashlib.md5",
            "hashlib.sha1",
            "hashlib.sha224",
            "hashlib.sha256",
            "hashlib.sha384",
            "hashlib.sha512",
            "hashlib.sha3_224",
            "hashlib.sha3_256",
            "hashlib.sha3_384",
            "hashlib.sha3_512",
            "hashlib.blake2b",
            "hashlib.blake2s",
            "hashlib.new",
        ),
        "import hashlib\nh = hashlib.sha256(b'qwen3-')\nh.update('tiny'.encode())\ng = h.copy()\n"
        "g.update(b'!')\n"
        "result = (h.hexdigest()[:16], g.hexdigest(), h.digest()[:4], h.name, h.digest_size, "
        "hashlib.md5(b'a').hexdigest(), hashlib.sha1(b'a').hexdigest(), "
        "hashlib.sha224(b'a').hexdigest(), hashlib.sha384(b'a').hexdigest(), "
        "hashlib.sha512(b'a').hexdigest(), hashlib.sha3_224(b'a').hexdigest(), "
        "hashlib.sha3_256(b'a').hexdigest(), hashlib.sha3_384(b'a').hexdigest(), "
        "hashlib.sha3_512(b'a').hexdigest(), hashlib.blake2b(b'a').hexdigest(), "
        "hashlib.blake2s(b'a').hexdigest(), hashlib.new('sha256', b'a').hexdigest(), "
        "hashlib.sha256().hexdigest(), hashlib.blake2b(b'a').block_size)",
    )
)
MODELS.append(
    (
        ("weakref.WeakKeyDictionary",),
        # fresh23-style registry: sizes under a config class, read back by d[C] and d.get(C)
        """
        import weakref
        import torch.nn as nn
        REG = weakref.WeakKeyDictionary()
        class Big:
            pass
        class Tiny:
            pass
        class Other:  # a top-level class never stored: .get() gives the default
            pass
        REG[Big] = {"dim": 4096}
        REG[Tiny] = {"dim": 8}
        REG[Tiny] = {"dim": 6}
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(REG[Tiny]["dim"], 3)
                self.b = nn.Linear(REG.get(Tiny)["dim"], REG.get(Other, {"dim": 5})["dim"])
        """,
    )
)
MODELS.append(
    (
        (
            "weakref.WeakSet",
            "weakref.WeakValueDictionary",
            "weakref.WeakMethod",
            "weakref.finalize",
            "weakref.getweakrefcount",
            "weakref.getweakrefs",
        ),
        # weak containers and helpers stored on a module are never layers (the count stays known)
        """
        import weakref
        import torch.nn as nn
        _LIVE = weakref.WeakValueDictionary()
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.l = nn.Linear(2, 3)
                self.seen = weakref.WeakSet()
                self.seen.add(self.l)
                self.fwd = weakref.WeakMethod(self.forward)
                self.fin = weakref.finalize(self.l, print, "gone")
                self.n = weakref.getweakrefcount(self.l)
                self.refs = weakref.getweakrefs(self.l)
                _LIVE["m"] = self
            def forward(self, x):
                return self.l(x)
        """,
    )
)
# session 27 (reimplfix27b): text transforms by codec name and a fuzzy preset lookup, made in
# CPython (library/purecalls.py); an unknown codec name or argument is unknown
# (tests/test_drift27b.py)
VALUES.append(
    (
        ("codecs.decode", "codecs.encode", "difflib.get_close_matches"),
        "import codecs\nimport difflib\nimport json\n"
        "P = {'clip-vit-base-patch32': 1, 'clip-tiny-text-random': 2, 'other': 3}\n"
        "result = (json.loads(codecs.decode('{\"jvqgu\": 32, \"rcf\": 1r-12}', 'rot13')), "
        "codecs.encode('width', encoding='rot_13'), codecs.decode(b'3634', 'hex'), "
        "codecs.encode(b'64', 'hex').decode(), codecs.decode(b'\\xc3\\xa9', 'utf-8', 'strict'), "
        "difflib.get_close_matches('openai/clip-tiny-text', P, n=1, cutoff=0.5), "
        "difflib.get_close_matches('clip-vit-base', list(P)), "
        "difflib.get_close_matches('zzz', P, cutoff=0.9))",
    )
)
VALUES.append(
    (
        ("http.cookies.SimpleCookie", "http.cookies.BaseCookie"),
        # fresh24's demo-server session: sizes in a ``Cookie:`` header, read back by morsel
        "import ast\nfrom http.cookies import BaseCookie, SimpleCookie\n"
        "jar = SimpleCookie()\njar.load('session=7f3a; model=clip-tiny; width=32; ln_eps=1e-05')\n"
        "hp = {k: ast.literal_eval(m.value) for k, m in jar.items() if k not in ('session', 'model')}\n"
        "j2 = SimpleCookie('a=1; b=\"x y\"')\nj2['c'] = '3'\nj3 = BaseCookie({'d': '4'})\n"
        "result = (hp, sorted(jar), jar['model'].value, sorted(j2.keys()), "
        "[m.coded_value for m in j2.values()], [m.value for m in j2.values()], j2.get('b').key, "
        "j2.get('zz', 5), j3['d'].value, [k for k in j2])",
    )
)
VALUES.append(
    (
        ("builtins.int.from_bytes",),
        # a safetensors header's first bytes: ``len(header).to_bytes(8, "little") + header``,
        # read back with ``int.from_bytes``; ``len`` of bytes
        "import json\nh = json.dumps({'__metadata__': {'n_heads': '4'}, 'w': {'shape': [96, 64]}})"
        ".encode()\nblob = len(h).to_bytes(8, 'little') + h\nn = int.from_bytes(blob[:8], 'little')\n"
        "result = (len(h), n, json.loads(blob[8 : 8 + n])['w']['shape'], (258).to_bytes(2), "
        "(5).to_bytes(length=2, byteorder='little'), (-1).to_bytes(1, 'big', signed=True), "
        "len(b'abc'), (7).to_bytes())",
    )
)
VALUES.append(
    (
        (
            "datetime.date",
            "datetime.date.fromisoformat",
            "datetime.datetime",
            "datetime.datetime.fromisoformat",
        ),
        # a dated changelog of sizes: the newest entry not later than the checkpoint's date
        "import datetime as dt\nfrom datetime import date\nck = date.fromisoformat('2023-06-01')\n"
        "log = [(date.fromisoformat(d), s) for d, s in [('2022-01-10', 1), ('2023-05-02', 2), "
        "('2024-02-19', 3)]]\nx = dt.datetime(2023, 6, 1, 12)\n"
        "y = dt.datetime.fromisoformat('2023-06-01T08:30:00')\n"
        "result = (max((e for e in log if e[0] <= ck), key=lambda e: e[0])[1], ck.year, ck.month, "
        "ck.isoformat(), date(2023, 6, 1) == ck, sorted(log, key=lambda e: e[0], reverse=True)[0][1], "
        "ck < date(2024, 1, 1), x.date() == ck, x.hour, ck == x, {ck: 1}[date(2023, 6, 1)], "
        "y < x, y.minute, ck.weekday(), date(year=2020, month=2, day=29).toordinal())",
    )
)
# session 30 (wildfix30a): date arithmetic (a window width from the days between two dates)
VALUES.append(
    (
        ("datetime.timedelta",),
        "import datetime as dt\nspan = dt.date(2024, 3, 1) - dt.date(2024, 1, 1)\n"
        "w = dt.timedelta(weeks=1, hours=36)\nlater = dt.date(2024, 2, 27) + dt.timedelta(days=3)\n"
        "result = (span.days, w.days, w.seconds, w.total_seconds(), (span // w), span / 2 == "
        "dt.timedelta(days=30), later.month, later.day, (later - span).isoformat(), -w < w, "
        "(dt.datetime(2024, 1, 2, 6) - dt.datetime(2024, 1, 1)).seconds, "
        "(dt.date(2020, 1, 1) - dt.date(2021, 1, 1)).days, 2 * w == w + w, "
        "6 if span - span else 9)",
    )
)
# session 30 (wildfix30a): a block string decoded with a translation table (str.translate, a
# str method run as CPython's, bounded by the table's longest replacement: sizes.py)
VALUES.append(
    (
        ("builtins.str.maketrans",),
        "codes = 'c-B-r|C-b-R'.translate(str.maketrans('cbrCBR', 'CBRcbr', '-'))\n"
        "t2 = str.maketrans({'a': 'xyz', 98: None, 'c': 100})\n"
        "result = (codes, codes.split('|'), 'abcab'.translate(t2), str.maketrans('ab', 'cd'), "
        "b'a-b'.translate(None, b'-'), 'q'.translate({}))",
    )
)
# session 30 (wildfix30a): a class made at run time by types.new_class (exec_body fills the
# namespace dict; then type(name, bases, ns))
VALUES.append(
    (
        ("types.new_class",),
        "import types\nclass Base:\n    depth = 2\n"
        "W = types.new_class('W', (Base,), exec_body=lambda ns: ns.update(width=64))\n"
        "E = types.new_class('E')\n"
        "result = (W.__name__, W.width, W.depth, W().width * 2, issubclass(W, Base), "
        "E.__name__, hasattr(E, 'width'))",
    )
)
# session 29 (reimplfix29b): a quoted-printable mail body, marshal round trips and a stream of
# concatenated JSON documents read by JSONDecoder.raw_decode (library/purecalls.py, wildlib.py)
VALUES.append(
    (
        (
            "quopri.decodestring",
            "quopri.encodestring",
            "marshal.dumps",
            "marshal.loads",
            "json.JSONDecoder",
        ),
        "import ast\nimport json\nimport marshal\nimport quopri\n"
        "body = b'> w=3D512\\nw=3D32\\neps=3D1e-05\\nname=3D=22tiny=22\\n'\n"
        "hp = {}\nfor line in quopri.decodestring(body).decode('ascii').splitlines():\n"
        "    if line.startswith('>'):\n        continue\n"
        "    k, sep, v = line.partition('=')\n    if sep:\n        hp[k] = ast.literal_eval(v)\n"
        "m = marshal.loads(marshal.dumps({'dim': 64, 'stages': (1, 2), 'eps': 1e-06} | {'x': [3]}))\n"
        's = \'{"a": 1, "b": [2]}  {"a": 5}\'\ndec = json.JSONDecoder()\n'
        "doc, end = dec.raw_decode(s)\ndoc2, end2 = dec.raw_decode(s, end + 2)\n"
        "result = (hp, m, m['stages'][1], doc, end, doc2, end2, dec.decode(' [1, 2.5] '), "
        "json.JSONDecoder(strict=False).decode('\"a\\tb\"'), quopri.encodestring(b'a=b\\t', quotetabs=True), "
        "quopri.decodestring(b'x=3D1', header=True))",
    )
)
VALUES.append(
    (
        ("io.BytesIO", "torch.save", "torch.load"),
        # a run's hparams saved beside the step into a buffer and read back (fresh26)
        "import io\nimport torch\nbuf = io.BytesIO()\n"
        "torch.save({'step': 3, 'hp': {'dim': 64, 'eps': 1e-06, 'stages': [1, 2]}}, buf)\n"
        "ck = torch.load(io.BytesIO(buf.getvalue()), weights_only=True)\n"
        "start = buf.seek(0)\nck2 = torch.load(buf, map_location='cpu')\n"
        "b2 = io.BytesIO(b'ab')\nend = b2.seek(0, 2)\nn = b2.write(b'cd')\n"
        "result = (ck, ck2['hp']['dim'], start, end, n, b2.getvalue(), b2.tell(), "
        "io.BytesIO(b'xy').read())",
    )
)
# session 30 (wildfix30b): the warnings filters as CPython searches them (library/warnfilters.py),
# each block starting from an empty list (the test runner's own filters are not CPython's
# default); OrderedDict's move_to_end / popitem(last=) (library/pybuiltins._ordered_method)
VALUES.append(
    (
        (
            "warnings.warn",
            "warnings.simplefilter",
            "warnings.filterwarnings",
            "warnings.resetwarnings",
            "warnings.catch_warnings",
        ),
        "import warnings\n"
        "def chk(w, cat=UserWarning):\n"
        "    if w % 2:\n"
        "        warnings.warn('odd width %d' % w, cat)\n"
        "    return w\n"
        "ws = []\n"
        "with warnings.catch_warnings():\n"
        "    warnings.resetwarnings()\n"
        "    warnings.filterwarnings('error', message='odd')\n"
        "    try:\n"
        "        ws.append(chk(5))\n"
        "    except UserWarning:\n"
        "        ws.append(8)\n"
        "    warnings.filterwarnings('ignore', message='odd')\n"
        "    ws.append(chk(5))\n"
        "with warnings.catch_warnings():\n"
        "    warnings.resetwarnings()\n"
        "    warnings.simplefilter('error', DeprecationWarning)\n"
        "    try:\n"
        "        ws.append(chk(7))\n"
        "    except Warning:\n"
        "        ws.append(12)\n"
        "    try:\n"
        "        ws.append(chk(7, DeprecationWarning))\n"
        "    except Warning:\n"
        "        ws.append(14)\n"
        "with warnings.catch_warnings(record=True) as log:\n"
        "    warnings.resetwarnings()\n"
        "    warnings.simplefilter('always')\n"
        "    chk(3)\n"
        "    chk(3)\n"
        "    chk(4)\n"
        "    ws.append(len(log))\n"
        "with warnings.catch_warnings(action='error'):\n"
        "    try:\n"
        "        ws.append(chk(9, RuntimeWarning))\n"
        "    except RuntimeWarning:\n"
        "        ws.append(6)\n"
        "result = tuple(ws)",
    )
)
VALUES.append(
    (
        ("collections.OrderedDict",),
        "from collections import OrderedDict\n"
        "st = OrderedDict([('stem', 6), ('mid', 14), ('wide', 30), ('out', 2)])\n"
        "st.move_to_end('mid')\nst.move_to_end('wide', last=False)\n"
        "first = st.popitem(last=False)\nst['z'] = 4\nlast = st.popitem()\n"
        "result = (list(st.items()), first, last)",
    )
)
VALUES.append(
    (
        ("builtins.hash", "zlib.crc32", "zlib.adler32"),
        # fresh29's widths from CPython's numeric hash (never salted) and a checksum
        "import zlib\n"
        "result = (hash(-1), hash(7), hash(True), hash(2 ** 61 + 3), hash(-2.5), hash(1.0), "
        "zlib.crc32(b'ablation-7') % 7, zlib.adler32(b'abc'), zlib.crc32(b'x', 5))",
    )
)


# session 31 (wildfix31b): copyreg's reducers, followed by copy / pickle (interp/reducecopy.py);
# a write to the table not followed makes later copies unknown (tests/test_wild_constructs31b.py)
VALUES.append(
    (
        ("copyreg.pickle",),
        "import copy, copyreg\nclass S:\n    def __init__(self, w):\n        self.w = w\n"
        "copyreg.pickle(S, lambda s: (S, (s.w + 8,)))\na = S(3)\nb = copy.deepcopy(a)\n"
        "c = copy.copy(b)\nresult = (a.w, b.w, c.w)",
    )
)
NOT_RUN.update(
    dict.fromkeys(
        (
            *(f"copyreg.dispatch_table.{n}" for n in ("update", "setdefault", "pop", "popitem")),
            "copyreg.dispatch_table.clear",
            "copyreg.add_extension",
            "copyreg.remove_extension",
            "copyreg.clear_extension_cache",
        ),
        "not followed (later copies unknown): tests/test_wild_constructs31b.py",
    )
)
VALUES.append(
    (
        (
            "unicodedata.numeric",
            "unicodedata.digit",
            "unicodedata.decimal",
            "unicodedata.name",
            "unicodedata.lookup",
            "unicodedata.category",
        ),
        # fresh30's depth from a Roman numeral and a vulgar fraction (session 31, wildfix31b)
        "import unicodedata as u\nresult = (int(u.numeric('\\u216b')) // 4, u.numeric('\\u00be') * 64, "
        "u.numeric('x', -1), u.digit('7'), u.decimal('\\u0663'), u.name('\\u216b'), "
        "u.lookup('ROMAN NUMERAL TWELVE'), u.category('A'))",
    )
)
VALUES.append(
    (
        ("heapq.merge",),
        # fresh30's stage lists merged descending; keys, ties by input order, unsorted inputs
        "import heapq\nresult = (list(heapq.merge([96, 40, 8], [64, 40, 16], reverse=True)), "
        "list(heapq.merge([(1, 'x'), (3, 'y')], [(1, 'a')], key=lambda t: t[0])), "
        "list(heapq.merge([5, 1], [3, 4, 2])), list(heapq.merge()))",
    )
)
VALUES.append(
    (
        (
            "builtins.complex",
            "builtins.abs",
            *(
                f"cmath.{n}"
                for n in (
                    "sqrt exp log log10 phase polar rect isfinite isinf isnan cos sin tan acos "
                    "asin atan cosh sinh tanh acosh asinh atanh isclose"
                ).split()
            ),
        ),
        # fresh30's widths from a complex square root and a modulus (session 31, wildfix31b)
        "import cmath\nz = complex(3, 4)\nw = complex('1+2j') * complex(real=2)\n"
        "result = (int(cmath.sqrt(-144).imag), round(abs(cmath.rect(10, 0.5))), abs(z), str(w), "
        "bool(0j), cmath.polar(z), round(cmath.phase(-1), 6), cmath.exp(0), cmath.log(1), "
        "cmath.log10(100), cmath.isfinite(z), cmath.isinf(z), cmath.isnan(z), "
        "cmath.isclose(z, 3 + 4j), cmath.cos(0), cmath.sin(0), cmath.tan(0), cmath.acos(1), "
        "cmath.asin(0), cmath.atan(0), cmath.cosh(0), cmath.sinh(0), cmath.tanh(0), "
        "cmath.acosh(1), cmath.asinh(0), cmath.atanh(0))",
    )
)
VALUES.append(
    (
        tuple(
            f"statistics.{n}"
            for n in (
                "mean fmean geometric_mean harmonic_mean median median_low median_high "
                "median_grouped mode multimode quantiles pstdev pvariance stdev variance "
                "correlation covariance"
            ).split()
        ),
        # fresh35's widths from medians and a standard deviation (session 37, wildfix37)
        "import statistics as st\nxs = [48, 96, 64, 80, 72, 120]\nys = [1, 2, 3, 4]\n"
        "result = (st.mean(xs), st.fmean(ys, weights=[1, 1, 2, 2]), round(st.geometric_mean(ys), 9), "
        "st.harmonic_mean(ys), st.median(xs), st.median_low(xs), st.median_high(xs), "
        "st.median_grouped(xs, interval=2), st.mode([1, 2, 2, 3]), st.multimode('aabbc'), "
        "st.quantiles(xs, n=4), st.quantiles(xs, n=3, method='inclusive'), st.pstdev(ys), "
        "st.pvariance(ys, mu=2.5), st.stdev(ys), st.variance(ys), st.correlation(ys, [2, 4, 6, 9]), "
        "st.covariance(ys, [1, 3, 2, 5]))",
    )
)
VALUES.append(
    (
        ("asyncio.run", "asyncio.gather", "asyncio.sleep"),
        # ports31's Whisper dims from coroutines (library/asynciolib.py): a body runs when
        # awaited, gather gives the results in order, sleep its ``result``
        "import asyncio\n\n\nasync def base():\n    await asyncio.sleep(0)\n"
        "    return {'width': 1280, 'heads': 20}\n\n\nasync def run(w):\n"
        "    return {'width': w}\n\n\nasync def main():\n"
        "    a, b = await asyncio.gather(base(), run(32))\n"
        "    c = await asyncio.sleep(0, result={'eps': 1e-05})\n"
        "    return {**a, **b, **c}, await run(8)\n\n\nresult = asyncio.run(main())",
    )
)
VALUES.append(
    (
        ("dataclasses.fields",),
        # a field's literal default (an HfArgumentParser-style loop: ports31's CLIP vision)
        "import dataclasses\nfrom dataclasses import dataclass, field\n\n\n@dataclass\n"
        "class A:\n    width: int = field(default=768, metadata={'help': 'w'})\n"
        "    eps: float = 1e-05\n    name: str = 'vit'\n\n\n"
        "result = [(f.name, f.default) for f in dataclasses.fields(A)]",
    )
)
VALUES.append(
    (
        ("tempfile.TemporaryDirectory",),
        # ports31's Qwen2 params.json round trip (library/scratchfs.py): in memory, in order
        "import json\nimport tempfile\nfrom pathlib import Path\n\n"
        "with tempfile.TemporaryDirectory() as d:\n    p = Path(d) / 'params.json'\n"
        "    n = p.write_text(json.dumps({'dim': 64, 'n_layers': 2}))\n"
        "    there = (p.exists(), (Path(d) / 'other').exists())\n"
        "    got = json.loads(p.read_text())\n\nresult = (n, there, got)",
    )
)
VALUES.append(
    (
        ("tempfile.mkdtemp",),
        # session 40 (wildfix40b): a config JSON written into mkdtemp() and read back by path
        # (pytorch-pretrained-bert's GPT2Config(path), library/scratchfs.py); ``io.open`` too
        "import io, json, os, shutil, tempfile\n\n"
        "d = tempfile.mkdtemp(prefix='run-')\np = os.path.join(d, 'params.json')\n"
        "with open(p, 'w') as fh:\n    fh.write(json.dumps({'dim': 64, 'n_layers': 2}))\n"
        "with io.open(p, 'r', encoding='utf-8') as fh:\n    got = json.loads(fh.read())\n"
        "shutil.rmtree(d)\nresult = got",
    )
)
VALUES.append(
    (
        ("functools.cmp_to_key", "itertools.filterfalse"),
        # session 31 (wildfix31a): a comparator's order, the items a predicate rejects
        "import functools, itertools\n"
        "cmp = lambda a, b: b[1] - a[1] if a[1] != b[1] else a[0] - b[0]\n"
        "xs = [(32, 2), (16, 4), (48, 2), (24, 4)]\n"
        "ys = [5, 17, 3, 9]\nys.sort(key=functools.cmp_to_key(lambda a, b: a % 4 - b % 4))\n"
        "result = (sorted(xs, key=functools.cmp_to_key(cmp)), ys, "
        "max(xs, key=functools.cmp_to_key(cmp)), "
        "list(itertools.filterfalse(lambda w: w % 2, [12, 7, 20, 9])), "
        "list(itertools.filterfalse(None, [0, 3, '', 'a'])))",
    )
)
VALUES.append(
    (
        ("getopt.getopt", "getopt.gnu_getopt"),
        # session 32 (reimplfix32c): fresh6's command line kept as a list (library/purecalls.py);
        # gnu_getopt only where POSIXLY_CORRECT cannot change it (tests/test_drift32c.py)
        "import getopt\n"
        "A = ['--emb_dim', '64', '-l3', '-v', '--n_he=8', '-e', '1e-12', '--', '--x', 'y']\n"
        "o, r = getopt.getopt(A, 've:l:', ['emb_dim=', 'n_heads=', 'n_words='])\n"
        "g = getopt.gnu_getopt(['-l', '2', '--n_words=950', 'rest'], 'l:', ['n_words='])\n"
        "p = getopt.gnu_getopt(['x', '-l', '2', 'y'], '+l:')\n"
        "s = getopt.getopt(['-v', 'stop', '-l', '2'], 'vl:', longopts=['emb_dim='])\n"
        "result = (o, r, {k.lstrip('-'): v for k, v in o}, g, p, s)",
    )
)
NOT_RUN.update({"types.FunctionType": "counted against torch: tests/test_wild_constructs31a.py"})
NOT_RUN.update(
    {
        "collections.UserList": "counted against torch: tests/test_wild_constructs32a.py",
        "threading.Thread": "counted against torch: tests/test_wild_constructs32a.py",
        "threading.local": "counted against torch: tests/test_wild_constructs32a.py",
    }
)
NOT_RUN.update(
    {
        q: "checked against CPython / torch: tests/test_drift32a.py"
        for q in (
            "json.dump",
            "csv.writer",
            "csv.DictWriter",
            "tempfile.NamedTemporaryFile",
            "contextlib.redirect_stdout",
            "unittest.mock.patch.dict",
        )
    }
)

VALUES.append(
    (
        ("re.finditer", "operator.index"),
        # session 32 (wildfix32b): Matches of a known string, one pass; __index__ not __int__
        "import re, operator\nfrom fractions import Fraction\n"
        "class W:\n    def __index__(self):\n        return 6\n    def __int__(self):\n"
        "        return 4\n"
        "it = re.finditer(r'(?P<k>[a-z]+)(?P<n>\\d+)', 'lin24 conv8')\n"
        "got = [(m.group('k'), int(m.group('n')), m.span(), m.groupdict()) for m in it]\n"
        "r = Fraction(0.3).limit_denominator(10)\n"
        "result = (got, [m.group() for m in it], len(range(W())), operator.index(W()), int(W()), "
        "operator.index(True), r.numerator, r.denominator, "
        "[m.start() for m in re.compile('ab').finditer('xabab')])",
    )
)
NOT_RUN.update({"inspect.getmembers": "counted against torch: tests/test_wild_constructs32b.py"})
NOT_RUN.update(
    {
        q: "counted against torch: tests/test_wild_constructs33b.py"
        for q in (
            "numpy.array_split",
            "numpy.split",
            "numpy.searchsorted",
            "numpy.concatenate",
            "operator.length_hint",
            "ast.parse",
        )
    }
)

VALUES.append(
    (
        ("yaml.safe_load_all", "yaml.load_all"),
        # a multi-document YAML stream in the file itself (session 33, reimplfix33b)
        "import yaml\nT = 'a: 1\\n---\\nb: [2, 3]\\n---\\n7'\n"
        "result = (list(yaml.safe_load_all(T)), next(yaml.safe_load_all(T)), "
        "[d for d in yaml.load_all(T, Loader=yaml.SafeLoader)][2])",
    )
)
NOT_RUN.update({"csv.Sniffer": "checked against CPython / torch: tests/test_drift34k.py"})

NOT_RUN.update(
    {
        q: "checked against numpy and counted against torch: tests/test_wild_constructs34b.py"
        for q in (
            "numpy.base_repr",
            "numpy.binary_repr",
            "numpy.bincount",
            "numpy.convolve",
            "numpy.cumprod",
            "numpy.gcd.reduce",
            "numpy.histogram",
            "numpy.interp",
            "numpy.lcm.reduce",
            "numpy.polyval",
            "numpy.random.RandomState",
            "numpy.meshgrid",
            "numpy.stack",
        )
    }
)
NOT_RUN.update(
    {
        "attrs.evolve": "counted against torch with real attrs: tests/test_reimpl35b.py (reimplfix35b)"
    }
)
NOT_RUN.update(
    {
        q: "counted against numpy and torch: tests/test_wild_constructs36w.py (wildfix36)"
        for q in (
            "numpy.floor_divide",
            "numpy.kron",
            "numpy.outer",
            "numpy.ravel_multi_index",
            "numpy.repeat",
            "numpy.tile",
            "numpy.unravel_index",
        )
    }
)
NOT_RUN.update(
    {
        q: "counted against numpy and torch: tests/test_wild_constructs36w.py (wildfix36)"
        for q in (
            "numpy.packbits",
            "numpy.unpackbits",
            "numpy.lib.stride_tricks.sliding_window_view",
        )
    }
)

VALUES.append(
    (
        ("numpy.geomspace", "numpy.logspace"),
        # multi-scale widths (session 38 wildfix38a)
        "import numpy as np\n"
        "result = ([float(x) for x in np.geomspace(8, 64, 4)], "
        "[float(x) for x in np.geomspace(1, 9, 3, False)], "
        "[float(x) for x in np.logspace(1, 3, 3)], [float(x) for x in np.logspace(3, 6, 4, base=2)])\n",
    )
)
NOT_RUN.update(
    dict.fromkeys(
        (
            "hydra.utils.instantiate",
            "hydra.utils.call",
            "hydra.utils.get_class",
            "hydra.utils.get_method",
            "hydra.utils.get_object",
        ),
        "needs hydra (benchmarks/wild/.vendor): counted against torch in "
        "tests/test_wild_constructs38a.py (wildfix38a)",
    )
)
NOT_RUN["torch.optim.swa_utils.AveragedModel"] = (
    "a module (a deep copy and a buffer), counted against torch: tests/test_wild_constructs37w.py "
    "(wildfix37)"
)
NOT_RUN.update(
    {
        q: "Python's own urllib.parse run on known values, counted against torch: "
        "tests/test_wild_constructs36x.py (wildfix36b)"
        for q in (
            "urllib.parse.parse_qs",
            "urllib.parse.parse_qsl",
            "urllib.parse.quote",
            "urllib.parse.quote_from_bytes",
            "urllib.parse.quote_plus",
            "urllib.parse.unquote",
            "urllib.parse.unquote_plus",
            "urllib.parse.unquote_to_bytes",
            "urllib.parse.urldefrag",
            "urllib.parse.urlencode",
            "urllib.parse.urljoin",
            "urllib.parse.urlparse",
            "urllib.parse.urlsplit",
            "urllib.parse.urlunparse",
            "urllib.parse.urlunsplit",
        )
    }
)

VALUES.append(
    (
        ("os.path.abspath",),
        # reimplfix37: ``os.path.dirname(os.path.abspath(__file__))`` (an absolute path: its
        # normpath; a relative one is the working directory's: unknown, tests/test_reimplfix37.py)
        "import os\nresult = (os.path.abspath('/a/b/../c'), os.path.abspath('/x/./y/'), "
        "os.path.dirname(os.path.abspath('/p/q/m.py')))",
    )
)

# Session 38 (wildfix38b)
NOT_RUN.update(
    {
        q: "counted against torch: tests/test_wild_constructs38b.py"
        for q in (
            "torch.linalg.svd",
            "torch.nn.SyncBatchNorm.convert_sync_batchnorm",
            "torch.svd",
        )
    }
)
