"""Forward-crash rules of session 26 (crashfix26b: fresh18's dev misses, made general) against
torch.

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin, most with
spellings the batch did not use. The generated tables (names_table, mode_table) are compared
with the installed torch.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

ROOT = Path(__file__).resolve().parents[1]
HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, shape: tuple[int, ...], src: str, kind: str = "float") -> None:
    MODELS[name] = (textwrap.dedent(src), shape, kind)


def expr(name: str, body: str, shape: tuple[int, ...] = (4, 8), init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(*shape[:-1], 8)``) then ``body``."""
    model(
        name,
        shape,
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
    )


# ---- missing: a name the installed torch lacks, or a removed API's raising stub
expr("missing_rfft", "return torch.rfft(h, 1)")
expr("missing_irfft", "return torch.irfft(h, 1)")
expr("missing_functional", "return F.swish(h)")
expr("missing_linalg", "return torch.linalg.eigvals_h(h @ h.T)")
expr("missing_symeig", "return torch.symeig(h.T @ h, eigenvectors=True)[0]")
expr("missing_solve", "return torch.solve(h[:, :4], h[:4, :4] + 4 * torch.eye(4))[0]")
expr("missing_lstsq", "return torch.lstsq(h, h)[0]")
expr("missing_eigh_ok", "return torch.linalg.eigvalsh(h.T @ h)")
expr("missing_fft_ok", "return torch.fft.rfft(h, dim=1).abs()")
expr("missing_special_ok", "return torch.special.expit(h) + F.silu(h)")

# ---- mode: a mode string torch refuses on every input
expr("mode_pad_zeros", 'return F.pad(h, (1, 1), mode="zeros")')
expr("mode_pad_positional", 'return F.pad(h.unsqueeze(0), (2, 2), "symmetric")')
expr(
    "mode_pad_attribute",
    "return F.pad(h.unsqueeze(0), (1, 1), mode=self.mode)",
    init='self.mode = "same"',
)
expr("mode_pad_ok", 'return F.pad(h.unsqueeze(0), (1, 1), mode="reflect")')
expr("mode_pad_constant_ok", 'return F.pad(h, (1, 1), "constant", 0.0)')
_GRID = "g = torch.tanh(h).view(1, 4, 4, 2)\n        img = h.view(1, 2, 4, 4)\n        "
expr("mode_grid_linear", _GRID + 'return F.grid_sample(img, g, "linear", align_corners=True)')
expr("mode_grid_pad", _GRID + 'return F.grid_sample(img, g, padding_mode="reflect")')
expr("mode_grid_ok", _GRID + 'return F.grid_sample(img, g, "nearest", "reflection")')
expr(
    "mode_interp_cubic",
    'return F.interpolate(h.view(1, 2, 4, 4), scale_factor=2, mode="cubic")',
)
expr("mode_interp_ok", 'return F.interpolate(h.view(1, 2, 4, 4), size=(6, 6), mode="area")')
_SEG = "seg = torch.arange(4) // 2\n        out = torch.zeros(2, 8)\n        "
expr("mode_index_reduce_sum", _SEG + 'return out.index_reduce_(0, seg, h, "sum")')
expr("mode_index_reduce_fn", _SEG + 'return torch.index_reduce(out, 0, seg, h, reduce="max")')
expr("mode_index_reduce_ok", _SEG + 'return out.index_reduce(0, seg, h, "amax")')
expr(
    "mode_scatter_reduce_add",
    "idx = (torch.arange(8) % 3).expand(4, -1)\n        "
    'return torch.zeros(4, 3).scatter_reduce(1, idx, h, "add")',
)
expr(
    "mode_scatter_reduce_ok",
    "idx = (torch.arange(8) % 3).expand(4, -1)\n        "
    'return torch.zeros(4, 3).scatter_reduce(1, idx, h, "sum")',
)

# ---- hermitian: ``t.H`` only of a matrix (``mH`` of matrices or batches of them)
expr("hermitian_batch", "return h.view(2, 2, 8) @ h.view(2, 2, 8).H")
expr("hermitian_vector", "return h[0].H")
expr("hermitian_mh_vector", "return h[0].mH * 2")
expr("hermitian_ok", "return (h @ h.H) + h.view(2, 2, 8).mH.sum()")

