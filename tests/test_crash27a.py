"""Forward-crash rules of session 27 (crashfix27) against torch.

Small models written here (not a corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin. The shape
rules (``diag_embed``, ``kron``) are also compared with torch's own result on many drawn
argument sets.

- ``npdtype``: a numpy array's dtype kept by ``torch.from_numpy`` / ``torch.tensor`` /
  ``torch.as_tensor`` (numpy infers float64 for Python floats; true division of int64 gives
  float64), so a float64 class weight meets a float32 input (fresh18 dev's miss, made general);
- ``mathone``: ``math.<f>(t)`` of a one-element tensor is a plain number, ``x * it`` keeps
  ``x``'s shape (shapefuzz seed 79's miss);
- ``vmap``: ``torch.vmap(fn)(*xs)`` runs ``fn`` on one sample (shapefuzz seed 79's miss);
- ``embedfn``: ``F.embedding`` gets the ``nn.Embedding`` layer's index checks;
- ``listindex``, ``blockdiag``, ``cartesian``, ``atleast``, ``linalgnorm``: index lists and
  shape rules found by probing common ops;
- ``typecast``, ``newdtype``, ``where``: dtypes of ``t.type(...)``, ``t.new_*(dtype=)``,
  ``torch.where(c, 1, 0)``; ``x.where(cond, y)`` reads ``cond`` as the condition (it read
  ``x``: a false blocker on main for a float ``x``);
- ``bufexact``: a buffer made with a known floating dtype keeps it exactly (as a Parameter);
- ``diagembed``, ``kron``, ``isin``, ``newtensor``, ``alias``, ``like``: ops model code calls
  that had no shape rule (``benchmarks/crash/op_coverage.py --missing``).
"""

from __future__ import annotations

import random

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

HEAD = "import math\nimport numpy as np\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def expr(name: str, body: str, shape: tuple[int, ...] = (4, 8), init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(*shape[:-1], 8)``) then ``body``."""
    MODELS[name] = (
        f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        {init or "pass"}

    def forward(self, x):
        h = self.fc(x)
        {body}
""",
        shape,
        "float",
    )


# ---- npdtype: numpy's dtype through torch's converters
_CE = "t = torch.arange(h.shape[0]) % 8\n        return F.cross_entropy(h, t, weight=self.cw)"
_W = "w = np.array([{}])\n        self.register_buffer('cw', {})"
_FLOATS = ", ".join(["1.0"] * 8)
_INTS = ", ".join(["2"] * 8)
expr("npdtype_tensor_f64", _CE, init=_W.format(_FLOATS, "torch.tensor(w.sum() / w)"))
expr("npdtype_from_numpy", _CE, init=_W.format(_FLOATS, "torch.from_numpy(w)"))
expr("npdtype_as_tensor_scaled", _CE, init=_W.format(_FLOATS, "torch.as_tensor(w * 2)"))
expr("npdtype_int_truediv", _CE, init=_W.format(_INTS, "torch.tensor(w / 2)"))
expr("npdtype_mixed_items", _CE, init=_W.format("1, 2.5, 3, 4, 5, 6, 7, 8", "torch.tensor(w)"))
expr("npdtype_slice_neg", _CE, init=_W.format(_FLOATS + ", 9.0", "torch.tensor(-w[:8])"))
expr("npdtype_matmul_buffer", "return h @ self.cw", init=_W.format(_FLOATS, "torch.tensor(w)"))
expr("npdtype_ok_float", _CE, init=_W.format(_FLOATS, "torch.tensor(w).float()"))
expr("npdtype_ok_dtype_kw", _CE, init=_W.format(_FLOATS, "torch.tensor(w, dtype=torch.float32)"))
expr(
    "npdtype_ok_np_float32",
    _CE,
    init="w = np.array([1.0] * 8, dtype=np.float32)\n        self.register_buffer('cw', torch.tensor(w))",
)
expr("npdtype_ok_list", _CE, init="self.register_buffer('cw', torch.tensor([1.0] * 8))")
expr("npdtype_ok_astype", _CE, init=_W.format(_FLOATS, "torch.tensor(w.astype(np.float32))"))
# (an int64 array times an int stays int64; not claimed, and torch's verdict is a crash of
# another kind: cross_entropy's weight must be floating)
expr(
    "npdtype_ok_int_matmul_cast",
    "return h @ self.cw.float()",
    init=_W.format(_INTS, "torch.tensor(w * 2)"),
)

# ---- bufexact: a float64 buffer's exact dtype, unless a cast or a later write may change it
_B64 = "self.register_buffer('cw', torch.ones(8, 8, dtype=torch.float64))"
expr("bufexact_matmul", "return h @ self.cw", init=_B64)
expr(
    "bufexact_mm_numpy",
    "return torch.mm(h, self.cw)",
    init=_W.format(_FLOATS, "torch.from_numpy(w).diag()"),
)
expr("bufexact_ok_module_cast", "return h @ self.cw", init=_B64 + "\n        self.float()")
MODELS["bufexact_ok_rewritten"] = (
    f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        {_B64}

    def fix(self):
        self.cw = self.cw.float()

    def forward(self, x):
        h = self.fc(x)
        self.fix()
        return h @ self.cw
""",
    (4, 8),
    "float",
)

