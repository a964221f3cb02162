"""Forward-crash rules of session 31 (crashfix31), the tables and helpers against torch: the
pure parts of ``dataflow_fix31`` asked of torch item by item (the models that run the rules
end to end are in ``tests/test_crash31a.py``).

EmbeddingBag index dtypes and results; ``F.group_norm``'s affine shapes; torch's dense-layout
test, ``infer_dense_strides`` and the strides of views, pieces, clones, casts, ``unsqueeze`` /
``expand`` and basic indexing on random layouts; the ``view_as_complex`` stride rule; the
dtype tables (parameter-free layers, affine norms, functional ops) on every floating dtype
pair; ``result_type``; the self-shaped methods and ``take_along_dim``'s shape.
"""

# ruff: noqa: B023 - each lambda made in a loop is called in the same iteration
from __future__ import annotations

import random

import pytest

from driftcheck.parsers.source.forward import dataflow_fix31 as rules
from driftcheck.parsers.source.forward import dataflow_strides as ds

FLOATS = ("float32", "float64", "float16", "bfloat16")


def _runs(fn) -> bool:
    try:
        fn()
    except Exception:  # noqa: BLE001 - torch's refusal
        return False
    return True


def test_bag_index_dtypes_are_torchs():
    """Floating ids or offsets are refused for every floating dtype, 1-D and 2-D ids, the layer
    and the function alike; int64 / int32 ids with int64 / int32 / bool offsets run."""
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    w = torch.randn(5, 3)
    bag = torch.nn.EmbeddingBag(5, 3)
    ids1, offs = torch.tensor([0, 1, 2, 3]), torch.tensor([0, 2])
    for name in FLOATS:
        dt = getattr(torch, name)
        assert not _runs(lambda: F.embedding_bag(ids1.to(dt), w, offs))
        assert not _runs(lambda: F.embedding_bag(ids1.view(2, 2).to(dt), w))
        assert not _runs(lambda: F.embedding_bag(ids1, w, offs.to(dt)))
        assert not _runs(lambda: bag(ids1.to(dt), offs))
        assert not _runs(lambda: bag(ids1, offs.to(dt)))
    for it in (torch.int64, torch.int32):
        for ot in (torch.int64, torch.int32, torch.bool):
            assert _runs(lambda: F.embedding_bag(ids1.to(it), w, offs.to(ot)))
    # the result: (B, E) / (n - include_last_offset, E), the table's dtype
    for wt in (torch.float32, torch.float64, torch.float16):
        for mode in ("sum", "mean", "max"):
            got = F.embedding_bag(ids1.view(2, 2), w.to(wt), mode=mode)
            assert got.shape == (2, 3) and got.dtype == wt
            got = F.embedding_bag(ids1, w.to(wt), torch.tensor([0, 1, 3]), mode=mode)
            assert got.shape == (3, 3) and got.dtype == wt
    got = F.embedding_bag(ids1, w, torch.tensor([0, 1, 4]), include_last_offset=True)
    assert got.shape == (2, 3)