# ---- eigint: linalg functions and histogram refuse integer tensors, also through torch.diag
_ADJ = "adj = (h @ h.T > 0).long()\n        "
expr("eigint_diag_laplacian", _ADJ + "return torch.linalg.eigvalsh(torch.diag(adj.sum(1)) - adj)")
expr("eigint_eigh_int", _ADJ + "return torch.linalg.eigh(adj.int())[0]")
expr("eigint_lu_diag_embed", _ADJ + "return torch.linalg.lu_factor(torch.diag_embed(adj[0]))[0]")
expr("eigint_histogram", "return torch.histogram(h.round().long(), bins=4)[0]")
expr("eigint_ok", _ADJ + "return torch.linalg.eigvalsh((torch.diag(adj.sum(1)) - adj).float())")
expr("eigint_histogram_ok", "return torch.histogram(h.round(), bins=4)[0]")

# ---- stft: a signal too short for n_fft (centred: reflect padding; not centred: one frame)
_W = "torch.hann_window({n})"
expr(
    "stft_centred_short", f"return torch.stft(h, 16, window={_W.format(n=16)}, return_complex=True)"
)
expr(
    "stft_not_centred",
    f"return torch.stft(h, 12, center=False, window={_W.format(n=12)}, return_complex=True)",
)
expr(
    "stft_vector", f"return torch.stft(h[0], 20, 4, window={_W.format(n=20)}, return_complex=True)"
)
expr(
    "stft_constant_ok",
    f'return torch.stft(h, 16, window={_W.format(n=16)}, pad_mode="constant", return_complex=True)',
)
expr("stft_ok", f"return torch.stft(h, 14, window={_W.format(n=14)}, return_complex=True).abs()")

# ---- len: of a 0-d tensor (a scalar parameter, a full reduction)
expr("len_param", "return h * len(self.g)", init="self.g = nn.Parameter(torch.tensor(1.0))")
expr("len_reduced", "return h / len(h.sum())")
expr("len_ok", "return h / len(h) + len(self.g)", init="self.g = nn.Parameter(torch.ones(3))")

# ---- indexadd: index_add / index_copy of a source of another dtype (torch does not promote)
_SEL = "sel = torch.tensor([0, 2])\n        out = torch.zeros_like(h)\n        "
expr("indexadd_double", _SEL + "return out.index_add_(0, sel, self.fc(h[sel]).double())")
expr("indexadd_long", _SEL + "return torch.index_add(out, 0, sel, h[sel].long())")
expr("indexadd_copy_half", _SEL + "return out.index_copy(0, sel, h[sel].half())")
expr("indexadd_ok", _SEL + "return out.index_add_(0, sel, self.fc(h[sel]))")
expr("indexadd_both_double_ok", _SEL + "return out.double().index_add(0, sel, h[sel].double())")

# ---- bincount: weights 1-D of the input's length
_TOP = "p = h.softmax(-1)\n        top = p.argmax(-1)\n        "
expr("bincount_matrix_weights", _TOP + "return torch.bincount(top, weights=p, minlength=8)")
expr("bincount_short_weights", _TOP + "return top.bincount(p[:2, 0], minlength=8)")
expr("bincount_ok", _TOP + "return torch.bincount(top, weights=p.max(-1).values, minlength=8)")

# ---- take: known indices within the flat tensor
expr(
    "take_far",
    "return torch.take(h, self.pos)",
    init='self.register_buffer("pos", torch.tensor([1, 40]))',
)
expr("take_negative", "return h.take(torch.arange(3) - 40)")
expr(
    "take_ok",
    "return h.take(self.pos)",
    init='self.register_buffer("pos", torch.tensor([-32, 31]))',
)

