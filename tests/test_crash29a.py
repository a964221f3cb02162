"""Forward-crash rules of session 29 (crashfix29: fresh20's dev misses, made general) against
torch.

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin.

``argkinds``: ``torch.<fn>(...)`` with kinds of arguments torch's parser refuses
(``torch.flip(x, 1)``, ``torch.permute(x, 0, 2, 1)``, ``torch.isin(x, [1, 2])``), from the
measured ``argkinds_table``; ``filldiag``: ``fill_diagonal_`` on fewer than 2 dims or unequal
sizes past 2; ``distsample``: ``d.sample(n)`` / ``d.rsample(n)`` of a Python number;
``fmtspec``: ``f"{t:.3f}"`` of a tensor of rank >= 1; ``randfill``: the parameter domain of
``exponential_`` / ``geometric_`` / ``log_normal_`` / ``cauchy_`` / ``bernoulli_``;
``zerodiv``: an integer or bool tensor ``%`` / ``//`` / ``remainder`` / ``div(rounding_mode)``
by the int 0; ``putrange``: ``put_`` / ``put`` / ``take`` of known index values; ``segment``:
``segment_reduce`` lengths; ``bag``: ``EmbeddingBag`` offsets; ``smallidx``: int16 / int8
embedding indices.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

ROOT = Path(__file__).resolve().parents[1]
HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def fwd(name: str, body: str, init: str = "", shape: tuple[int, ...] = (2, 6, 8)) -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(2, 6, 8)``) then ``body``."""
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)",), body, init))


# ---- argkinds: torch's argument parser refuses these kinds (measured table)
fwd("argkinds_flip_int", "return torch.flip(h, 1)")
fwd("argkinds_flip_tuple_ok", "return torch.flip(h, (1,))")
fwd("argkinds_flip_list_ok", "return torch.flip(h, [1, 2])")
fwd("argkinds_tile_int", "return torch.tile(h, 2)")
fwd("argkinds_tile_tuple_ok", "return torch.tile(h, (1, 2))")
fwd("argkinds_permute_varargs", "return torch.permute(h, 0, 2, 1)")
fwd("argkinds_permute_tuple_ok", "return torch.permute(h, (0, 2, 1))")
fwd("argkinds_isin_list", "return torch.isin(h.argmax(-1), [1, 2]).float()")
fwd("argkinds_isin_tensor_ok", "return torch.isin(h.argmax(-1), torch.tensor([1, 2])).float()")
fwd("argkinds_isin_int_ok", "return torch.isin(h.argmax(-1), 3).float()")
fwd("argkinds_roll_float", "return torch.roll(h, 1.0)")
fwd("argkinds_roll_int_ok", "return torch.roll(h, 1, 1)")
fwd("argkinds_sum_int_ok", "return torch.sum(h, 1)")
fwd("argkinds_sum_float", "return torch.sum(h, 1.0)")
fwd("argkinds_transpose_one", "return torch.transpose(h, 1)")
fwd("argkinds_maximum_int", "return torch.maximum(h, 0)")
fwd("argkinds_maximum_ok", "return torch.maximum(h, torch.zeros(8))")
fwd("argkinds_size_from_shape_ok", "n = h.shape[1]\n        return torch.roll(h, n // 2, 1)")
fwd("argkinds_kwargs_not_judged_ok", "return torch.flip(h, dims=(1,))")
# a helper's result (not followed): no kind, no claim, even where it would crash in torch
fwd(
    "argkinds_unknown_ok",
    "return torch.flip(h, self.dims())",
    init="self.dims = lambda: (1,)",
)

