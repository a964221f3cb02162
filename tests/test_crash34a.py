"""Grad mode in called helpers, and ``copy.deepcopy`` of a non-leaf (session 34, crashfix34:
``dataflow_fix34``). Each small model runs in torch (forward under ``no_grad``, as the crash
corpus does); the analyzer reports a blocker exactly when torch raised. Families (the names'
first word) have a crashing and a clean member each.
"""

from __future__ import annotations

import json

import pytest

from driftcheck.cli import main
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    registrar,
    write,
)

HEAD = "import copy\n\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def step_model(name: str, step: str, deco: str = "", call: str = "self.step(x)") -> None:
    """``forward`` enters ``enable_grad`` and calls ``step`` (a helper method) from there."""
    model(
        name,
        (4, 8),
        f"""
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(8, 8)
                self.head = nn.Linear(8, 2)

            {deco}
            def step(self, x):
                {step}

            def forward(self, x):
                with torch.enable_grad():
                    {call}
                return self.head(x)
        """,
    )


# an in-place write of a parameter in a helper called under enable_grad
step_model("inplace_helper", "self.fc.weight.add_(1.0)\n                return x")
step_model("inplace_ok_nograd", "self.fc.weight.add_(1.0)\n                return x",
           deco="@torch.no_grad()")  # fmt: skip
step_model("inplace_ok_detached", "self.fc.weight.detach().add_(1.0)\n                return x")
step_model(
    "inplace_ok_reentrant",
    "self.fc.weight.add_(1.0)\n                return x",
    call="torch.utils.checkpoint.checkpoint(self.step, x, use_reentrant=True)",
)
# the graph built in a helper, walked twice
step_model("twice_helper", "return torch.tanh(self.fc(x)).sum()",
           call="loss = self.step(x)\n                    loss.backward()\n"
                "                    loss.backward()")  # fmt: skip
step_model("twice_ok_retained", "return torch.tanh(self.fc(x)).sum()",
           call="loss = self.step(x)\n                    loss.backward(retain_graph=True)\n"
                "                    loss.backward()")  # fmt: skip
step_model("twice_ok_nograd", "return torch.tanh(self.fc(x)).sum()", deco="@torch.no_grad()",
           call="loss = self.step(x)\n                    x = x + loss")  # fmt: skip

# two levels down: a sub-module's forward calls its own helper
NESTED = """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    {deco}
    def bump(self):
        self.fc.bias.mul_(0.5)

    def forward(self, x):
        self.bump()
        return self.fc(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()

    def forward(self, x):
        with torch.enable_grad():
            h = self.block(x)
        return h.detach()
"""
model("nested_inplace", (4, 8), NESTED.format(deco=""))
model("nested_ok_nograd", (4, 8), NESTED.format(deco="@torch.no_grad()"))

# ``copy.deepcopy`` of a module whose forward stored a tensor with a grad_fn
COPY = """
class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.last = None

    def forward(self, x):
        out = torch.tanh(self.fc(x))
        self.last = {store}
        return out


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder()
        self.other = nn.Linear(8, 8)

    def forward(self, x):
        with torch.enable_grad():
            s = self.enc(x)
            s.sum().backward()
        twin = copy.deepcopy({copied})
        return twin(x) + s.detach()
"""
model("deepcopy_stored", (4, 8), COPY.format(store="out", copied="self.enc"))
model("deepcopy_stored_list", (4, 8), COPY.format(store="[out]", copied="self.enc"))
model("deepcopy_whole_net", (4, 8), COPY.format(store="out", copied="self"))
model("deepcopy_ok_detached", (4, 8), COPY.format(store="out.detach()", copied="self.enc"))
model("deepcopy_ok_sibling", (4, 8), COPY.format(store="out", copied="self.other"))
model("deepcopy_ok_none", (4, 8), COPY.format(store="None", copied="self.enc"))
model(
    "deepcopy_tensor",
    (4, 8),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(8, 8)

        def forward(self, x):
            with torch.enable_grad():
                h = self.fc(x)
                snap = copy.deepcopy({what})
            return snap.detach() + x
    """.replace("{what}", "h"),
)
model(
    "deepcopy_ok_tensor_leaf",
    (4, 8),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(8, 8)

        def forward(self, x):
            with torch.enable_grad():
                h = self.fc(x)
                snap = copy.deepcopy(h.detach())
            return snap + x
    """,
)


# a helper decorated ``@torch.enable_grad()`` (grad mode on there whatever the caller's), and
# the parameters a module listing yields (each a leaf that requires grad)
step_model("deco_inplace_listed", "for p in self.fc.parameters():\n"
           "                    p -= 0.1\n                return x",
           deco="@torch.enable_grad()", call="x = self.step(x)")  # fmt: skip
step_model("deco_ok_nograd", "for p in self.fc.parameters():\n"
           "                    p -= 0.1\n                return x",
           deco="@torch.no_grad()", call="x = self.step(x)")  # fmt: skip