# ---- mathone: math.<f> of a one-element tensor is a number
_ONE = "s = math.log1p(h.flatten()[:1].abs())\n        "
expr("mathone_slice_log1p", _ONE + "return self.fc(h[:, :3] * s)")
expr("mathone_sum_exp", "s = math.exp(h.sum().tanh())\n        return self.fc((h * s).t())", (8, 8))
expr("mathone_two_args", "s = math.atan2(h[0, 0], h[1, 1])\n        return self.fc(h[:, :5] + s)")
expr("mathone_many_elements", "return h * math.exp(h[0])")
expr("mathone_ok", _ONE + "return self.fc(h * s)")
expr("mathone_ok_sqrt", "s = math.sqrt(h.abs().sum())\n        return self.fc(h / s)")

# ---- diagembed: dims and the result shape
expr("diagembed_same_dims", "return torch.diag_embed(h, 0, 1, 1)")
expr("diagembed_dim_range", "return torch.diag_embed(h, 0, 0, 3)")
expr("diagembed_shape", "return self.fc(h.diag_embed(1))")
expr("diagembed_ok_shape", "return self.fc(h[:, :7].diag_embed(1))")
expr("diagembed_ok_dims", "return self.fc(torch.diag_embed(h, -1, 0, 2)[:, :, :8])")

# ---- kron: sizes multiply
expr("kron_view", "return torch.kron(h, h[:1]).view(5, -1)")
expr("kron_linear", "return self.fc(torch.kron(h, torch.ones(2, 2)))")
expr("kron_ok_view", "return torch.kron(h, h[:1]).view(16, -1)")
expr("kron_ok_linear", "return self.fc(torch.kron(h[:, :4], torch.ones(1, 2)))")

# ---- isin: elements' shape
expr("isin_reshape", "return torch.isin(h, h[0]).reshape(3, -1)")
expr("isin_ok_reshape", "return torch.isin(h, h[0]).reshape(-1, 16)")

# ---- newtensor: the data's shape
expr("newtensor_list", "return self.fc(h.new_tensor([1.0, 2.0, 3.0]))")
expr("newtensor_of_tensor", "return self.fc(h.new_tensor(h[:, :4]))")
expr("newtensor_ok_rows", "return self.fc(h.new_tensor([[0.5] * 8] * 2))")
expr("newtensor_ok_tensor", "return self.fc(h.new_tensor(h))")