# ---- filldiag: ``fill_diagonal_`` needs >= 2 dims, all equal past 2
fwd(
    "filldiag_batched",
    "s = h @ h.transpose(-2, -1)\n        s.fill_diagonal_(0.0)\n        return s",
)
fwd("filldiag_2d_ok", "s = h[0] @ h[0].T\n        s.fill_diagonal_(0.0)\n        return s")
fwd("filldiag_nonsquare_ok", "s = h[0].clone()\n        s.fill_diagonal_(1.0)\n        return s")
fwd("filldiag_cube_ok", "s = torch.zeros(4, 4, 4)\n        s.fill_diagonal_(1.0)\n        return h")
fwd("filldiag_vector", "s = h[0, 0].clone()\n        s.fill_diagonal_(1.0)\n        return s")

# ---- distsample: ``torch.Size(n)`` of a Python number (TypeError)
fwd(
    "distsample_rsample_int",
    "d = torch.distributions.Normal(h, h.exp())\n        return d.rsample(4).mean(0)",
)
fwd(
    "distsample_rsample_tuple_ok",
    "d = torch.distributions.Normal(h, h.exp())\n        return d.rsample((4,)).mean(0)",
)
fwd(
    "distsample_sample_int",
    "d = torch.distributions.Categorical(logits=h)\n        return d.sample(3).float()",
)
fwd(
    "distsample_sample_list_ok",
    "d = torch.distributions.Categorical(logits=h)\n        return d.sample([3]).float()",
)
fwd(
    "distsample_sample_n_ok",
    "d = torch.distributions.Uniform(h.sigmoid() - 1, h.sigmoid())\n        return d.sample_n(3)",
)
fwd(
    "distsample_sample_n_tuple",
    "d = torch.distributions.Uniform(h.sigmoid() - 1, h.sigmoid())\n"
    "        return d.sample_n((3,))",
)

# ---- fmtspec: ``Tensor.__format__`` formats 0-d tensors only
fwd(
    "fmtspec_vector",
    'aux = h.pow(2).mean((0, 1))\n        self.log.append(f"aux={aux:.3e}")\n        return h',
    init="self.log = []",
)
fwd(
    "fmtspec_scalar_ok",
    'aux = h.pow(2).mean()\n        self.log.append(f"aux={aux:.3e}")\n        return h',
    init="self.log = []",
)
fwd(
    "fmtspec_no_spec_ok",
    'aux = h.pow(2).mean(0)\n        self.log.append(f"aux={aux}")\n        return h',
    init="self.log = []",
)
fwd(
    "fmtspec_repr_ok",
    'aux = h.pow(2).mean(0)\n        self.log.append(f"aux={aux!r:>5}")\n        return h',
    init="self.log = []",
)
fwd(
    "fmtspec_item_ok",
    'aux = h.pow(2).mean()\n        self.log.append(f"aux={aux.item():.3e}")\n        return h',
    init="self.log = []",
)
fwd(
    "fmtspec_one_item",
    'aux = h.pow(2).mean((0, 1))[:1]\n        s = f"{aux:>8}"\n        return h',
)


# ---- randfill: the parameter domains of torch's in-place random fills
fwd(
    "randfill_exponential_zero",
    "r = 2.0 * (1.0 - 1.0)\n        return h + torch.empty_like(h).exponential_(r)",
)
fwd("randfill_exponential_ok", "return h + torch.empty_like(h).exponential_(0.5)")
fwd("randfill_geometric_one", "return h + torch.empty_like(h).geometric_(1)")
fwd("randfill_geometric_ok", "return h + torch.empty_like(h).geometric_(0.3)")
fwd("randfill_lognormal_std", "return h + torch.empty_like(h).log_normal_(0.0, 0.0)")
fwd("randfill_cauchy_sigma", "return h + torch.empty_like(h).cauchy_(sigma=-1.0)")
fwd("randfill_cauchy_ok", "return h + torch.empty_like(h).cauchy_()")
fwd("randfill_bernoulli_p", "return h * torch.empty_like(h).bernoulli_(1.5)")
fwd("randfill_bernoulli_ok", "return h * torch.empty_like(h).bernoulli_(1.0)")
fwd("randfill_bernoulli_fn", "return h * torch.bernoulli(h.sigmoid(), -0.5)")