def test_group_norm_affine_shapes_are_torchs():
    """``F.group_norm`` runs iff each given weight / bias has shape ``(C,)``."""
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    for xs in ((3, 8, 4, 1), (2, 8), (0, 8, 2), (2, 4, 3)):
        x = torch.randn(xs)
        c = xs[1]
        for ws in ((c,), (c + 1,), (1,), (1, c), (2, c // 2), ()):
            w = torch.ones(ws)
            want = tuple(ws) == (c,)
            assert _runs(lambda: F.group_norm(x, 2, w)) is want
            assert _runs(lambda: F.group_norm(x, 2, None, w)) is want
            assert (rules._group_norm_error([x_t(xs), 2, x_t(ws)], {}) is None) is want


def x_t(shape):
    from driftcheck.parsers.source.values.dataflow_values import Tens

    return Tens(None, tuple(shape))


def _layouts(torch, r: random.Random, n: int):
    """Random strided tensors: a contiguous tensor, permuted, sliced (with steps), expanded."""
    for _ in range(n):
        rank = r.randint(1, 4)
        shape = [r.choice([1, 2, 3, 4]) for _ in range(rank)]
        t = torch.randn(shape)
        if r.random() < 0.6:
            perm = list(range(rank))
            r.shuffle(perm)
            t = t.permute(perm)
        if r.random() < 0.4:
            d = r.randrange(rank)
            if t.shape[d] > 1:
                t = (
                    t.narrow(d, 0, t.shape[d] - 1)
                    if r.random() < 0.5
                    else t[(slice(None),) * d + (slice(None, None, 2),)]
                )
        yield t


def test_dense_and_preserved_strides_are_torchs():
    """``dense`` is torch's ``is_non_overlapping_and_dense``; ``preserved`` the strides of
    ``clone()`` and of a dtype cast (``empty_like`` in the preserved format)."""
    torch = pytest.importorskip("torch")
    from torch import _prims_common as pc

    r = random.Random(31)
    for t in _layouts(torch, r, 600):
        sh, st = tuple(t.shape), tuple(t.stride())
        assert rules.dense(sh, st) == pc.is_non_overlapping_and_dense_or_false(t), (sh, st)
        assert rules.preserved(sh, st) == t.clone().stride(), (sh, st)
        assert rules.preserved(sh, st) == t.double().stride(), (sh, st)
        assert rules.preserved(sh, st) == t.to(torch.float16).stride(), (sh, st)


def test_view_piece_strides_are_torchs():
    """``unflatten`` / ``reshape`` / ``flatten`` (``computeStride`` or a contiguous copy) and the
    pieces of ``unbind`` / ``chunk`` / ``split`` have the strides the rules give them."""
    torch = pytest.importorskip("torch")
    r = random.Random(131)
    for t in _layouts(torch, r, 600):
        sh, st = tuple(t.shape), tuple(t.stride())
        n = len(sh)
        d = r.randrange(n)
        # reshape / flatten to a random factorization of the elements
        new = list(sh)
        if n >= 2 and r.random() < 0.5:
            a = r.randrange(n - 1)
            new[a : a + 2] = [new[a] * new[a + 1]]
        elif sh[d] % 2 == 0:
            new[d : d + 1] = [2, sh[d] // 2]
        got = ds.compute_stride(sh, st, tuple(new))
        want = t.reshape(new).stride()
        assert (got or ds.contiguous_strides(tuple(new))) == want, (sh, st, new)
        if got is not None:
            assert got == t.view(new).stride()
        for p in t.unbind(d):
            assert p.stride() == tuple(s for i, s in enumerate(st) if i != d)
        for p in t.chunk(2, d):
            assert p.stride() == st


def _vc_runs(torch, t) -> bool:
    return _runs(lambda: torch.view_as_complex(t))


def test_view_as_complex_stride_rule_is_torchs():
    """On layouts with a last axis of 2, the rule's verdict (a stride that is not 1 last, an odd
    stride before it on an axis of more than one item) is torch's; where the rule says nothing
    torch may still refuse (an odd storage offset), never the other way."""
    torch = pytest.importorskip("torch")
    r = random.Random(7)
    seen = {True: 0, False: 0}
    for _ in range(1500):
        rank = r.randint(2, 4)
        shape = [r.choice([1, 2, 3, 4]) for _ in range(rank - 1)] + [2]
        t = torch.randn(shape)
        perm = list(range(rank))
        r.shuffle(perm)
        t = t.permute(perm)
        back = [perm.index(i) for i in range(rank)]
        u = t.contiguous().permute(back) if r.random() < 0.5 else t.permute(back)
        if r.random() < 0.3:
            u = u.transpose(-1, -2) if u.shape[-2] == 2 else u
        if u.shape[-1] != 2:
            continue
        from driftcheck.parsers.source.values.dataflow_values import Tens

        class F_:
            input_shape = tuple(u.shape)
            value_facts: dict = {}

        f = F_()
        x = Tens(None, tuple(u.shape))
        f.value_facts[id(x)] = (x, {ds.KEY: tuple(u.stride())})
        claimed = rules._complex_view_error(f, x) is not None
        runs = _vc_runs(torch, u)
        if claimed:
            assert not runs, (u.shape, u.stride())
        elif u.storage_offset() % 2 == 0:
            assert runs, (u.shape, u.stride())
        seen[claimed] += 1
    assert seen[True] > 50 and seen[False] > 50


_KEEP_INPUTS = {
    "Flatten": (2, 3, 4), "Unflatten": None, "MaxPool1d": (2, 3, 4), "MaxPool2d": (2, 3, 4, 4),
    "MaxPool3d": (1, 2, 4, 4, 4), "AvgPool1d": (2, 3, 4), "AvgPool2d": (2, 3, 4, 4),
    "AvgPool3d": (1, 2, 4, 4, 4), "AdaptiveAvgPool1d": (2, 3, 4),
    "AdaptiveAvgPool2d": (2, 3, 4, 4), "AdaptiveAvgPool3d": (1, 2, 4, 4, 4),
    "AdaptiveMaxPool1d": (2, 3, 4), "AdaptiveMaxPool2d": (2, 3, 4, 4),
    "PixelShuffle": (1, 4, 2, 2), "PixelUnshuffle": (1, 1, 4, 4), "ZeroPad2d": (1, 2, 3, 3),
    "ConstantPad1d": (2, 3, 4), "ConstantPad2d": (1, 2, 3, 3), "ReflectionPad1d": (2, 3, 4),
    "ReflectionPad2d": (1, 2, 3, 3), "ReplicationPad1d": (2, 3, 4),
    "ReplicationPad2d": (1, 2, 3, 3), "Dropout2d": (2, 3, 4, 4), "Dropout3d": (1, 2, 3, 4, 4),
    "Dropout1d": (2, 3, 4), "ChannelShuffle": (1, 4, 2, 2), "Softmax2d": (1, 2, 3, 3),
    "UpsamplingNearest2d": (1, 2, 3, 3), "UpsamplingBilinear2d": (1, 2, 3, 3),
    "AdaptiveMaxPool3d": (1, 2, 4, 4, 4), "LPPool1d": (2, 3, 4), "LPPool2d": (2, 3, 4, 4),
    "GLU": (2, 4, 6),
}  # fmt: skip
_KEEP_ARGS = {
    "Unflatten": (1, (2, 2)), "MaxPool1d": (2,), "MaxPool2d": (2,), "MaxPool3d": (2,),
    "AvgPool1d": (2,), "AvgPool2d": (2,), "AvgPool3d": (2,), "AdaptiveAvgPool1d": (2,),
    "AdaptiveAvgPool2d": (2,), "AdaptiveAvgPool3d": (2,), "AdaptiveMaxPool1d": (2,),
    "AdaptiveMaxPool2d": (2,), "PixelShuffle": (2,), "PixelUnshuffle": (2,), "ZeroPad2d": (1,),
    "ConstantPad1d": (1, 0.5), "ConstantPad2d": (1, 0.5), "ReflectionPad1d": (1,),
    "ReflectionPad2d": (1,), "ReplicationPad1d": (1,), "ReplicationPad2d": (1,),
    "Upsample": (None, 2), "LocalResponseNorm": (2,), "ChannelShuffle": (2,),
    "Threshold": (0.1, 0.0), "UpsamplingNearest2d": (None, 2), "UpsamplingBilinear2d": (None, 2),
    "AdaptiveMaxPool3d": (2,), "LPPool1d": (2, 2), "LPPool2d": (2, 2),
}  # fmt: skip


def test_keep_dtype_layers_are_torchs():
    """Each layer of ``KEEP_DTYPE_LAYERS`` gives its input's dtype back (where it runs), for
    every floating dtype, train and eval."""
    torch = pytest.importorskip("torch")
    ran = 0
    for name in sorted(rules.KEEP_DTYPE_LAYERS):
        shape = _KEEP_INPUTS.get(name) or (2, 4, 3)
        layer = getattr(torch.nn, name)(*_KEEP_ARGS.get(name, ()))
        for train in (False, True):
            layer.train(train)
            for d in FLOATS:
                dt = getattr(torch, d)
                try:
                    out = layer(torch.randn(shape, dtype=dt))
                except Exception:  # noqa: BLE001 - no kernel: nothing follows
                    continue
                assert out.dtype == dt, (name, d)
                ran += 1
    assert ran > 300


def test_param_dtype_table_is_torchs():
    """``param_dtype_error``'s table (affine norms: the parameters' dtype, or float32
    parameters with a half input; PReLU: the parameters' dtype only) on every pair of the four
    floating dtypes, train and eval, for each layer it names; the output has the input's
    dtype."""
    torch = pytest.importorskip("torch")
    nn = torch.nn
    makers = {
        "LayerNorm": (lambda: nn.LayerNorm(8), (2, 3, 8)),
        "GroupNorm": (lambda: nn.GroupNorm(2, 4), (2, 4, 5)),
        "BatchNorm1d": (lambda: nn.BatchNorm1d(4), (2, 4, 5)),
        "BatchNorm2d": (lambda: nn.BatchNorm2d(4), (2, 4, 3, 3)),
        "BatchNorm3d": (lambda: nn.BatchNorm3d(2), (2, 2, 2, 3, 3)),
        "InstanceNorm1d": (lambda: nn.InstanceNorm1d(4, affine=True), (2, 4, 5)),
        "InstanceNorm2d": (lambda: nn.InstanceNorm2d(4, affine=True), (2, 4, 3, 3)),
        "InstanceNorm3d": (lambda: nn.InstanceNorm3d(2, affine=True), (2, 2, 2, 3, 3)),
        "PReLU": (lambda: nn.PReLU(), (2, 3, 8)),
    }
    assert set(makers) == set(rules.AFFINE_NORMS) | rules.STRICT_PARAM_LAYERS
    for name, (make, shape) in makers.items():
        for p in FLOATS:
            for d in FLOATS:
                want = p == d or (
                    name in rules.AFFINE_NORMS and p == "float32" and d in ("float16", "bfloat16")
                )
                for train in (False, True):
                    m = make().to(getattr(torch, p)).train(train)
                    x = torch.randn(shape, dtype=getattr(torch, d))
                    assert _runs(lambda: m(x)) is want, (name, p, d, train)
                    if want:
                        assert m(x).dtype == x.dtype


def _random_key(r: random.Random, rank: int):
    keys: list = []
    for _ in range(r.randint(0, rank)):
        keys.append(r.choice([0, -1, slice(None), slice(1, None), slice(None, None, 2),
                              slice(0, 2), None]))  # fmt: skip
    if r.random() < 0.3:
        keys.insert(r.randrange(len(keys) + 1), Ellipsis)
    if r.random() < 0.3:
        keys.append(None)
    return tuple(keys)


def test_index_and_view_method_strides_are_torchs():
    """``index_strides`` (ints, slices, None, Ellipsis), ``unsqueeze`` / ``squeeze`` /
    ``expand`` strides against torch's tensors on random layouts."""
    torch = pytest.importorskip("torch")
    r = random.Random(311)
    checked = 0
    for t in _layouts(torch, r, 800):
        sh, st = tuple(t.shape), tuple(t.stride())
        key = _random_key(r, len(sh))
        try:
            want = t[key].stride()
        except IndexError:
            want = None
        got = rules.index_strides(sh, st, key)
        if want is None:
            assert got is None or 0 in sh, (sh, st, key)
        elif got is not None:
            assert got == want, (sh, st, key)
            checked += 1
        d = r.randint(-len(sh) - 1, len(sh))
        assert rules.unsqueeze_strides(sh, st, d % (len(sh) + 1)) == t.unsqueeze(d).stride()
        sizes = [r.choice([k, -1, 3]) if k == 1 else r.choice([k, -1]) for k in sh]
        if r.random() < 0.5:
            sizes = [2, *sizes]
        assert rules.expand_strides(sh, st, tuple(sizes)) == t.expand(sizes).stride()
    assert checked > 400


def test_promotion_is_torchs():
    """``promoted`` is ``torch.result_type`` for every pair of the four floating dtypes, 0-d
    and dimensioned operands alike."""
    torch = pytest.importorskip("torch")
    for a in FLOATS:
        for b in FLOATS:
            for sa in ((), (3,), (2, 3)):
                for sb in ((), (3,), (1, 3)):
                    x = torch.zeros(sa, dtype=getattr(torch, a))
                    y = torch.zeros(sb, dtype=getattr(torch, b))
                    want = str(torch.result_type(x, y)).removeprefix("torch.")
                    assert rules.promoted(a, sa, b, sb) == want, (a, sa, b, sb)
                    assert (x + y).dtype == torch.result_type(x, y)


_FN_ARGS = {
    "batch_norm": lambda t, x, d: (x, t.zeros(3, dtype=d), t.ones(3, dtype=d)),
    "layer_norm": lambda t, x, d: (x, (4,), t.ones(4, dtype=d)),
    "group_norm": lambda t, x, d: (x, 3, t.ones(3, dtype=d)),
    "instance_norm": lambda t, x, d: (x, None, None, t.ones(3, dtype=d)),
    "rms_norm": lambda t, x, d: (x, (4,), t.ones(4, dtype=d)),
    "local_response_norm": lambda t, x, d: (x, 2),
    "interpolate": lambda t, x, d: (x, None, 2),
    "pad": lambda t, x, d: (x, (1, 1)),
    "pixel_shuffle": lambda t, x, d: (x.reshape(1, 4, 2, 3), 2),
    "pixel_unshuffle": lambda t, x, d: (x.reshape(1, 1, 4, 6), 2),
    "glu": lambda t, x, d: (x, -1),
    "softmin": lambda t, x, d: (x, -1),
}


def test_keep_dtype_functions_are_torchs():
    """Each op of ``KEEP_DTYPE_FNS`` gives its input's dtype back wherever it runs: every
    floating input dtype, and for the norms every floating dtype of their statistics /
    affine tensors."""
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    ran = 0
    for q in sorted(rules.KEEP_DTYPE_FNS):
        name = q.rsplit(".", 1)[1]
        fn = getattr(F, name)
        nd = name[-2] if name[-2:-1].isdigit() else None
        shape = {None: (2, 3, 4), "1": (2, 3, 4), "2": (2, 3, 4, 4), "3": (1, 2, 4, 4, 4)}[nd]
        make = _FN_ARGS.get(name, lambda t, x, d: (x, 2) if "pool" in name else (x,))
        for xd in FLOATS:
            for pd in FLOATS:
                x = torch.randn(shape, dtype=getattr(torch, xd))
                try:
                    out = fn(*make(torch, x, getattr(torch, pd)))
                except Exception:  # noqa: BLE001 - no kernel / refused: nothing follows
                    continue
                assert out.dtype == x.dtype, (name, xd, pd)
                ran += 1
    assert ran > 200


def test_self_shaped_methods_are_torchs():
    """Each method of ``SELF_SHAPED_METHODS`` returns ``self``'s shape (``masked_scatter``:
    ``self`` broadcast with the mask)."""
    torch = pytest.importorskip("torch")
    x = torch.randn(2, 3, 4)
    idx = torch.tensor([0, 2])
    calls = {
        "scatter": lambda: x.scatter(2, torch.zeros(2, 3, 4, dtype=torch.long), x),
        "scatter_add": lambda: x.scatter_add(1, torch.zeros(2, 1, 4, dtype=torch.long), x),
        "scatter_reduce": lambda: x.scatter_reduce(
            0, torch.zeros(1, 3, 4, dtype=torch.long), x, "amax"
        ),
        "index_fill": lambda: x.index_fill(1, idx, 0.0),
        "index_copy": lambda: x.index_copy(1, idx, x[:, :2]),
        "index_add": lambda: x.index_add(2, idx, x[..., :2]),
        "index_reduce": lambda: x.index_reduce(1, idx, x[:, :2], "prod"),
        "select_scatter": lambda: x.select_scatter(x[:, 0], 1, 0),
        "slice_scatter": lambda: x.slice_scatter(x[:, :1], 1, 0, 1),
        "diagonal_scatter": lambda: x.diagonal_scatter(torch.zeros(2, 3), 0, 1, 2),
    }
    assert set(calls) | {"masked_scatter"} == rules.SELF_SHAPED_METHODS
    for name, call in calls.items():
        assert call().shape == x.shape, name
    assert x[:1].masked_scatter(x > 0, x).shape == x.shape
    assert x.masked_scatter(x[:1] > 0, x).shape == x.shape


def test_take_along_dim_shape_is_torchs():
    """``along_dim_shape`` is torch's result shape where it runs, None where torch refuses."""
    torch = pytest.importorskip("torch")
    r = random.Random(3)
    for _ in range(400):
        rank = r.randint(1, 3)
        xs = [r.choice([1, 2, 3]) for _ in range(rank)]
        js = [r.choice([1, 2, 3, x]) for x in xs]
        d = r.randrange(-rank, rank)
        x = torch.randn(xs)
        i = torch.zeros(js, dtype=torch.long)
        try:
            want = tuple(torch.take_along_dim(x, i, dim=d).shape)
        except RuntimeError:
            want = None
        assert rules.along_dim_shape(x_t(xs), x_t(js), d) == want, (xs, js, d)