step_model("deco_ok_detached", "for p in self.fc.parameters():\n"
           "                    p.detach().sub_(0.1)\n                return x",
           deco="@torch.enable_grad()", call="x = self.step(x)")  # fmt: skip
LISTED = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.gain = nn.Parameter(torch.ones(8))

    {deco}
    def shrink(self):
        for p in self.parameters():
            p.mul_(0.5)

    def forward(self, x):
        {call}
        return self.fc(x) * self.gain
"""
model(
    "listed_inplace_with",
    (4, 8),
    LISTED.format(deco="", call="with torch.enable_grad():\n            self.shrink()"),
)
model(
    "listed_inplace_deco", (4, 8), LISTED.format(deco="@torch.enable_grad()", call="self.shrink()")
)
model(
    "listed_ok_nograd",
    (4, 8),
    LISTED.format(deco="", call="with torch.no_grad():\n            self.shrink()"),
)
model("listed_ok_inner_nograd", (4, 8),
      LISTED.format(deco="@torch.enable_grad()",
                    call="with torch.no_grad():\n            self.shrink()"))  # fmt: skip
# the caller's mode (the corpus runs forward under no_grad) is not assumed
model("listed_ok_caller", (4, 8), LISTED.format(deco="", call="self.shrink()"))


# grad mode surely off (``no_grad`` / ``inference_mode``, a ``with`` or a decorator above the
# frame): a new tensor made there does not require grad, and ``backward`` of it raises
FIT = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
        self.dec = nn.Linear(4, 8)
        self.opt = torch.optim.SGD(self.parameters(), lr=0.1)

    def fit(self, x):
        loss = F.mse_loss(self.dec(self.enc(x)), x)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss

    {deco}
    def forward(self, x):
        {call}
        return self.enc(x)
"""
model("off_inference_deco", (4, 8), FIT.format(deco="@torch.inference_mode()", call="self.fit(x)"))
model("off_nograd_deco", (4, 8), FIT.format(deco="@torch.no_grad()", call="self.fit(x)"))
model("off_nograd_with", (4, 8),
      FIT.format(deco="", call="with torch.no_grad():\n            self.fit(x)"))  # fmt: skip
model("off_ok_enable_deco", (4, 8), FIT.format(deco="@torch.enable_grad()", call="self.fit(x)"))
model("off_ok_enable_inside", (4, 8),
      FIT.format(deco="@torch.no_grad()",
                 call="with torch.enable_grad():\n            self.fit(x)"))  # fmt: skip
# after ``opt.step()`` (no longer an unknown call): an in-place clamp of a parameter under
# enable_grad raises; ``zero_grad`` then a second step's graph is fine
CLIP = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 1)
        self.opt = torch.optim.RMSprop(self.fc.parameters(), lr=1e-3)

    def forward(self, x):
        with torch.enable_grad():
            for _ in range(2):
                loss = self.fc(x).mean()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            for p in self.fc.parameters():
                {clip}
        return self.fc(x)
"""
model("step_clamp_in_graph", (4, 8), CLIP.format(clip="p.clamp_(-0.01, 0.01)"))
model("step_ok_clamp_data", (4, 8), CLIP.format(clip="p.data.clamp_(-0.01, 0.01)"))
model("step_ok_clamp_detached", (4, 8), CLIP.format(clip="p.detach().clamp_(-0.01, 0.01)"))


# ``F.cross_entropy(..., reduction="none")``: one loss per target item, so ``backward()``
# without a gradient raises ("grad can be implicitly created only for scalar outputs")
CE = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        y = torch.arange(x.shape[0]) % 3
        with torch.enable_grad():
            loss = F.{fn}(self.fc(x){post}, y, reduction="none")
            {back}
        return self.fc(x)
"""
model("ce_none_backward", (4, 8), CE.format(fn="cross_entropy", post="", back="loss.backward()"))
model("ce_none_nll", (4, 8),
      CE.format(fn="nll_loss", post=".log_softmax(-1)", back="loss.backward()"))  # fmt: skip
model("ce_ok_none_mean", (4, 8),
      CE.format(fn="cross_entropy", post="", back="loss.mean().backward()"))  # fmt: skip
model("ce_ok_none_one_row", (1, 8),
      CE.format(fn="cross_entropy", post="", back="loss.backward()"))  # fmt: skip


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_silent_without_shape(tmp_path, capsys):
    crashing = ("inplace_helper", "twice_helper", "nested_inplace", "deepcopy_stored")
    check_silent_without_shape(MODELS, HEAD, crashing, tmp_path, capsys)


