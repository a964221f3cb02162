"""Session 22 (wildfix22, issue #16): constructs found by fresh19's dev part and the dev misses
left on fresh10..fresh18. Each model is built in real torch (meta device) and its static count
compared; where the value cannot be known the count must be null.

- ``np.triu_indices`` / ``np.tril_indices`` of known sizes (library/npdtypes.py): pyknos' mixture
  density network keeps the index arrays on the module and sizes layers by their length;
- unpacking an unknown numpy / json / tensor value (``self.a, self.b = np.f(...)``) gives items
  that are never layers (interp/opaque.py ``unpacked_item``); an unknown factory's items still
  may be;
- ``json.loads(text, object_hook=...)`` and its sibling hooks (library/jsonhooks.py).
"""

from __future__ import annotations

import pytest

from tests.model_count_support import check_count_matches_torch, check_honest_unknown

pytest.importorskip("torch")


@pytest.mark.parametrize(
    "spec",
    [
        "np.triu_indices(n, k=1)",
        "np.triu_indices(n)",
        "np.tril_indices(n, -1)",
        "np.triu_indices(n, 2, 7)",
        "np.tril_indices(n=n, k=1, m=3)",
    ],
)
def test_triangle_indices_match_numpy(tmp_path, spec: str) -> None:
    pytest.importorskip("numpy")
    check_count_matches_torch(
        tmp_path,
        f"""
        import numpy as np
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self, n=5):
                super().__init__()
                self.rows, self.cols = {spec}
                self.fc = nn.Linear(n, len(self.rows) + 3 * int(self.cols[-1]) + int(self.rows[1]))
        """,
    )


@pytest.mark.parametrize(
    "value",
    [
        # numpy functions that are not modelled: their items are arrays or numbers
        "np.diag_indices_from(np.eye(n))",
        "np.histogram(np.arange(n), bins=3)",
        # an unknown tensor's rows are tensors
        "torch.randn(int(np.random.randint(2, 3)), 4)",
    ],
)
def test_unpacked_numpy_items_are_not_layers(tmp_path, value: str) -> None:
    pytest.importorskip("numpy")
    check_count_matches_torch(
        tmp_path,
        f"""
        import numpy as np
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self, n=5):
                super().__init__()
                self.a, self.b = {value}
                self.fc = nn.Linear(n, 4)
        """,
    )


def test_unpacked_unknown_factory_may_be_layers(tmp_path) -> None:
    # items of what an unknown factory returns may be layers torch counts: unknown stays unknown
    check_honest_unknown(
        tmp_path,
        """
        import os
        import torch.nn as nn

        FACTORIES = {"pair": lambda: (nn.Linear(3, 3), nn.Linear(3, 5))}

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a, self.b = FACTORIES[os.environ.get("KIND", "pair")]()
                self.fc = nn.Linear(5, 4)
        """,
    )


_SEQ2SEQ = """
import json
from collections import OrderedDict, namedtuple
from types import SimpleNamespace
from decimal import Decimal

import torch.nn as nn

RAW = '{"enc": {"vocab": 500, "dim": 48, "layers": 2}, "dec": {"dim": 40, "layers": 1, "tie": false}}'
CFG = %s


class M(nn.Module):
    def __init__(self, cfg=CFG):
        super().__init__()
        e, d = cfg.enc, cfg.dec
        self.embed = nn.Embedding(e.vocab, e.dim)
        self.enc = nn.GRU(e.dim, e.dim, num_layers=e.layers, bidirectional=True)
        self.bridge = nn.Linear(2 * e.dim, d.dim)
        self.dec = nn.GRU(d.dim, d.dim, num_layers=d.layers)
        self.out = nn.Linear(d.dim, e.vocab, bias=not d.tie)
"""


@pytest.mark.parametrize(
    "cfg",
    [
        "json.loads(RAW, object_hook=lambda d: SimpleNamespace(**d))",
        # a named function as hook, and a namedtuple built from the pairs
        "json.loads(RAW, object_pairs_hook=lambda ps: namedtuple('C', [k for k, _ in ps])"
        "(*[v for _, v in ps]))",
        # a class as hook, numbers through parse_int (a hook that doubles every int)
        "json.loads(RAW.replace('48', '24').replace('40', '20'), object_hook=lambda d: "
        "SimpleNamespace(**d), parse_int=lambda s: 2 * int(s))",
    ],
)
def test_json_hooks_match_torch(tmp_path, cfg: str) -> None:
    check_count_matches_torch(tmp_path, _SEQ2SEQ % cfg)