# ---- alias: torch's aliases take their target's rules
expr("alias_absolute", "return self.fc(h.absolute()[:, :3])")
expr("alias_torch_absolute", "return self.fc(torch.absolute(h).t())", (4, 8))
expr("alias_ravel", "return self.fc(h.ravel())")
expr("alias_ok_absolute", "return self.fc(torch.absolute(h))")
expr("alias_ok_ravel", "return self.fc(h.ravel()[:8])")

# ---- like: as_subclass / new / randint_like keep the tensor's shape and dtype
expr("like_as_subclass", "return self.fc(h.as_subclass(torch.Tensor)[:, :3])")
expr("like_new_sizes", "return self.fc(h.new(2, 3))")
expr("like_new_double", "return self.fc(h.double().new(4, 8))")
expr("like_randint_like_long", "return self.fc(torch.randint_like(h.long(), 3))")
expr("like_randint_like_shape", "return self.fc(torch.randint_like(h, 0, 3)[:, :5])")
expr("like_ok_as_subclass", "return self.fc(h.as_subclass(torch.Tensor))")
expr("like_ok_new", "return self.fc(h.new(3, 8).zero_())")
expr("like_ok_randint_like", "return self.fc(torch.randint_like(h, 3))")

# ---- vmap: fn runs on one sample, the batch size comes back at out_dims
expr("vmap_lambda_slice", "return self.fc(torch.vmap(lambda a: a * 2)(h)[:, :3])")
expr("vmap_reduce_add", "return torch.vmap(lambda a: a.sum(0))(h) + torch.ones(3)")
expr("vmap_torch_fn_view", "return torch.func.vmap(torch.outer)(h, h).view(4, 63)")
expr(
    "vmap_in_dims_none",
    "w = torch.randn(7, 3)\n        return torch.vmap(lambda a, b: a @ b, in_dims=(0, None))(h, w)",
)
expr("vmap_layer_in_body", "return torch.vmap(lambda a: self.fc(a[:3]))(h)")
expr("vmap_out_dims", "return self.fc(torch.vmap(lambda a: a.unsqueeze(0), out_dims=2)(h))")
expr("vmap_ok_lambda", "return self.fc(torch.vmap(lambda a: a * 2)(h))")
expr("vmap_ok_torch_fn", "return torch.func.vmap(torch.outer)(h, h).view(4, 64)")
expr(
    "vmap_ok_in_dims_none",
    "w = torch.randn(8, 3)\n        return torch.vmap(lambda a, b: a @ b, in_dims=(0, None))(h, w).view(12)",
)
expr("vmap_ok_layer", "return torch.vmap(lambda a: self.fc(a))(h)")
expr(
    "vmap_ok_out_dims",
    "return self.fc(torch.vmap(lambda a: a.unsqueeze(0), out_dims=1)(h).squeeze(0))",
)

# ---- embedfn: F.embedding's index checks, as the nn.Embedding layer's
_EW = "self.w = nn.Parameter(torch.randn(8, 3))"
expr("embedfn_arange_past", "return F.embedding(torch.arange(9), self.w)", init=_EW)
expr("embedfn_known_item", "return F.embedding(torch.tensor([[9, 1]]), self.w)", init=_EW)
expr("embedfn_negative", "return F.embedding(torch.full((2, 3), -1), self.w)", init=_EW)
expr("embedfn_float_ids", "return F.embedding(torch.arange(8).float(), self.w)", init=_EW)
expr(
    "embedfn_layer_known_item",
    "return self.emb(torch.tensor([[9, 1]]))",
    init="self.emb = nn.Embedding(8, 3)",
)
expr(
    "embedfn_ok_layer_items",
    "return self.emb(torch.tensor([[7, 0]]))",
    init="self.emb = nn.Embedding(8, 3)",
)
expr("embedfn_ok_inside", "return F.embedding(torch.arange(8), self.w)", init=_EW)
expr("embedfn_ok_full", "return F.embedding(torch.full((2, 3), 7), self.w)", init=_EW)
expr("embedfn_ok_empty", "return F.embedding(torch.arange(8)[:0] + 9, self.w)", init=_EW)