def _blockers(name, tmp_path, capsys) -> list:
    path = write(MODELS, HEAD, name, tmp_path)
    main(["check", f"{path}::Net", "--input-shape", "4,8", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    return [f for f in data["findings"] if f["severity"] == "blocker"]


def test_switch_turns_callee_grad_off(tmp_path, capsys, monkeypatch):
    """``DRIFTCHECK_NO_FIX34_GRAD=1``: the helper's grad mode is not assumed (the case is
    missed again, never a new blocker)."""
    assert _blockers("inplace_helper", tmp_path, capsys)
    monkeypatch.setenv("DRIFTCHECK_NO_FIX34_GRAD", "1")
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    assert not _blockers("inplace_helper", tmp_path, capsys)


def test_deepcopy_message_is_torchs():
    """The text the rule reports is the start of torch's own."""
    torch = pytest.importorskip("torch")
    import copy

    from driftcheck.parsers.source.forward.dataflow_fix34 import DEEPCOPY_MSG

    w = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError) as got:
        copy.deepcopy(w * 2)
    assert DEEPCOPY_MSG.removeprefix("RuntimeError: ") in str(got.value)


def test_enable_grad_keeps_flags_known():
    """``enable_grad`` turns no parameter's flag off (interp/gradflag.py no longer counts it
    as a touch), and a tensor made from a parameter inside it requires grad."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.interp.gradflag import TOUCH

    assert "enable_grad" not in TOUCH and "no_grad" in TOUCH
    p = torch.nn.Parameter(torch.ones(2))
    with torch.no_grad():
        with torch.enable_grad():
            assert p.requires_grad and (p * 2).requires_grad


def test_off_ops_give_new_tensors():
    """Each op of ``OFF_OPS`` gives a new tensor (never its input back) that does not require
    grad under ``no_grad``, from a leaf that does."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix32 import OFF_OPS

    w = torch.randn(3, 3, requires_grad=True)
    t = torch.randint(0, 3, (3,))
    calls = {
        "mse_loss": lambda: F.mse_loss(w, w), "l1_loss": lambda: F.l1_loss(w, w),
        "smooth_l1_loss": lambda: F.smooth_l1_loss(w, w), "cross_entropy": lambda: F.cross_entropy(w, t),
        "binary_cross_entropy_with_logits": lambda: F.binary_cross_entropy_with_logits(w, w.sigmoid()),
        "cosine_similarity": lambda: F.cosine_similarity(w, w), "linear": lambda: F.linear(w, w),
        "layer_norm": lambda: F.layer_norm(w, (3,)), "mv": lambda: torch.mv(w, w[0]),
        "outer": lambda: torch.outer(w[0], w[0]), "mm": lambda: torch.mm(w, w),
        "bmm": lambda: torch.bmm(w[None], w[None]), "matmul": lambda: w @ w,
        "add": lambda: w + 0, "sub": lambda: w - 0, "mul": lambda: w * 1, "div": lambda: w / 1,
        "pow": lambda: w**1, "softmax": lambda: w.softmax(-1), "log_softmax": lambda: w.log_softmax(-1),
        "logsumexp": lambda: w.logsumexp(-1), "cumsum": lambda: w.cumsum(0),
        "norm": lambda: w.norm(), "var": lambda: w.var(), "std": lambda: w.std(),
        "leaky_relu": lambda: F.leaky_relu(w), "elu": lambda: F.elu(w), "softplus": lambda: F.softplus(w),
        "gelu": lambda: F.gelu(w), "silu": lambda: F.silu(w),
    }  # fmt: skip
    F = torch.nn.functional  # noqa: N806
    with torch.no_grad():
        for name in sorted(OFF_OPS):
            got = calls[name]() if name in calls else getattr(w, name)()
            assert got is not w and not got.requires_grad, name


@pytest.mark.parametrize(
    "xs,ts",
    [((4, 3), (4,)), ((3,), ()), ((2, 5, 3), (2, 3)), ((2, 5, 3, 4), (2, 3, 4)), ((1, 3), (1,))],
)
def test_per_item_shape_is_torchs(xs, ts):
    """``reduction='none'`` with class indices: the shape ``dataflow_fix24._per_item`` gives
    is torch's, for cross_entropy and nll_loss alike."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix24 import _per_item
    from driftcheck.parsers.source.values.dataflow_values import Tens

    got = _per_item(Tens(None, xs), Tens(None, ts))
    c = xs[1] if len(xs) > 1 else xs[0]
    x, t = torch.randn(xs), torch.randint(0, c, ts)
    for fn in (torch.nn.functional.cross_entropy, torch.nn.functional.nll_loss):
        assert got is not None and tuple(got.shape) == tuple(fn(x, t, reduction="none").shape)


def test_per_item_other_shapes_unknown():
    """Probability targets (the input's shape) and mismatched sizes are not judged."""
    from driftcheck.parsers.source.forward.dataflow_fix24 import _per_item
    from driftcheck.parsers.source.values.dataflow_values import Tens

    assert _per_item(Tens(None, (4, 3)), Tens(None, (4, 3))) is None
    assert _per_item(Tens(None, (4, 3)), Tens(None, (5,))) is None
    assert _per_item(Tens(None, (2, 5, 3)), Tens(None, (2, 4))) is None
