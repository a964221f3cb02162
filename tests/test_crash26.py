"""Session 26 (crashfix26): the input spec carries dtype and values; loops of unknown count.

Small models written here are built and run in torch on the input the options describe, and
``driftcheck check --input-shape S --input-dtype D [--input-range LO:HI]`` must report a
blocker exactly when torch raises. For ``--input-range`` the verdict must hold for *every*
input the range allows: torch runs each model on several seeded ``randint(LO, HI)`` draws and on
the two constant inputs (all LO, all HI - 1); a model whose verdict differs between them
(``ids + 3`` into an ``Embedding(4)`` with ids in [0, 2)) must get no blocker (an honest
unknown). Every family (the name's first word) has a crashing model and a clean twin.
"""

from __future__ import annotations

import json
import runpy
import textwrap
from pathlib import Path

import pytest

from driftcheck.cli import main

HEAD = (
    "import numpy as np\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
)

# name -> (source, shape, dtype, range or None)
MODELS: dict[str, tuple[str, tuple[int, ...], str, tuple[int, int] | None]] = {}


def ids_model(name: str, body: str, init: str = "pass", rng: tuple[int, int] = (0, 2)) -> None:
    """A model whose forward takes int64 token ids ``(2, 6)`` with values in ``rng``."""
    src = f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 4)
        self.table = nn.Parameter(torch.randn(5, 3))
        {init}

    def forward(self, ids):
        {body}
"""
    MODELS[name] = (textwrap.dedent(src), (2, 6), "int64", rng)


def float_model(name: str, body: str, shape: tuple[int, ...] = (2, 8), init: str = "pass") -> None:
    """A model whose forward takes a float32 ``randn`` input."""
    src = f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.w = nn.Parameter(torch.randn(5, 3))
        {init}

    def forward(self, x):
        {body}
"""
    MODELS[name] = (textwrap.dedent(src), shape, "float32", None)


# ---- Embedding(20) fed ids shifted past its rows (every value out) or inside them
ids_model("emb_shift_past", "return self.emb(ids + 20)")
ids_model("emb_scaled_past", "return self.emb((ids + 10) * 2)")
ids_model("emb_negated", "return self.emb(-ids - 1)")
ids_model("emb_view_past", "return self.emb(ids.view(-1) + 20)")
ids_model("emb_neg_method", "return self.emb(ids.neg() - 1)")
ids_model("emb_two_bounded", "return self.emb(ids + ids + 20)")
ids_model("emb_ok_inside", "return self.emb(ids + 18)")
ids_model("emb_ok_clamped", "return self.emb((ids + 20).clamp(max=19))")
ids_model("emb_ok_modulo", "return self.emb((ids + 20) % 20)")
ids_model("emb_ok_written", "y = ids + 20\n        y.zero_()\n        return self.emb(y)")
ids_model("emb_ok_wide_range", "return self.emb(ids + 19)", rng=(-19, 1))
ids_model("emb_ok_empty", "return self.emb(ids[:, :0] + 20)")
# ---- one_hot / bincount of every-negative or every-too-large values
ids_model("onehot_minus_two", "return F.one_hot(ids - 2, 4)")
ids_model("onehot_shift_past", "return F.one_hot(ids + 4, 4)")
ids_model("onehot_default_classes", "return F.one_hot(ids - 2)")
ids_model("onehot_ok_inside", "return F.one_hot(ids + 2, 4)")
ids_model("onehot_ok_default", "return F.one_hot(ids + 2)")
ids_model("bincount_minus_two", "return torch.bincount((ids - 2).flatten())")
ids_model("bincount_ok_plus_one", "return torch.bincount(ids.flatten() + 1)")
# ---- indexing a (5, 3) table with ids every one of which is out of range
ids_model("index_past", "return self.table[ids + 5]")
ids_model("index_below", "return self.table[ids - 7]")
ids_model("index_second_axis", "return self.table[:, ids * 2 + 3]")
ids_model("index_ok_inside", "return self.table[ids + 3]")
ids_model("index_ok_negative", "return self.table[ids - 5]")
# ---- undecided: torch's verdict depends on the draw (no blocker: an honest unknown)
ids_model("undecided_emb_straddle", "return self.emb(ids + 19)")
ids_model("undecided_onehot_straddle", "return F.one_hot(ids - 1, 4)")
ids_model("undecided_index_straddle", "return self.table[ids + 4]")