# ---- listindex: a list of ints as an index is torch's index tensor
expr("listindex_second_axis", "return h[:, [0, 8]]")
expr("listindex_first_axis", "return h[[0, 4]]")
expr("listindex_nested", "return h[:, [[0, 1], [2, 9]]]")
expr("listindex_after_ellipsis", "return h[..., [-9]]")
expr("listindex_ok", "return h[:, [0, 7, -8]]")
expr("listindex_ok_first", "return h[[3, -4]]")
# (a bare list of lists is read as a tuple of indices: ``h[[0], [-3]]``, deprecated)
expr("listindex_ok_tuple_reading", "return h[[[0], [-3]]]")
expr("listindex_ok_bools", "return h[[True, False, True, False]]")

# ---- blockdiag / cartesian / atleast / linalgnorm: shapes and refusals
expr("blockdiag_view", "return torch.block_diag(h, h[0]).view(3, -1)")
expr("blockdiag_rank", "return torch.block_diag(h[None])")
expr("blockdiag_ok", "return torch.block_diag(h, h[0], torch.tensor(1.0)).view(6, 17)")
expr("cartesian_view", "return torch.cartesian_prod(h[0], h[1]).view(3, -1)")
expr("cartesian_rank", "return torch.cartesian_prod(h)")
expr("cartesian_ok", "return torch.cartesian_prod(h[0], h[1], h[2, :2]).view(64, 2, 3)")
expr("atleast_view", "return torch.atleast_3d(h).view(3, -1)")
expr("atleast_linear", "return self.fc(torch.atleast_3d(h))")
expr("atleast_ok", "return self.fc(torch.atleast_2d(h[0]))")
expr("linalgnorm_three_dims", "return torch.linalg.norm(h[None], dim=(0, 1, 2))")
expr("linalgnorm_ok", "return torch.linalg.norm(h[None], 2, (1, 2))")

# ---- typecast: ``t.type(torch.DoubleTensor)`` / ``t.type(torch.float64)`` are casts
expr("typecast_tensor_type", "return self.fc(h.type(torch.DoubleTensor))")
expr("typecast_string", "return self.fc(h.type('torch.LongTensor'))")
expr("typecast_dtype", "return torch.mm(h.type(torch.float64), h.t())")
expr("typecast_ok_float", "return self.fc(h.double().type(torch.FloatTensor))")
expr("typecast_ok_query", "return h if h.type() == 'torch.FloatTensor' else h + 1")

# ---- newdtype: ``t.new_zeros(..., dtype=d)`` has dtype d
expr("newdtype_double", "return self.fc(h.new_zeros(4, 8, dtype=torch.float64))")
expr("newdtype_long", "return self.fc(h.new_ones(4, 8, dtype=torch.long))")
expr("newdtype_ok_float", "return self.fc(h.new_ones(4, 8, dtype=torch.float32))")
expr("newdtype_ok_kept", "return self.fc(h.new_full((4, 8), 2.0))")

# ---- where: two Python numbers give int64 / float; the method's condition is its argument
expr("where_two_ints", "return self.fc(torch.where(h > 0, 1, 0))")
expr("where_float_condition", "return torch.where(h, 1.0, 0.0)")
expr("where_method_broadcast", "return h.where(h > 0, torch.zeros(3))")
expr("where_ok_float_scalar", "return self.fc(torch.where(h > 0, 1.0, 0))")
expr("where_ok_method", "return self.fc(h.where(h > 0, 0))")
expr("where_ok_method_tensor", "return self.fc(h.where(h > 0, h * 2))")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("diagembed_shape", "kron_view"), tmp_path, capsys)


def _draws(n: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        shape = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 3)))
        out.append((shape, rng.randint(-3, 3), rng.randint(-5, 4), rng.randint(-5, 4)))
    return out