# ---- zerodiv: integer / bool tensors by the int 0
fwd("zerodiv_mod", "w = 16 // 32\n        return h + (torch.arange(h.shape[1]) % w)[:, None]")
fwd("zerodiv_mod_ok", "w = 16 // 8\n        return h + (torch.arange(h.shape[1]) % w)[:, None]")
fwd("zerodiv_float_ok", "return h + (torch.arange(h.shape[1]).float() % 0)[:, None]")
fwd("zerodiv_floordiv", "return h + (torch.arange(h.shape[1]) // 0)[:, None]")
fwd("zerodiv_truediv_ok", "return h + (torch.arange(h.shape[1]) / 0)[:, None]")
fwd("zerodiv_remainder_fn", "return h + torch.remainder(h.argmax(-1), 0)[..., None]")
fwd("zerodiv_div_floor", "return h + h.argmax(-1).div(0, rounding_mode='floor')[..., None]")
fwd("zerodiv_div_plain_ok", "return h + h.argmax(-1).div(0)[..., None]")
fwd("zerodiv_empty_ok", "return h + (torch.arange(0) % 0).sum()")
fwd("zerodiv_bool", "return h + ((h > 0) % 0)")

# ---- putrange: ``put_`` / ``put`` / ``take`` of known index values
fwd(
    "putrange_one_past",
    "m = torch.zeros(4)\n        idx = torch.arange(2) + 4 - 1\n        return h + m.put_(idx, h[:, 0, 0]).sum()",
)
fwd(
    "putrange_ok",
    "m = torch.zeros(4)\n        idx = torch.arange(2) + 4 - 2\n        return h + m.put_(idx, h[:, 0, 0]).sum()",
)
fwd("putrange_negative_ok", "return h + torch.zeros(4).put(torch.tensor([-4]), h[0, 0, :1]).sum()")
fwd("putrange_negative", "return h + torch.zeros(4).put(torch.tensor([-5]), h[0, 0, :1]).sum()")
fwd("putrange_take", "return h + torch.take(h, torch.tensor([96])).sum()")

# ---- segment: ``torch.segment_reduce`` lengths of known values
fwd(
    "segment_sum_short",
    "return torch.segment_reduce(h[0], 'mean', lengths=torch.tensor([2, 3]))",
    shape=(2, 6, 8),
)
fwd("segment_ok", "return torch.segment_reduce(h[0], 'mean', lengths=torch.tensor([2, 4]))")
fwd(
    "segment_unsafe_ok",
    "return torch.segment_reduce(h[0], 'sum', lengths=torch.tensor([2, 3]), unsafe=True)",
)
fwd("segment_negative", "return torch.segment_reduce(h[0], 'sum', lengths=torch.tensor([7, -1]))")

# ---- bag: EmbeddingBag offsets of known values
_BAG = ("self.fc = nn.Linear(8, 8)", "self.bag = nn.EmbeddingBag(20, 8, mode='mean')")
for _name, _off in (
    ("bag_offsets_start", "torch.arange(1, 3) * 6"),
    ("bag_offsets_ok", "torch.arange(0, 2) * 6"),
    ("bag_offsets_end", "torch.tensor([0, 13])"),
    ("bag_offsets_end_ok", "torch.tensor([0, 12])"),
):
    model(
        _name,
        (2, 6, 8),
        net_source(_BAG, f"ids = h.argmax(-1).flatten()\n        return self.bag(ids, {_off})"),
    )
fwd(
    "bag_functional_start",
    "ids = h.argmax(-1).flatten()\n        w = torch.zeros(20, 4)\n"
    "        return F.embedding_bag(ids, w, torch.tensor([2, 6]))",
)