def test_json_hook_order_and_duplicates(tmp_path) -> None:
    # the decoder calls object_hook innermost first, once per object, duplicate keys included
    check_count_matches_torch(
        tmp_path,
        """
        import json
        import torch.nn as nn

        SEEN = []

        def hook(d):
            SEEN.append(len(d))
            return d

        CFG = json.loads('{"a": {"x": 1}, "a": {"x": 2, "y": 3}, "b": [{}, {"z": 0}]}',
                         object_hook=hook)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                x = CFG["a"]["x"]  # CFG first: the module's globals are read when first named
                self.fc = nn.Linear(sum(i * n for i, n in enumerate(SEEN, 1)) + x, 3)
        """,
    )


def test_json_hook_of_unknown_text_is_unknown(tmp_path) -> None:
    check_honest_unknown(
        tmp_path,
        """
        import json
        import os
        from types import SimpleNamespace
        import torch.nn as nn

        CFG = json.loads(os.environ.get("CFG", '{"d": 4}'), object_hook=lambda d: SimpleNamespace(**d))

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(CFG.d, 3)
        """,
    )


_EVAL_UNKNOWN = {
    # a text built from a value not known statically, run for its effect on a global model
    "module_level": """
import os
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        name = os.environ.get("N", "z")
        eval(f"self.add_module({name!r}, nn.Linear(2, 2))")
""",
    # texts from the environment, one expression each, evaluated in a method
    "loop_in_init": """
import os
import torch.nn as nn

class M(nn.Module):
    def __init__(self, spec=os.environ.get("SPEC", "self.add_module('b', nn.Linear(4, 2))")):
        super().__init__()
        self.a = nn.Linear(4, 4)
        for s in spec.split(";"):
            eval(s)
""",
    # eval with a globals dict, of a text not known
    "with_globals": """
import os
import torch.nn as nn

class M(nn.Sequential):
    def __init__(self):
        super().__init__(nn.Linear(4, 4))
        eval(os.environ.get("T", "self.append(nn.Linear(4, 3))"), globals(), {"self": self, "nn": nn})
""",
}


@pytest.mark.parametrize("name", sorted(_EVAL_UNKNOWN))
def test_eval_of_unknown_text_is_unknown(tmp_path, name: str) -> None:
    check_honest_unknown(tmp_path, _EVAL_UNKNOWN[name])


def test_eval_known_text_with_namespaces_matches_torch(tmp_path) -> None:
    check_count_matches_torch(
        tmp_path,
        """
        import torch.nn as nn

        W = 6

        class M(nn.Sequential):
            def __init__(self):
                super().__init__(nn.Linear(4, 4))
                eval("self.append(nn.Linear(4, 3))", globals(), {"self": self, "nn": nn})
                self.append(eval("nn.Linear(W, 2)", globals()))
        """,
    )


@pytest.mark.parametrize(
    "attr",
    [
        "nn.Parameter(torch.randn(3, 4)).double()",
        "nn.Parameter(torch.randn(5)).float()",
        "nn.Parameter(torch.randn(7, dtype=torch.float64)).double()",
        "nn.Parameter(torch.zeros(2, 2)).to(torch.float32)",
        "nn.Parameter(torch.zeros(2, 3)).to(dtype=torch.half, device=None)",
        "nn.Parameter(torch.zeros(6)).half()",
        "nn.Parameter(torch.ones(4, dtype=torch.double)).to(torch.float64)",
        "nn.Parameter(torch.rand(3).double()).float()",
    ],
)
def test_parameter_dtype_casts_match_torch(tmp_path, attr: str) -> None:
    check_count_matches_torch(
        tmp_path,
        f"""
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.p = {attr}
                self.fc = nn.Linear(3, 3)
        """,
    )


@pytest.mark.parametrize(
    "attr",
    [
        # the default dtype may have changed: which dtype randn made is not read
        "nn.Parameter(torch.randn(3, 4)).double()",
        # a dtype from the environment
        "nn.Parameter(torch.randn(3)).to(getattr(torch, os.environ.get('DT', 'float64')))",
    ],
)
def test_parameter_dtype_casts_unknown(tmp_path, attr: str) -> None:
    check_honest_unknown(
        tmp_path,
        f"""
        import os
        import torch
        import torch.nn as nn

        if os.environ.get("WIDE"):
            torch.set_default_dtype(torch.float64)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.p = {attr}
                self.fc = nn.Linear(3, 3)
        """,
    )


_INI = """
[DEFAULT]
hidden = 96

[enc]
vocab = 120
embed = 16
name = 100%%

[dec]
embed = ${enc:embed}
width = %(hidden)s
"""