# ---- float32 declared: the dtypes it decides
float_model("complex_width", "return torch.fft.rfft(x) @ self.w.to(torch.complex128)")
float_model("complex_ok_double", "return torch.fft.rfft(x.double()) @ self.w.to(torch.complex128)")
float_model("heaviside_bool", "return torch.heaviside(x, x > 0)")
float_model("heaviside_ok_float", "return torch.heaviside(x, (x > 0).float())")
float_model("matmul_argmax", "return x @ x.argmax(-1, keepdim=True).expand(2, 8, 8)", (2, 8, 8))
float_model("matmul_ok_float_idx", "return x @ x.argmax(-1, keepdim=True).expand(2, 8, 8).float()",
            (2, 8, 8))  # fmt: skip
float_model(
    "augbuf_long",
    "buf = self.buf.clone()\n        buf *= x.sum(0)\n        return buf",
    init='self.register_buffer("buf", torch.zeros(8, dtype=torch.long))',
)
float_model(
    "augbuf_ok_float",
    "buf = self.buf.clone()\n        buf *= x.sum(0)\n        return buf",
    init='self.register_buffer("buf", torch.zeros(8))',
)

# ---- loops of unknown count: a layer rebound in the body leaves the shape unknown after it
_CONVS = "self.blocks = nn.ModuleList([nn.Conv2d(4, 4, 3, stride=2, padding=1) for _ in range(3)])"
_K = "k = int(x.new_ones(1).sum().item()) + 1"
float_model(
    "loopwhile_ok_rebound",
    f"{_K}\n        i = 0\n        while i < k:\n            x = self.blocks[0](x)\n            i += 1\n"
    "        return self.head(x.flatten(1))",
    (2, 4, 16, 16),
    init=f"{_CONVS}\n        self.head = nn.Linear(64, 10)",
)
# a name the body does not rebind keeps its shape past the loop: the crash after it is certain
float_model(
    "loopwhile_kept_name",
    f"{_K}\n        y = x\n        i = 0\n        while i < k:\n            x = self.blocks[0](x)\n"
    "            i += 1\n        return self.fc(y)",
    (2, 4, 16, 16),
    init=_CONVS,
)
float_model(
    "loopfor_ok_rebound",
    f"{_K}\n        for _ in range(k):\n            x = self.blocks[0](x)\n"
    "        return self.head(x.flatten(1))",
    (2, 4, 16, 16),
    init=f"{_CONVS}\n        self.head = nn.Linear(64, 10)",
)
float_model(
    "loopfor_kept_name",
    f"{_K}\n        y = x\n        for _ in range(k):\n            x = self.blocks[0](x)\n"
    "        return self.fc(y)",
    (2, 4, 16, 16),
    init=_CONVS,
)
# an accumulator that starts as a 0-d tensor and gains a shape in a loop of unknown count
# (encodec's residual decode: ``out = torch.tensor(0.0); for i, c in enumerate(codes): ...``)
_ACC = (
    "out = torch.tensor(0.0)\n        for row in x.nonzero():\n"
    "            out = out + self.fc(x) * row.sum()\n"
)
float_model("loopacc_ok_view", f"{_ACC}        return out.view(out.shape[0], -1)")
float_model(
    "loopacc_scalar_view", "out = torch.tensor(0.0)\n        return out.view(out.shape[0], -1)"
)

# ---- ``.T`` / ``.mT``: a 3-D ``x.T`` reverses every dim; both keep the dtype facts
float_model("transpose_T3d_ok", "return self.fc(x.T)", (2, 3, 8),
            init="self.fc = nn.Linear(2, 8)")  # fmt: skip
float_model("transpose_T3d_wrong", "return self.fc(x.T)", (2, 3, 4),
            init="self.fc = nn.Linear(3, 8)")  # fmt: skip
float_model("transpose_cdouble_T", "return torch.fft.fft(x) @ self.w8.cdouble().T.T",
            init="self.w8 = nn.Parameter(torch.randn(8, 5))")  # fmt: skip
float_model("transpose_ok_cfloat_T", "return torch.fft.fft(x) @ self.w8.cfloat().T.T",
            init="self.w8 = nn.Parameter(torch.randn(8, 5))")  # fmt: skip
float_model("transpose_mT_double", "return x.double() @ self.w8.mT.mT",
            init="self.w8 = nn.Parameter(torch.randn(8, 5))")  # fmt: skip
# ---- a module cast in ``__init__`` (``self.double()``) changes its buffers' and Parameters' dtype
_DOUBLE = 'self.register_buffer("buf", torch.randn(2, 8))\n        self.double()'
float_model("modcast_ok_buffer_in_layer", "return self.fc(self.buf)", init=_DOUBLE)
float_model("modcast_ok_param_matmul", "return self.fc(x.double() @ self.p)",
            init="self.p = nn.Parameter(torch.randn(8, 8))\n        self.double()")  # fmt: skip