# ---- smallidx: int16 / int8 indices into an embedding
_EMB = ("self.fc = nn.Linear(8, 8)", "self.emb = nn.Embedding(8, 4)")
for _name, _cast in (
    ("smallidx_int16", ".to(torch.int16)"),
    ("smallidx_int8", ".to(dtype=torch.int8)"),
    ("smallidx_short", ".short()"),
    ("smallidx_int32_ok", ".to(torch.int32)"),
    ("smallidx_back_ok", ".to(torch.int16).long()"),
    ("smallidx_plus_ok", ".to(torch.int16) + torch.zeros(6, dtype=torch.long)"),
    ("smallidx_mod_missed_ok", ".to(torch.int32) % 8"),
    (
        "smallidx_where_ok",
        ".to(torch.int16).where(h[..., 0] > 0, torch.zeros(6, dtype=torch.long))",
    ),
    ("smallidx_max_ok", ".to(torch.int16).maximum(torch.zeros(6, dtype=torch.long))"),
    ("smallidx_clamp", ".to(torch.int16).clamp(0, 7)"),
):
    model(_name, (2, 6, 8), net_source(_EMB, f"return self.emb(h.argmax(-1){_cast})"))
fwd(
    "smallidx_cat_ok",
    "i = h.argmax(-1)\n        return self.emb(torch.cat([i.to(torch.int16), i], 1))",
    init="self.emb = nn.Embedding(8, 4)",
)
fwd(
    "smallidx_stack_ok",
    "i = h.argmax(-1)\n        return self.emb(torch.stack([i.to(torch.int16), i]))",
    init="self.emb = nn.Embedding(8, 4)",
)
fwd(
    "smallidx_functional",
    "return F.embedding(h.argmax(-1).to(torch.int16), torch.zeros(8, 4))",
)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS,
        HEAD,
        ("argkinds_flip_int", "filldiag_batched", "distsample_rsample_int", "fmtspec_vector"),
        tmp_path,
        capsys,
    )


def test_argkinds_table_is_torchs():
    """The table the rule reads agrees with the installed torch (the generator's --check)."""
    pytest.importorskip("torch")
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_argkinds_table.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**__import__("os").environ, "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stdout + r.stderr


_PARSER = re.compile(
    r"received an invalid combination of arguments|argument '\w+' \(position \d+\) must be"
    r"|takes (from \d+ to )?\d+ positional arguments? but \d+ (were|was) given"
    r"|missing \d+ required positional argument|failed to unpack the object at pos"
)


def test_argkinds_rule_is_torchs():
    """Every refusal the rule claims over 4000 draws (a function of the table, 1 to 7
    arguments of random kinds and values other than the generator's fillers: tensors of rank 0
    to 3, sizes 0 to 4, four dtypes) is torch's parser's TypeError; and it claims some. (A
    first version named one-element tensors ``T`` too: torch took a 0-d tensor as an int.)"""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import argkinds_table, dataflow_fix29
    from driftcheck.parsers.source.values.dataflow_values import Tens

    rng = random.Random(29)
    names = sorted(argkinds_table.ACCEPTED)
    claimed = 0
    for _ in range(4000):
        name = rng.choice(names)
        n = rng.randint(1, argkinds_table.MAX_ARGS + 3)  # (past MAX_ARGS: ``MAXPOS``)
        shapes, real = [], []
        for i in range(n):
            k = "T" if i == 0 and n <= argkinds_table.MAX_ARGS else rng.choice("TifLU")
            if k == "T":
                s = tuple(rng.choice((0, 1, 2, 4)) for _ in range(rng.randint(0, 3)))
                dt = rng.choice((torch.float32, torch.int64, torch.bool, torch.float16))
                shapes.append(Tens(None, s))
                real.append(torch.zeros(s, dtype=dt))
            elif k == "i":
                v = rng.choice((-1, 0, 2, 3, 100))
                shapes.append(v)
                real.append(v)
            elif k == "f":
                v = rng.choice((1.5, -0.25, 3.0, 0.0))
                shapes.append(v)
                real.append(v)
            else:
                items = [rng.choice((-1, 0, 1, 2)) for _ in range(rng.randint(1, 4))]
                v = items if k == "L" else tuple(items)
                shapes.append(v)
                real.append(v)
        err = dataflow_fix29.refused_kinds(name, shapes)
        if err is None:
            continue
        claimed += 1
        with pytest.raises(TypeError, match=_PARSER):
            getattr(torch, name)(*real)
    assert claimed > 1000, claimed


