"""Custom ``torch.autograd.Function``s called by ``X.apply`` (session 34, crashfix34c:
``dataflow_fix34c``). Each small model runs in torch (forward under ``no_grad``, as the crash
corpus does); the analyzer reports a blocker exactly when torch raised. Families (the names'
first word) have a crashing and a clean member each.
"""

from __future__ import annotations

import ast
import json
import textwrap

import pytest

from driftcheck.cli import main
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    registrar,
    write,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def fn_model(name: str, ret: str, body: str, nargs: int = 2, deco: str = "") -> None:
    """A Function ``Fn`` with ``forward(ctx, x, s[, b])`` whose backward returns ``ret``;
    ``Net.forward`` runs ``body`` under ``enable_grad`` and returns ``x``."""
    extra = ", b" if nargs == 3 else ""
    model(
        name,
        (4, 8),
        f"""
        class Fn(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x, s{extra}):
                ctx.s = s
                return x * s

            @staticmethod{deco}
            def backward(ctx, grad):
                return {ret}


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(8, 8)
                self.head = nn.Linear(8, 2)

            def forward(self, x):
                with torch.enable_grad():
                    {body}
                return self.head(x)
        """,
    )


REACHED = "y = Fn.apply(self.fc(x), 2.0)\n                    y.pow(2).mean().backward()"
REACHED3 = "y = Fn.apply(self.fc(x), 2.0, 3)\n                    y.sum().backward()"
# the Function's input does not require grad: torch builds no node for it
UNREACHED = "y = self.fc(Fn.apply(x, 2.0))\n                    y.sum().backward()"
NOPASS = "y = Fn.apply(self.fc(x), 2.0)"
GRADIN = (
    "h = self.fc(x)\n                    y = Fn.apply(h, 2.0)\n"
    "                    torch.autograd.grad(y.sum(), [h])"
)

fn_model("short_reached", "(grad,)", REACHED3, nargs=3)
fn_model("short_two_of_three", "grad * ctx.s, None", REACHED3, nargs=3)
fn_model("short_ok_three", "grad * ctx.s, None, None", REACHED3, nargs=3)
fn_model("short_ok_unreached", "(grad,)", UNREACHED.replace("2.0)", "2.0, 3)"), nargs=3)
fn_model("short_ok_no_pass", "grad, None", NOPASS.replace("2.0)", "2.0, 3)"), nargs=3)
fn_model("lone_one_of_two", "-ctx.s * grad", REACHED)
fn_model("lone_name", "grad", REACHED)
fn_model("lone_ok_pair", "-ctx.s * grad, None", REACHED)
fn_model("lone_ok_unreached", "-ctx.s * grad", UNREACHED)
fn_model("extra_value", "grad, None, grad", REACHED)
fn_model("extra_ok_nones", "grad, None, None, None", REACHED)
fn_model("gradin_short", "grad", GRADIN)
fn_model("gradin_ok_pair", "grad, None", GRADIN)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_silent_without_shape(tmp_path, capsys):
    crashing = ("short_reached", "lone_one_of_two", "order_unscale_twice", "update_alone")
    check_silent_without_shape(MODELS, HEAD, crashing, tmp_path, capsys)