float_model("modcast_float_input", "return self.fc(x)", init=_DOUBLE)
# ---- ``a / b``: float64 when an operand is (an operand of unknown dtype may be)
float_model(
    "truediv_ok_numpy_double",
    "return self.fc(torch.from_numpy(np.ones((2, 8))) / 2)",
    init="self.double()",
)
float_model("truediv_float_into_double", "return self.fc(x / 2)", init="self.double()")

# ---- shapefuzz seeds 75 / 77 misses, made general
# conv with a one-item stride / padding list: torch expands it to every spatial axis
_ONES = 'self.register_buffer("k", torch.ones(6, 6, 1, 1))'
float_model("convlist_layer_norm", "return F.layer_norm(F.conv2d(x, self.k, stride=(1,)), (5,))",
            (3, 6, 6, 2), init=_ONES)  # fmt: skip
float_model("convlist_ok_layer_norm",
            "return F.layer_norm(F.conv2d(x, self.k, stride=(2,), padding=(1,)), (2,))",
            (3, 6, 6, 2), init=_ONES)  # fmt: skip
# an int tensor clamped by ints stays int (scatter's src of another dtype than self)
float_model("clampint_scatter_src",
            "i = (x[:, :2].abs() * 3).long().clamp(max=3)\n"
            "        return torch.zeros(2, 4).scatter(1, i, i)")  # fmt: skip
float_model("clampint_ok_float_src",
            "i = (x[:, :2].abs() * 3).long().clamp(max=3)\n"
            "        return torch.zeros(2, 4).scatter(1, i, i.float())")  # fmt: skip
float_model("clampint_ok_float_bound",
            "i = (x[:, :2].abs() * 3).long().clamp(max=3.5)\n"
            "        return torch.zeros(2, 4).scatter(1, i.long(), i)")  # fmt: skip
# ``F.linear`` of float32 operands is float32 (a product with int64 indices raises)
float_model("flinear_matmul_long",
            "h = F.linear(x, self.w6)\n"
            "        return h @ h.argmax(-1, keepdim=True).expand_as(h).transpose(-1, -2)",
            (2, 2, 8), init="self.w6 = nn.Parameter(torch.randn(6, 8))")  # fmt: skip
float_model("flinear_ok_matmul_float",
            "h = F.linear(x, self.w6)\n"
            "        return h @ h.argmax(-1, keepdim=True).expand_as(h).transpose(-1, -2).float()",
            (2, 2, 8), init="self.w6 = nn.Parameter(torch.randn(6, 8))")  # fmt: skip
# ``t.sum()`` is 0-D even where t's shape is unknown (bincount's length reads the data)
float_model("fullsum_view",
            "c = torch.bincount((x.flatten().sigmoid() * 3).long())\n"
            "        return (x + 0 * c.sum()).view(5, 5)", (1, 8, 3))  # fmt: skip
float_model("fullsum_ok_view",
            "c = torch.bincount((x.flatten().sigmoid() * 3).long())\n"
            "        return (x + 0 * c.sum()).view(4, 6)", (1, 8, 3))  # fmt: skip

# ``torch.stft`` of a signal declared float32 still has its frames' shape (it was dropped for
# any known dtype: a verdict lost by declaring the dtype)
_STFT = (
    'self.register_buffer("win", torch.hann_window(128))\n        self.conv = nn.Conv1d({c}, 4, 3)'
)
_STFT_FWD = "s = torch.stft(x, 128, 32, window=self.win, return_complex=True)\n        return self.conv(s.abs())"
float_model("stft_conv_channels", _STFT_FWD, (2, 1024), init=_STFT.format(c=128))
float_model("stft_ok_conv", _STFT_FWD, (2, 1024), init=_STFT.format(c=65))


def _torch_runs(path: Path, shape, dtype: str, rng) -> set[bool]:
    """torch's verdicts (True: forward raised) on every input the spec allows that we try."""
    torch = pytest.importorskip("torch")
    inputs = []
    for seed in range(4):
        torch.manual_seed(seed)
        if rng is None:
            inputs.append(torch.randn(shape))
        else:
            inputs.append(torch.randint(rng[0], rng[1], shape))
    if rng is not None:
        inputs += [torch.full(shape, rng[0]), torch.full(shape, rng[1] - 1)]
    out = set()
    for x in inputs:
        torch.manual_seed(0)
        net = runpy.run_path(str(path), run_name="__crash26__")["Net"]()
        net.eval()
        try:
            with torch.no_grad():
                net(x)
        except Exception:  # noqa: BLE001 - any error forward raises is the crash
            out.add(True)
        else:
            out.add(False)
    return out


def _write(tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + MODELS[name][0])
    return path