def test_dist_sample_rule_is_torchs():
    """``sample`` / ``rsample`` of an int or a float raise TypeError, ``sample_n`` of a list,
    a tuple or a float too, for every family the rule judges (built as the dist table's
    generator builds them, two batch shapes); the shaped forms run."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dist_table

    D = torch.distributions
    fams = sorted(dist_table.SCALAR | dist_table.PROBS_SCALAR | dist_table.LAST_AXIS)
    assert len(fams) > 20
    for fam in fams:
        for shape in ((3,), (2, 4)):
            if fam in dist_table.SCALAR:
                n = len(dist_table.PARAMS[fam])
                d = getattr(D, fam)(*(torch.rand(shape) * 0.1 + 0.25 + 0.1 * i for i in range(n)))
            else:
                d = getattr(D, fam)(logits=torch.zeros(shape))
            methods = ["sample", "rsample"] if d.has_rsample else ["sample"]
            for m in methods:
                for bad in (2, 2.0):
                    with pytest.raises(TypeError):
                        getattr(d, m)(bad)
                for good in ([2], (2,), torch.Size([2])):
                    getattr(d, m)(good)
            for bad in (2.0, [2], (2,)):
                with pytest.raises(TypeError):
                    d.sample_n(bad)
            d.sample_n(2)


def test_fill_diagonal_rule_is_torchs():
    """``fill_diagonal`` against torch over every shape of rank 0 to 4 with sizes 1 to 3."""
    torch = pytest.importorskip("torch")
    import itertools

    from driftcheck.parsers.source.forward import dataflow_fix29
    from driftcheck.parsers.source.values.dataflow_values import Tens

    n = 0
    for rank in range(5):
        for s in itertools.product((1, 2, 3), repeat=rank):
            err = dataflow_fix29.fill_diagonal(Tens(None, s))
            for wrap in (False, True):
                try:
                    torch.zeros(s).fill_diagonal_(1.0, wrap)
                    raised = None
                except RuntimeError as e:
                    raised = str(e)
                assert (err is None) is (raised is None), (s, err, raised)
                if raised:
                    assert err.endswith(raised), (s, err, raised)
                n += 1
    assert n > 200


def test_random_fill_rule_is_torchs():
    """The fill domains against torch: 5 fills x 12 parameter values (ints and floats, both
    sides of each bound), the message torch's own."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dataflow_fix29

    values = (-1, -0.5, 0, 0.0, 1e-9, 0.3, 0.5, 1, 1.0, 1.5, 2, float("inf"))
    n = 0
    for name, (pos, _key, _default, _bad, _msg) in dataflow_fix29._FILLS.items():
        for v in values:
            args = [v] if pos == 0 else [0.0, v]
            err = dataflow_fix29.random_fill(None, name, args, {})
            try:
                getattr(torch.zeros(3), name)(*args)
                raised = None
            except RuntimeError as e:
                raised = str(e)
            assert (err is None) is (raised is None), (name, v, err, raised)
            if raised:
                assert err == f"RuntimeError: {raised}", (name, v, err, raised)
            n += 1
    assert n == 60