@pytest.mark.parametrize("draw", _draws(300, 27))
def test_diag_embed_rule_is_torchs(draw):
    """The rule's shape or error kind equals torch's on drawn shapes, offsets and dims."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix27 import diag_embed

    shape, offset, d1, d2 = draw
    got = diag_embed(shape, [offset, d1, d2], {})
    try:
        want = tuple(torch.diag_embed(torch.randn(shape), offset, d1, d2).shape)
    except IndexError as e:
        assert isinstance(got, str) and got.startswith("IndexError"), (draw, got, e)
        assert str(e) in got, (got, e)
        return
    except RuntimeError as e:
        assert isinstance(got, str) and got.startswith("RuntimeError"), (draw, got, e)
        assert str(e) in got, (got, e)
        return
    assert got == want, (draw, got, want)


@pytest.mark.parametrize("seed", range(6))
def test_kron_rule_is_torchs(seed):
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix27 import kron
    from driftcheck.parsers.source.values.dataflow_values import Tens

    rng = random.Random(seed)
    for _ in range(40):
        a = tuple(rng.randint(0, 3) for _ in range(rng.randint(0, 3)))
        b = tuple(rng.randint(0, 3) for _ in range(rng.randint(0, 3)))
        want = tuple(torch.kron(torch.randn(a), torch.randn(b)).shape)
        assert kron(a, [Tens("n", b)], {}) == want, (a, b)


def test_numpy_dtype_kept_only_where_certain():
    """The array dtypes the rule claims are numpy's own; float32 arithmetic is not claimed."""
    import operator

    np = pytest.importorskip("numpy")
    from driftcheck.parsers.source.library.arrays import NDArray, _inferred_dtype, _result_dtype

    for items in ([1.0, 2.0], [1, 2.5], [3, 4], [0], [2**40, 1]):
        assert _inferred_dtype(items) == np.array(items).dtype.name, items
    assert _inferred_dtype([True, False]) is None
    assert _inferred_dtype([]) is None
    ops = (operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv)
    claimed = 0
    for dt in ("float64", "int64", "float32"):
        arr = np.array([1, 2, 3], dtype=dt)
        mine = NDArray([1, 2, 3], dt)
        for other in (2, 2.5, np.array([4, 5, 6]), np.array([4.0, 5.0, 6.0])):
            theirs = NDArray(other.tolist(), other.dtype.name) if hasattr(other, "dtype") else other
            for op in ops:
                for a, b, x, y in ((mine, theirs, arr, other), (theirs, mine, other, arr)):
                    if not isinstance(a, NDArray):
                        continue  # (a Python number on the left: the array's reflected op)
                    got = op(a, b).dtype
                    if got is not None:
                        claimed += 1
                        assert got == op(x, y).dtype.name, (dt, other, op)
    assert claimed >= 30, claimed
    assert _result_dtype(operator.mul, "float32", 2.5) is None
    assert (NDArray([1.0], "float32") * 2.5).dtype is None


@pytest.mark.parametrize("seed", range(4))
def test_block_cartesian_atleast_rules_are_torchs(seed):
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward import dataflow_fix27 as fx

    rng = random.Random(seed)
    for _ in range(40):
        shapes = [
            tuple(rng.randint(0, 3) for _ in range(rng.randint(0, 3)))
            for _ in range(rng.randint(1, 3))
        ]
        ts = [torch.randn(sh) for sh in shapes]
        for name, fn in (("block_diag", fx.block_diag), ("cartesian_prod", fx.cartesian_prod)):
            got = fn(shapes)
            try:
                want = tuple(getattr(torch, name)(*ts).shape)
            except RuntimeError as e:
                assert isinstance(got, str) and str(e) in got, (name, shapes, got, e)
                continue
            assert got == want, (name, shapes, got, want)
        for name, fn in fx._ATLEAST.items():
            assert fn(shapes[0]) == tuple(getattr(torch, name)(ts[0]).shape), (name, shapes)