def _blockers(name, tmp_path, capsys) -> list:
    path = write(MODELS, HEAD, name, tmp_path)
    main(["check", f"{path}::Net", "--input-shape", "4,8", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    return [f for f in data["findings"] if f["severity"] == "blocker"]


def test_message_is_torchs(tmp_path, capsys):
    """The reported error is torch's own text."""
    torch = pytest.importorskip("torch")
    import runpy

    path = write(MODELS, HEAD, "short_two_of_three", tmp_path)
    net = runpy.run_path(str(path), run_name="__t__")["Net"]()
    with pytest.raises(RuntimeError) as got:
        net(torch.randn(4, 8))
    found = _blockers("short_two_of_three", tmp_path, capsys)
    assert str(got.value) in json.dumps(found), (str(got.value), found)


def test_switch_turns_apply_unknown(tmp_path, capsys, monkeypatch):
    """``DRIFTCHECK_NO_FIX34C=1``: ``apply`` is an unknown call again (missed, never new)."""
    assert _blockers("short_reached", tmp_path, capsys)
    monkeypatch.setenv("DRIFTCHECK_NO_FIX34C", "1")
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    assert not _blockers("short_reached", tmp_path, capsys)


def _count(src: str):
    from driftcheck.parsers.source.forward.dataflow_fix34c import grad_count

    fn = ast.parse(textwrap.dedent(src)).body[0]
    got = grad_count(fn)
    return None if got is None else got[0]


def test_grad_count_reads_only_certain_returns():
    assert _count("def backward(ctx, g):\n    return g, None\n") == 2
    assert _count("def backward(ctx, g):\n    return -ctx.a * g\n") == 1
    assert _count("def backward(ctx, g):\n    return g\n") == 1
    # a rebound name, a call, disagreeing returns, a star: not certain
    assert _count("def backward(ctx, g):\n    g = (g, g)\n    return g\n") is None
    assert _count("def backward(ctx, g):\n    return f(g)\n") is None
    src = "def backward(ctx, g):\n    if ctx.a:\n        return g\n    return g, None\n"
    assert _count(src) is None
    assert _count("def backward(ctx, g):\n    return (*ctx.gs, None)\n") is None
    assert _count("def backward(ctx, g):\n    return ctx.gs\n") is None


# ---------------------------------------------------------------- GradScaler order
def amp_model(name: str, steps: str, scale: bool = True, made: str = '"cpu"') -> None:
    """``self.scaler = torch.amp.GradScaler(<made>)``; forward scales (or not) the loss,
    runs backward, then the scaler calls ``steps`` (one per line)."""
    back = "self.scaler.scale(loss).backward()" if scale else "loss.backward()"
    body = "".join(f"\n                {s}" for s in steps.split(";"))
    model(
        name,
        (4, 8),
        f"""
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(8, 2)
                self.opt = torch.optim.SGD(self.fc.parameters(), lr=0.1)
                self.scaler = torch.amp.GradScaler({made})

            def forward(self, x):
                with torch.enable_grad():
                    loss = self.fc(x).pow(2).mean()
                    {back}{body}
                return self.fc(x)
        """,
    )


U, S, P = "self.scaler.unscale_(self.opt)", "self.scaler.step(self.opt)", "self.scaler.update()"
amp_model("order_unscale_twice", f"{U};{U}")
amp_model("order_after_step", f"{S};{U}")
amp_model("order_step_twice", f"{S};{S}")
amp_model("order_ok", f"{U};{S};{P}")
amp_model("order_ok_update_between", f"{S};{P};{U}")
amp_model("order_ok_cuda_twice", f"{U};{U}", made='"cuda"')
amp_model("order_ok_disabled", f"{U};{U}", made='"cpu", enabled=False')
amp_model("noscale_unscale", U, scale=False)
amp_model("noscale_step", S, scale=False)
amp_model("noscale_ok_disabled", U, scale=False, made='device="cpu", enabled=False')
amp_model("update_alone", P)
amp_model("update_twice", f"{S};{P};{P}")
amp_model("update_ok_step", f"{S};{P}")


@pytest.mark.parametrize("name", [n for n in sorted(MODELS) if n.split("_")[0] in
                                  ("order", "noscale", "update")])  # fmt: skip
def test_amp_messages_are_torchs(name, tmp_path, capsys):
    """Where torch raises, the reported error is its own text."""
    torch = pytest.importorskip("torch")
    import runpy
    import warnings

    path = write(MODELS, HEAD, name, tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        net = runpy.run_path(str(path), run_name="__t__")["Net"]()
    try:
        with torch.no_grad():
            net(torch.randn(4, 8))
    except Exception as e:  # noqa: BLE001
        found = _blockers(name, tmp_path, capsys)
        assert str(e) in json.dumps(found), (str(e), found)


AMP = [n for n in sorted(MODELS) if n.split("_")[0] in ("order", "noscale", "update")]


@pytest.mark.parametrize("name", AMP)
def test_amp_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


# ---------------------------------------------------------------- ctx: saves and grad shapes
def ctx_model(name: str, fwd: str, ret: str, body: str = "") -> None:
    """A Function ``Sc(x, s)`` whose forward runs ``fwd`` then returns ``x * s``, whose
    backward reads ``x, s = ctx.saved_tensors`` (when saved) and returns ``ret``."""
    read = "x, s = ctx.saved_tensors" if "save_for_backward(x, s)" in fwd else "pass"
    model(
        name,
        (4, 8),
        f"""
        class Sc(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x, s):
                {fwd}
                return x * s

            @staticmethod
            def backward(ctx, grad):
                {read}
                return {ret}


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(8, 8)
                self.gain = nn.Parameter(torch.ones(8))

            def forward(self, x):
                with torch.enable_grad():
                    {body or "y = Sc.apply(self.fc(x), self.gain)"}
                    y.sum().backward()
                return self.fc(x)
        """,
    )


SAVE = "ctx.save_for_backward(x, s)"
ctx_model("shape_transposed", SAVE, "(grad * s).T, (grad * x).sum(0)")
ctx_model("shape_ok", SAVE, "grad * s, (grad * x).sum(0)")
ctx_model("shape_ok_unsummed", SAVE, "grad * s, grad * x")
ctx_model("shape_row_sum", SAVE, "grad * s, (grad * x).sum(1)")
ctx_model("shape_ok_attr", "ctx.k = s", "grad * ctx.k, None")
ctx_model("shape_attr_wrong", "ctx.k = x.t()", "grad.t() * ctx.k, None")
ctx_model("save_size", "ctx.save_for_backward(x.shape)", "grad * s, None")
ctx_model("save_int", "ctx.save_for_backward(x, 3)", "grad * s, None")
ctx_model("save_ok_nograd", "ctx.save_for_backward(x.shape)", "grad * s, None",
          body="y = self.fc(Sc.apply(x, torch.ones(8)))")  # fmt: skip
ctx_model("save_ok_tensors", SAVE, "grad * s, None")

# in-place writes inside forward (torch runs it under no_grad): no leaf in-place claim
ctx_model("shape_ok_inplace_forward", "s.mul_(1.0)\n                x = x * 1.0\n                x.add_(1.0)",
          "grad * 1.0, None")  # fmt: skip

CTX = [n for n in sorted(MODELS) if n.split("_")[0] in ("shape", "save")]


@pytest.mark.parametrize("name", CTX)
def test_ctx_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


@pytest.mark.parametrize("name", ["shape_transposed", "save_size", "save_int"])
def test_ctx_messages_are_torchs(name, tmp_path, capsys):
    torch = pytest.importorskip("torch")
    import runpy

    path = write(MODELS, HEAD, name, tmp_path)
    net = runpy.run_path(str(path), run_name="__t__")["Net"]()
    with pytest.raises((RuntimeError, TypeError)) as got:
        net(torch.randn(4, 8))
    found = _blockers(name, tmp_path, capsys)
    assert str(got.value) in json.dumps(found), (str(got.value), found)


@pytest.mark.parametrize(
    "shape,to", [((4, 8), (8, 4)), ((8,), (4, 8)), ((1, 8), (4, 8)), ((4,), (4, 8)), ((3, 8), (8,))]
)
def test_expandable_is_torchs(shape, to):
    """``_expandable`` answers as torch's ``sum_to_size`` accepts (a gradient of shape ``to``
    for an input of ``shape``)."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix34c import _expandable

    try:
        torch.ones(to).sum_to_size(shape)
        ok = True
    except RuntimeError:
        ok = False
    assert _expandable(shape, to) is ok