def test_zero_division_rule_is_torchs():
    """``t % d`` / ``t // d`` / ``remainder`` / ``fmod`` / ``div(rounding_mode)`` against
    torch for 8 dtypes x 5 divisors (the rule's dtype facts: int family, uint8, bool, float)."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_fix29
    from driftcheck.parsers.source.values.dataflow_values import Tens

    fam = {torch.int8: "int64", torch.int16: "int64", torch.int32: "int64",
           torch.int64: "int64", torch.uint8: "uint8", torch.bool: "bool",
           torch.float32: "float", torch.float64: "float64"}  # fmt: skip

    class F:
        input_shape = (3,)

    f = F()
    t = Tens(None, (3,))
    calls = {
        "%": lambda x, d: x % d,
        "//": lambda x, d: x // d,
        "remainder": lambda x, d: x.remainder(d),
        "fmod": lambda x, d: torch.fmod(x, d),
        "div_floor": lambda x, d: x.div(d, rounding_mode="floor"),
        "div": lambda x, d: x.div(d),
    }
    for dt, word in fam.items():
        for d in (0, False, 0.0, 1, -1):
            for how, call in calls.items():
                kw = {"rounding_mode": "floor"} if how == "div_floor" else {}
                kw = kw if how.startswith("div") else {"": 0}
                orig = dataflow_checks.fact
                dataflow_checks.fact = lambda _f, _t, key, w=word: w if key == "dtype" else None
                try:
                    err = dataflow_fix29.zero_division(f, t, d, kw)
                finally:
                    dataflow_checks.fact = orig
                try:
                    call(torch.ones(3, dtype=dt), d)
                    raised = False
                except RuntimeError as e:
                    raised = "ZeroDivisionError" in str(e)
                if err is not None:  # every claim is torch's ZeroDivisionError
                    assert raised, (dt, d, how, err)
                if raised and d.__class__ is int:  # and an int 0 is always claimed (False
                    assert err is not None, (dt, d, how)  # is not: bool % False differs)


def _sparse_forms(torch, s: tuple) -> dict:
    """Argument forms of each refused method, valid for a dense tensor of shape ``s``."""
    n = len(s)
    dense = torch.zeros(s)
    return {
        "view": [(-1,), tuple(s)],  # (its own shape too: no shortcut)
        "reshape": [(-1,), tuple(s)],
        "contiguous": [()],
        "expand": [(2, *s), tuple(s), (-1,) * n],
        "repeat": [(2,) * n, (1,) * n],
        "mean": [(), (0,)],
        "max": [(), (0,), (0, True)],
        "softmax": [(0,), (-1,)],
        "log_softmax": [(0,), (-1,)],
        "exp": [()],
        "log": [()],
        "sigmoid": [()],
        "clamp": [(0, 1), (0,), ()],
        "narrow": [(0, 0, 1), (0, 0, s[0])],
        "chunk": [(2,), (1, 0), (1,)],
        "split": [(1,), (10,)],
        "argmax": [(), (0,)],
        "numpy": [()],
        "masked_fill": [(dense > 0, 0.0)],
        "view_as": [(dense,)],
        "reshape_as": [(dense,)],
        "expand_as": [(dense,)],
        "unfold": [(0, 1, 1)],
    }


def test_sparse_tables_are_torchs():
    """On sparse COO tensors of 1 to 3 dims (float32 and float64, from ``to_sparse()``):
    every ``SPARSE_REFUSED`` method raises in each argument form (forms a dense tensor takes),
    and every form ``_sparse_keeps`` accepts gives a sparse COO tensor; ``to_dense()`` does not."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dataflow_fix29 as fx

    keeps = [
        ("sum", (1,), {}), ("sum", (-1,), {"keepdim": True}), ("sum", (), {"dim": 0}),
        ("pow", (-0.5,), {}), ("pow", (2,), {}), ("mul", (2,), {}), ("div", (2.0,), {}),
        ("transpose", (0, 1), {}), ("unsqueeze", (0,), {}),
        *((name, (), {}) for name in sorted(fx._SPARSE_SAME)),
    ]  # fmt: skip
    for name, args, kwargs in keeps:
        assert fx._sparse_keeps(name, list(args), kwargs, 2), name
    assert not fx._sparse_keeps("sum", [], {}, 2)
    assert not fx._sparse_keeps("sum", [(0, 1)], {}, 2)
    assert not fx._sparse_keeps("sum", [0], {}, 1)
    assert not fx._sparse_keeps("to_dense", [], {})
    for s in ((5,), (4, 4), (2, 3, 4)):
        for dt in (torch.float32, torch.float64):
            a = (torch.rand(s) > 0.5).to(dt).to_sparse()
            assert a.layout == torch.sparse_coo
            forms = _sparse_forms(torch, s)
            assert set(forms) == fx.SPARSE_REFUSED
            for name, fs in forms.items():
                for args in fs:
                    with pytest.raises((RuntimeError, NotImplementedError, TypeError)):
                        getattr(a, name)(*args)
            for name, args, kwargs in keeps:
                if len(s) < 2 and name in ("sum", "transpose"):
                    assert name == "transpose" or not fx._sparse_keeps(name, [*args], kwargs, 1)
                    continue  # (1-D: a dim it lacks, or a dense sum)
                if name == "t" and len(s) > 2:
                    continue  # (``t()`` of 3 dims raises, dense or sparse)
                got = getattr(a, name)(*args, **kwargs)
                assert got.layout == torch.sparse_coo, (s, name, args)
            assert a.to_dense().layout == torch.strided