# ---- lstsq: the right-hand side has the matrix's rows
expr(
    "lstsq_rows",
    "return torch.linalg.lstsq(h, self.y).solution",
    init='self.register_buffer("y", torch.randn(8, 2))',
)
expr("lstsq_vector", "return torch.linalg.lstsq(h, h[0]).solution")
expr(
    "lstsq_ok",
    "return torch.linalg.lstsq(h, h[:, :3]).solution + torch.linalg.lstsq(h, h[:, 0]).solution.sum()",
)

# ---- longtarget: multi-label / multi-class margin losses take int64 targets
expr("longtarget_multihot", "return F.multilabel_margin_loss(h, (h > 0).float())")
expr("longtarget_int32", "return F.multi_margin_loss(h, h.argmax(-1).int())")
expr(
    "longtarget_ok",
    "return F.multilabel_margin_loss(h, (h > 0).long()) + F.multi_margin_loss(h, h.argmax(-1))",
)

# ---- listindex: a ModuleList / Sequential indexed by a tensor of more than one element
_EXPERTS = "self.experts = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])"
_IDS = "ids = h.topk(2, -1).indices % 3\n        "
expr("listindex_row", _IDS + "return self.experts[ids[0]](h)", init=_EXPERTS)
expr("listindex_column", _IDS + "return self.experts[ids[:, 1]](h)", init=_EXPERTS)
expr(
    "listindex_sequential",
    "return self.seq[torch.tensor([0, 1])](h)",
    init="self.seq = nn.Sequential(nn.Linear(8, 8), nn.ReLU())",
)
expr("listindex_ok", _IDS + "return self.experts[ids[0, 1]](h) + self.experts[1](h)", init=_EXPERTS)

# ---- lossweight: class weights of another floating dtype than the logits (class indices)
_CW = 'self.register_buffer("cw", torch.linspace(1, 2, 8, dtype=torch.float64))'
_T = "t = torch.arange(h.shape[0]) % 8\n        "
expr("lossweight_ce", _T + "return F.cross_entropy(h, t, weight=self.cw)", init=_CW)
expr(
    "lossweight_nll_double_input",
    _T + "return F.nll_loss(h.double(), t, self.cw.float())",
    init=_CW,
)
expr("lossweight_ok", _T + "return F.cross_entropy(h, t, weight=self.cw.float())", init=_CW)
expr("lossweight_probs_ok", "return F.cross_entropy(h, h.softmax(-1), weight=self.cw)", init=_CW)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("missing_rfft", "mode_pad_zeros"), tmp_path, capsys)


@pytest.mark.parametrize("tool", ["gen_names_table.py", "gen_mode_table.py"])
def test_generated_tables_are_torchs(tool):
    """The tables the rules read agree with the installed torch (the generators' --check)."""
    pytest.importorskip("torch")
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / tool), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**__import__("os").environ, "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_keeps_is_torchs():
    """Every ``dataflow_dtype_ops.KEEPS`` function / method returns its input's dtype (integer,
    bool and float) in torch, called with the size-like arguments the rule accepts."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_dtype_ops import KEEPS

    args = {"view": (-1,), "reshape": (-1,), "expand": (2, 3, 4), "expand_as": None,
            "permute": (1, 0), "transpose": (0, 1), "unsqueeze": (0,), "repeat": (2, 1),
            "flip": (0,), "roll": (1,)}  # fmt: skip
    checked = 0
    for dt in (torch.int64, torch.int32, torch.uint8, torch.bool, torch.float32):
        t = (torch.arange(12).view(3, 4) % 2).to(dt)
        for name in sorted(KEEPS):
            extra = args.get(name, ())
            try:
                got = (
                    t.expand_as(torch.empty(2, 3, 4)) if extra is None else getattr(t, name)(*extra)
                )
            except (RuntimeError, NotImplementedError):
                assert dt == torch.bool, (name, dt)  # (``-`` / ``ceil`` of a bool: refused)
                continue
            checked += 1
            assert got.dtype == dt, (name, dt, got.dtype)
            if hasattr(torch, name) and extra is not None:
                try:
                    fn = getattr(torch, name)(t, *extra)
                except TypeError:  # (``torch.flip(t, 0)``: the function wants a tuple)
                    continue
                assert fn.dtype == dt, (name, dt)
    assert checked >= 4 * len(KEEPS)