def _blockers(path: Path, capsys, *extra: str) -> list[dict]:
    rc = main(["check", f"{path}::Net", "--format", "json", *extra])
    data = json.loads(capsys.readouterr().out)
    found = [f for f in data.get("findings", []) if f.get("severity") == "blocker"]
    assert (rc == 1) is bool(found), (rc, found)
    return found


def _spec(name: str) -> list[str]:
    _, shape, dtype, rng = MODELS[name]
    argv = ["--input-shape", ",".join(map(str, shape)), "--input-dtype", dtype]
    return argv + (["--input-range", f"{rng[0]}:{rng[1]}"] if rng else [])


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_always_crashes(name, tmp_path, capsys):
    path = _write(tmp_path, name)
    _, shape, dtype, rng = MODELS[name]
    verdicts = _torch_runs(path, shape, dtype, rng)
    found = _blockers(path, capsys, *_spec(name))
    if name.startswith("undecided"):
        assert verdicts == {True, False}, verdicts  # the draw decides: no verdict is certain
        assert not found, found
        return
    assert len(verdicts) == 1, (name, verdicts)
    assert bool(found) is verdicts.pop(), (name, found)


def test_every_family_has_both_sides(tmp_path):
    sides: dict[str, set[bool]] = {}
    for name, (_, shape, dtype, rng) in MODELS.items():
        if name.startswith("undecided"):
            continue
        path = _write(tmp_path, name)
        sides.setdefault(name.split("_")[0], set()).update(_torch_runs(path, shape, dtype, rng))
    assert all(v == {True, False} for v in sides.values()), sides


def test_without_range_no_value_verdict(tmp_path, capsys):
    """Without ``--input-range`` the ids' values are unknown: no blocker rests on them."""
    for name, (_, shape, _, rng) in MODELS.items():
        if rng is None:
            continue
        path = _write(tmp_path, name)
        argv = ["--input-shape", ",".join(map(str, shape)), "--input-dtype", "int64"]
        assert not _blockers(path, capsys, *argv), name


def test_range_option_default_off_same_report(tmp_path, capsys):
    """Without the new options the report is the one ``check_one`` gave before them."""
    from driftcheck.commands.check import _bind_input, check_one
    from driftcheck.parsers import load
    from driftcheck.parsers.source.forward.edges import concrete_input, input_dtype_facts
    from driftcheck.verifier import VerifyOptions
    from driftcheck.verifier.runner import verify

    for name in ("emb_shift_past", "onehot_minus_two", "index_past", "bincount_minus_two"):
        path = _write(tmp_path, name)
        shape = MODELS[name][1]
        opts = VerifyOptions.make(input_shapes={"*": shape}, input_dtype="int64")
        _, report = check_one(f"{path}::Net", opts)
        with concrete_input(shape, input_dtype_facts("int64")):
            graph = load(f"{path}::Net")
        old = verify(graph, _bind_input(graph, opts))
        assert [f.message for f in report.findings] == [f.message for f in old.findings]


def test_pyproject_key_same_as_flag(tmp_path, capsys):
    path = _write(tmp_path, "emb_shift_past")
    flag = _blockers(path, capsys, *_spec("emb_shift_past"))
    (tmp_path / "pyproject.toml").write_text(
        '[tool.driftcheck]\ninput-shape = "2,6"\ninput-dtype = "int64"\ninput-range = "0:2"\n'
    )
    cfg = _blockers(path, capsys)
    assert flag and [f["message"] for f in cfg] == [f["message"] for f in flag]


@pytest.mark.parametrize(
    "argv",
    [
        ["--input-shape", "2,6", "--input-dtype", "int64", "--input-range", "2:2"],
        ["--input-shape", "2,6", "--input-dtype", "int64", "--input-range", "a:b"],
        ["--input-shape", "2,6", "--input-dtype", "int64", "--input-range", "0:2:3"],
        ["--input-shape", "2,6", "--input-range", "0:2"],  # values of int64 ids only
        ["--input-shape", "2,6", "--input-dtype", "float32", "--input-range", "0:2"],
        ["--input-range", "0:2"],
    ],
)
def test_bad_range_exits_2(tmp_path, capsys, argv):
    path = _write(tmp_path, "emb_shift_past")
    assert main(["check", f"{path}::Net", *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "input-range" in err[0], err


def test_bad_pyproject_range_exits_2(tmp_path, capsys):
    path = _write(tmp_path, "emb_shift_past")
    (tmp_path / "pyproject.toml").write_text('[tool.driftcheck]\ninput-range = "5:1"\n')
    assert main(["check", f"{path}::Net", "--input-shape", "2,6"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "input-range" in err[0], err