# ---- sparse: a tensor made sparse by ``to_sparse()`` has no view / reshape / mean ...
_GCN = "adj = (h[0] @ h[0].t() > 0).float()\n        adj = adj.to_sparse()\n        "
fwd("sparse_view", _GCN + "norm = adj.sum(1).pow(-0.5).view(-1, 1)\n        return norm")
fwd("sparse_reshape", _GCN + "return adj.sum(1).reshape(-1, 1)")
fwd("sparse_mean", _GCN + "return adj.mean(1)")
fwd("sparse_dense_ok", _GCN + "return adj.to_dense().sum(1).view(-1, 1)")
fwd("sparse_sum_all_ok", _GCN + "return adj.sum().view(1)")
fwd("sparse_mm_ok", _GCN + "return torch.sparse.mm(adj, h[0]).view(-1)")
fwd("sparse_keep_ok", _GCN + "return adj.t().coalesce().to_dense().view(-1)")
fwd("sparse_transposed", _GCN + "return adj.transpose(0, 1).float().view(-1)")
fwd("sparse_flatten_ok", _GCN + "return adj.sum(1).flatten(0, 0).to_dense()")
fwd("sparse_vector_sum_ok", _GCN + "return adj.sum(1).sum(0).view(1)")


# ---- fillshape: an in-place random fill returns its tensor (the shape is followed on)
fwd(
    "fillshape_view_bad",
    "n = torch.empty_like(h).exponential_(1.0)\n        return (h + n).view(5, -1)",
)
fwd(
    "fillshape_view_ok",
    "n = torch.empty_like(h).exponential_(1.0)\n        return (h + n).view(4, -1)",
)
fwd("fillshape_dense_bad", _GCN + "return adj.coalesce().to_dense().view(5, -1)")
fwd("fillshape_dense_ok", _GCN + "return adj.coalesce().to_dense().view(4, -1)")


# ---- dictout: attributes of a dict ``forward`` made (a submodule's HF-style output)
_BACKBONE = """
class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        h = self.fc(x)
        return BUILD
"""


def dictout(name: str, build: str, use: str) -> None:
    src = _BACKBONE.replace("BUILD", build) + net_source(
        ("self.backbone = Backbone()",), use.replace("OUT", "h")
    ).replace("h = self.backbone(x)", "h = self.backbone(x)")
    model(name, (2, 6, 8), src)


dictout("dictout_literal_mean", '{"last": h, "pooled": h.mean(1)}', "return OUT.mean(1)")
dictout("dictout_call_mean", "dict(last=h, pooled=h.mean(1))", "return OUT.mean(1)")
dictout("dictout_key_ok", "dict(last=h, pooled=h.mean(1))", 'return OUT["pooled"]')
dictout("dictout_get_ok", '{"last": h}', 'return OUT.get("last").mean(1)')
dictout("dictout_values_ok", '{"last": h}', "return list(OUT.values())[0]")
dictout("dictout_attr_name", '{"last": h}', "return OUT.last_hidden_state")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)