@pytest.mark.parametrize(
    "parser, dec",
    [
        # ${section:key} references
        ("ConfigParser(interpolation=configparser.ExtendedInterpolation())", "embed"),
        # %(key)s references (the default interpolation, spelled out)
        ("ConfigParser(interpolation=configparser.BasicInterpolation())", "width"),
        # no interpolation: the text as written ("100%%" is kept, not read)
        ("ConfigParser(interpolation=None)", "hidden"),
        ("RawConfigParser()", "hidden"),
    ],
)
def test_configparser_interpolations_match_torch(tmp_path, parser: str, dec: str) -> None:
    check_count_matches_torch(
        tmp_path,
        f"""
        import configparser
        import torch.nn as nn

        INI = {_INI!r}
        cp = configparser.{parser}
        cp.read_string(INI)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                e, d = cp["enc"], cp["dec"]
                self.emb = nn.Embedding(e.getint("vocab"), e.getint("embed"))
                self.fc = nn.Linear(e.getint("hidden"), d.getint("{dec}"))
        """,
    )


@pytest.mark.parametrize("rank, modes", [(0.2, (16, 32, 16, 16)), (0.1, (8, 8)), (0.5, (4, 6, 5))])
def test_fractional_tucker_rank_matches_torch(tmp_path, rank: float, modes: tuple) -> None:
    # tensorly's validate_tucker_rank, as users and tltorch call it: brentq over a lambda of
    # numpy sums, then per-mode rounding
    pytest.importorskip("scipy")
    check_count_matches_torch(
        tmp_path,
        f"""
        import numpy as np
        import torch
        import torch.nn as nn
        from scipy.optimize import brentq

        def tucker_rank(shape, rank):
            n_param = np.prod(shape)
            squared = np.sum([s**2 for s in shape])
            fun = lambda x: n_param * x ** len(shape) + squared * x - rank * n_param
            c = brentq(fun, 0.0, max(rank, 1.0))
            return [max(int(np.round(s * c)), 1) for s in shape]

        class M(nn.Module):
            def __init__(self, shape={modes}, rank={rank}):
                super().__init__()
                r = tucker_rank(shape, rank)
                self.core = nn.Parameter(torch.zeros(*r))
                self.factors = nn.ParameterList(nn.Parameter(torch.zeros(s, k)) for s, k in zip(shape, r))
        """,
    )


def test_brentq_sign_error_is_unknown(tmp_path) -> None:
    # scipy raises ValueError (f(a) and f(b) of one sign): the size is not guessed
    check_honest_unknown(
        tmp_path,
        """
        import torch.nn as nn
        from scipy.optimize import brentq

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                try:
                    c = brentq(lambda x: x * x + 1, 0.0, 1.0)
                except ValueError:
                    c = 0.5
                self.fc = nn.Linear(int(c * 100), 2)
        """,
    )


_CTX = """
import contextvars
import torch.nn as nn

NORM = contextvars.ContextVar("norm", default="bn")
WIDTH = contextvars.ContextVar("width")


def norm(c):
    kind = NORM.get()
    if kind == "bn":
        return nn.BatchNorm2d(c)
    return nn.GroupNorm(8, c) if kind == "gn" else nn.Identity()


def block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, bias=False), norm(cout))


def build_gn():
    NORM.set("gn")
    WIDTH.set(48)
    return nn.Sequential(block(3, 32), block(32, 64))


%s
"""


@pytest.mark.parametrize(
    "body",
    [
        # a set inside run() stays in that context; the outer default holds after it
        "class M(nn.Sequential):\n    def __init__(self):\n"
        "        super().__init__(contextvars.copy_context().run(build_gn), block(64, 16))",
        # the context keeps the values set in it: a second run sees them, ctx[var] reads them
        "class M(nn.Sequential):\n    def __init__(self):\n        ctx = contextvars.copy_context()\n"
        "        first = ctx.run(build_gn)\n        again = ctx.run(lambda: block(64, ctx[WIDTH]))\n"
        "        super().__init__(first, again, block(ctx.get(WIDTH, 8), 8), block(8, WIDTH.get(16)))",
        # an empty Context: the variable's default; a copy made after a set keeps it
        "class M(nn.Sequential):\n    def __init__(self):\n        tok = NORM.set('none')\n"
        "        snap = contextvars.copy_context()\n        NORM.reset(tok)\n"
        "        super().__init__(contextvars.Context().run(block, 3, 16), snap.run(block, 16, 16),"
        " block(16, 8))",
    ],
)
def test_copied_context_matches_torch(tmp_path, body: str) -> None:
    check_count_matches_torch(tmp_path, _CTX % body)
