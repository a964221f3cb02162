"""Autograd graphs built inside ``forward`` (session 32, crashfix32) against torch
(``driftcheck/parsers/source/forward/dataflow_fix32.py``).

Small models written here (not the corpus's) differentiate inside ``with torch.enable_grad():``
and are run in torch; ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised (train and eval mode alike). Every family (the name's first word) has crashing
models and clean twins; the tables the rules read (``SAVES``, ``BINARY``, ``INPLACE``) are
asked of torch item by item.

``agunused``: ``autograd.grad`` with respect to a tensor the output does not depend on;
``agtwice``: a second pass through nodes the first freed; ``agsaved``: a tensor saved for
backward written in place before the pass; ``agleaf``: an in-place write to a leaf that
requires grad; ``agreq``: differentiating a tensor (or an output) that does not require grad;
``pgrad``: a parameter's ``.grad`` read in a freshly built model (None: no backward ran).
"""

from __future__ import annotations

import pytest

from driftcheck.parsers.source.forward import dataflow_fix32 as rules
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
LAYERS = (
    "self.fc = nn.Linear(8, 8)",
    "self.enc = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 1))",
    "self.gate = nn.Parameter(torch.ones(8))",
)


def grad(name: str, lines: str, ret: str = "gx", layers: tuple[str, ...] = LAYERS) -> None:
    """``h = self.fc(x)``, then ``lines`` (``;``-separated) under ``torch.enable_grad()``,
    starting from ``xi`` (a detached copy of the input that requires grad)."""
    body = ["xi = x.detach().requires_grad_(True)", *lines.split("; ")]
    text = "with torch.enable_grad():\n" + "".join(f"            {b}\n" for b in body)
    model(name, (3, 8), net_source(layers, f"{text}        return {ret}"))


# autograd.grad of an input the output does not use
grad("agunused_detached_param", "g = self.gate.detach().requires_grad_(True); "
     "y = self.enc(xi).sum(); gx, gg = torch.autograd.grad(y, [xi, g])")  # fmt: skip
grad("agunused_factory", "z = torch.zeros(3, 8, requires_grad=True); "
     "y = (self.enc(xi) * 2).sum(); gx, gz = torch.autograd.grad(y, [xi, z])")  # fmt: skip
grad("agunused_own_parameter", "y = self.enc(xi).sum(); "
     "gx, gg = torch.autograd.grad(y, [xi, self.gate])")  # fmt: skip
grad("agunused_factory_then_flag", "z = torch.ones(8).requires_grad_(); "
     "y = torch.tanh(self.enc(xi)).sum(); gx, gz = torch.autograd.grad(y, (xi, z))")  # fmt: skip
grad("agunused_ok_allow_unused", "g = self.gate.detach().requires_grad_(True); "
     "y = self.enc(xi).sum(); "
     "gx, gg = torch.autograd.grad(y, [xi, g], allow_unused=True)")  # fmt: skip
grad("agunused_ok_used", "g = self.gate.detach().requires_grad_(True); "
     "y = self.enc(xi * g).sum(); gx, gg = torch.autograd.grad(y, [xi, g])")  # fmt: skip
grad("agunused_ok_param_used", "y = self.enc(xi + self.gate).sum(); "
     "gx, gg = torch.autograd.grad(y, [xi, self.gate])")  # fmt: skip
grad("agunused_ok_materialize", "z = torch.zeros(3, 8, requires_grad=True); "
     "y = self.enc(xi).sum(); "
     "gx, gz = torch.autograd.grad(y, [xi, z], materialize_grads=True)")  # fmt: skip

# a second pass through freed nodes
grad("agtwice_grad", "y = self.enc(xi).sum(); (g1,) = torch.autograd.grad(y, xi); "
     "(g2,) = torch.autograd.grad(y, xi); gx = g1 + g2")  # fmt: skip
grad("agtwice_backward", "y = torch.sigmoid(xi).sum(); y.backward(); y.backward(); "
     "gx = xi.grad")  # fmt: skip
grad("agtwice_scalar_mul", "y = (xi * 3).sum(); (g1,) = torch.autograd.grad(y, [xi]); "
     "(g2,) = torch.autograd.grad(y, [xi]); gx = g1 * g2")  # fmt: skip
grad("agtwice_shared_trunk", "h = self.enc(xi); a = h.sum(); b = (h * 2).sum(); "
     "a.backward(); b.backward(); gx = xi.grad")  # fmt: skip
grad("agtwice_ok_retain", "y = self.enc(xi).sum(); "
     "(g1,) = torch.autograd.grad(y, xi, retain_graph=True); "
     "(g2,) = torch.autograd.grad(y, xi); gx = g1 + g2")  # fmt: skip
grad("agtwice_ok_no_saves", "y = (xi + 1).sum(); (g1,) = torch.autograd.grad(y, xi); "
     "(g2,) = torch.autograd.grad(y, xi); gx = g1 + g2")  # fmt: skip
grad("agtwice_ok_create_graph", "y = self.enc(xi).sum(); "
     "(g1,) = torch.autograd.grad(y, xi, create_graph=True); "
     "(g2,) = torch.autograd.grad(y, xi); gx = g1 + g2")  # fmt: skip
grad("agtwice_ok_fresh_graph", "y = self.enc(xi).sum(); (g1,) = torch.autograd.grad(y, xi); "
     "y = self.enc(xi).sum(); (g2,) = torch.autograd.grad(y, xi); gx = g1 + g2")  # fmt: skip

# a saved tensor written in place before the pass
grad("agsaved_sigmoid_out", "s = torch.sigmoid(self.enc(xi)); s.mul_(2); s.sum().backward(); "
     "gx = xi.grad")  # fmt: skip
grad("agsaved_exp_out_method", "e = self.enc(xi).exp(); e.add_(1); "
     "(gx,) = torch.autograd.grad(e.sum(), xi)")  # fmt: skip
grad("agsaved_mul_operand", "a = self.enc(xi); b = a * a; a.add_(1); "
     "(gx,) = torch.autograd.grad(b.sum(), xi)")  # fmt: skip
grad("agsaved_linear_input", "a = xi * 1.0; y = self.enc(a).sum(); a.clamp_(0, 1); "
     "(gx,) = torch.autograd.grad(y, xi)")  # fmt: skip
grad("agsaved_ok_add_operand", "a = self.enc(xi); b = a + 1; a.mul_(2); "
     "(gx,) = torch.autograd.grad(b.sum(), xi)")  # fmt: skip
grad("agsaved_ok_tanh_input", "a = self.enc(xi); t = torch.tanh(a); a.add_(1); "
     "(gx,) = torch.autograd.grad(t.sum(), xi)")  # fmt: skip
grad("agsaved_ok_after_pass", "s = torch.sigmoid(self.enc(xi)); (gx,) = torch.autograd.grad("
     "s.sum(), xi); s.mul_(2)")  # fmt: skip

# an in-place write to a leaf that requires grad
grad("agleaf_param_add", "self.gate.add_(0.1 * x.mean(0)); gx = self.fc(x + self.gate)")
grad("agleaf_param_setitem", "self.gate[0] = 1.0; gx = self.fc(x) * self.gate")
grad("agleaf_input_mul", "xi.mul_(2); gx = self.fc(xi)")
grad("agleaf_augassign", "xi += 1; gx = self.fc(xi)")
grad("agleaf_factory_fill", "z = torch.randn(3, 8, requires_grad=True); z.zero_(); gx = z")
grad("agleaf_ok_detached", "d = xi.detach(); d.mul_(2); gx = self.fc(d)")
grad("agleaf_ok_nonleaf", "g = self.gate * 1; g.add_(1); gx = self.fc(x) * g")
model("agleaf_ok_no_grad_mode", (3, 8), net_source(
    LAYERS, "self.gate.add_(0.1 * x.mean(0))\n        return self.fc(x + self.gate)"))  # fmt: skip

# differentiating what does not require grad
grad("agreq_detached_input", "xd = x.detach(); y = self.enc(xi).sum(); "
     "gx, gd = torch.autograd.grad(y, [xi, xd], allow_unused=True)")  # fmt: skip
grad("agreq_output_backward", "y = (x.detach() * 2).sum(); y.backward(); gx = y")
grad("agreq_flag_dropped", "xi.requires_grad_(False); y = self.enc(xi).sum(); "
     "(gx,) = torch.autograd.grad(y, xi)")  # fmt: skip
grad("agreq_ok_flagged", "xd = x.detach().requires_grad_(); y = self.enc(xd).sum(); "
     "(gx,) = torch.autograd.grad(y, xd)")  # fmt: skip

# the same through ops whose saves are not modelled (``PASS``) and weighted layers
LN = (*LAYERS, "self.ln = nn.LayerNorm(8)", "self.emb = nn.Embedding(4, 8)")
grad("agunused_loss", "z = torch.zeros(8, requires_grad=True); "
     "loss = F.mse_loss(self.enc(xi / 2), torch.zeros(3, 1)); "
     "gx, gz = torch.autograd.grad(loss, [xi, z])", layers=LN)  # fmt: skip
grad("agunused_cat_norm", "z = torch.zeros(3, 8).requires_grad_(); "
     "y = torch.cat([self.ln(xi), xi ** 2], dim=-1).norm(); "
     "gx, gz = torch.autograd.grad(y, [xi, z])", layers=LN)  # fmt: skip
grad("agunused_ok_cat", "z = torch.zeros(3, 8).requires_grad_(); "
     "y = torch.cat([self.ln(xi), z], dim=-1).norm(); "
     "gx, gz = torch.autograd.grad(y, [xi, z])", layers=LN)  # fmt: skip
grad("agreq_ids_embedding", "ids = torch.zeros(3, dtype=torch.long); "
     "y = self.emb(ids).sum(); (gx,) = torch.autograd.grad(y, ids)", layers=LN)  # fmt: skip
grad("agreq_ok_embedding_weight", "ids = torch.zeros(3, dtype=torch.long); "
     "y = self.emb(ids).sum(); (gx,) = torch.autograd.grad(y, self.emb.weight)",
     layers=LN)  # fmt: skip

# a parameter's ``.grad`` read in forward: None until a backward pass has run
PG = "return h * {v}"
model("pgrad_weight_norm", (3, 8), net_source(LAYERS, PG.format(v="self.fc.weight.grad.norm()")))
model("pgrad_bias_abs", (3, 8), net_source(LAYERS, PG.format(v="self.fc.bias.grad.abs().max()")))
model("pgrad_own_param", (3, 8), net_source(LAYERS, PG.format(v="self.gate.grad.sum()")))
model("pgrad_ok_guarded", (3, 8), net_source(LAYERS, "g = self.fc.weight.grad\n        "
      "return h if g is None else h * g.norm()"))  # fmt: skip
grad("pgrad_ok_after_backward", "self.enc(xi).sum().backward(); "
     "gx = self.enc[0].weight.grad.norm() * h")  # fmt: skip


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_family_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_silent_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("agunused_factory", "agtwice_grad", "agleaf_param_add"), tmp_path, capsys
    )


def _call(torch, name, t):
    args = {"softmax": (-1,), "log_softmax": (-1,), "transpose": (0, 1), "unsqueeze": (0,),
            "permute": (1, 0), "view": (-1,), "reshape": (-1,)}.get(name, ())  # fmt: skip
    if hasattr(t, name):
        return getattr(t, name)(*args)
    return getattr(torch.nn.functional, name)(t, *args)


def test_saves_table_is_torchs():
    """Each unary op saves its input, its output or nothing, as ``SAVES`` says: an in-place
    write to what it saved fails the pass, and a second pass fails iff it saved anything."""
    torch = pytest.importorskip("torch")
    for name, how in rules.SAVES.items():
        got = []
        for mode in ("self", "result", "twice"):
            a = torch.rand(3, 4, requires_grad=True).clone()
            y = _call(torch, name, a)
            try:
                if mode == "self":
                    a.add_(0)
                    y.sum().backward()
                elif mode == "result":
                    y.add_(0)
                    y.sum().backward()
                else:
                    s = y.sum()
                    torch.autograd.grad(s, a)
                    torch.autograd.grad(s, a)
                got.append(False)
            except RuntimeError:
                got.append(True)
        assert got == [how == "self", how == "result", how != "none"], (name, how, got)


def test_binary_table_is_torchs():
    """``cross``: each operand is saved iff the other requires grad; ``none``: neither."""
    torch = pytest.importorskip("torch")
    for name, how in rules.BINARY.items():
        shape = (2, 3, 3) if name == "bmm" else (3, 3)
        for rga, rgb in ((True, True), (True, False), (False, True)):
            for which in (0, 1):
                a = torch.rand(*shape, requires_grad=rga).clone()
                b = torch.rand(*shape, requires_grad=rgb).clone()
                y = getattr(torch, name)(a, b)
                (a, b)[which].add_(0)
                try:
                    y.sum().backward()
                    raised = False
                except RuntimeError:
                    raised = True
                other = (rgb, rga)[which]
                assert raised is (how == "cross" and other), (name, rga, rgb, which)
    a = torch.rand(3, requires_grad=True).clone()
    s = (a * 2).sum()  # a Python number is saved (wrapped): a second pass fails
    torch.autograd.grad(s, a)
    with pytest.raises(RuntimeError, match="second time"):
        torch.autograd.grad(s, a)


def test_inplace_table_is_torchs():
    """Every method of ``INPLACE`` refuses a leaf that requires grad under grad mode."""
    torch = pytest.importorskip("torch")
    o = torch.ones(3)
    args = {"add_": (1.0,), "sub_": (1.0,), "mul_": (2.0,), "div_": (2.0,), "clamp_": (0.0, 1.0),
            "clamp_min_": (0.0,), "clamp_max_": (1.0,), "fill_": (1.0,), "copy_": (o,),
            "masked_fill_": (o.bool(), 0.0), "pow_": (2,), "addcmul_": (o, o),
            "addcdiv_": (o, o), "lerp_": (o, 0.5), "clip_": (0.0, 1.0)}  # fmt: skip
    for name in sorted(rules.INPLACE):
        p = torch.nn.Parameter(torch.rand(3) + 0.5)
        with pytest.raises(RuntimeError, match="leaf Variable that requires grad"):
            getattr(p, name)(*args.get(name, ()))
        with torch.no_grad():
            getattr(p, name)(*args.get(name, ()))  # (runs under no_grad)


def test_layers_are_torchs():
    """``ACT_LAYERS`` are the unary ops they name; ``LAYER_SAVES`` layers save their input."""
    torch = pytest.importorskip("torch")
    nn = torch.nn
    x = torch.randn(2, 3, 4, 4)
    for layer, op in rules.ACT_LAYERS.items():
        m = getattr(nn, layer)()
        want = x if op == "identity" else _call(torch, op, x) if op != "flatten" else x.flatten(1)
        assert torch.equal(m(x), want), layer
    for layer in sorted(rules.LAYER_SAVES):
        m = {"Linear": nn.Linear(4, 2), "Conv1d": nn.Conv1d(3, 2, 1), "Conv2d": nn.Conv2d(3, 2, 1),
             "Conv3d": nn.Conv3d(3, 2, 1)}[layer]  # fmt: skip
        a = torch.randn(*{"Linear": (2, 4), "Conv1d": (2, 3, 4), "Conv2d": (2, 3, 4, 4),
                          "Conv3d": (2, 3, 2, 2, 2)}[layer]).requires_grad_().clone()  # fmt: skip
        y = m(a).sum()
        a.add_(0)
        with pytest.raises(RuntimeError, match="modified by an inplace operation"):
            y.backward()


def _pass_call(torch, name, a, b):
    F = torch.nn.functional
    calls = {
        "pow": lambda: a.pow(2), "div": lambda: a.div(b), "norm": lambda: a.norm(),
        "var": lambda: a.var(), "std": lambda: a.std(), "amax": lambda: a.amax(-1),
        "amin": lambda: a.amin(-1), "logsumexp": lambda: a.logsumexp(-1),
        "cumsum": lambda: a.cumsum(0), "softplus": lambda: F.softplus(a),
        "leaky_relu": lambda: F.leaky_relu(a), "elu": lambda: F.elu(a),
        "normalize": lambda: F.normalize(a), "layer_norm": lambda: F.layer_norm(a, (4,)),
        "clamp": lambda: a.clamp(0, 1), "expand": lambda: a[:1].expand(3, 4),
        "repeat": lambda: a.repeat(2, 1), "narrow": lambda: a.narrow(0, 0, 2),
        "roll": lambda: a.roll(1, 0), "flip": lambda: a.flip(0),
        "mse_loss": lambda: F.mse_loss(a, b), "l1_loss": lambda: F.l1_loss(a, b),
        "smooth_l1_loss": lambda: F.smooth_l1_loss(a, b),
        "cross_entropy": lambda: F.cross_entropy(a, torch.zeros(3, dtype=torch.long)),
        "binary_cross_entropy_with_logits": lambda: F.binary_cross_entropy_with_logits(a, b),
        "cosine_similarity": lambda: F.cosine_similarity(a, b),
        "linear": lambda: F.linear(a, b), "cat": lambda: torch.cat([a, b]),
        "stack": lambda: torch.stack([a, b]), "where": lambda: torch.where(a > 0, a, b),
        "einsum": lambda: torch.einsum("ij,kj->ik", a, b), "prod": lambda: a.prod(),
        "tril": lambda: a.tril(), "triu": lambda: a.triu(), "mv": lambda: a.mv(b[0]),
        "outer": lambda: torch.outer(a[0], b[0]),
    }  # fmt: skip
    return calls[name]()


def test_pass_ops_carry_the_flag():
    """Under grad mode, a ``PASS`` op's result requires grad iff one of its tensor
    arguments does (each argument in turn)."""
    torch = pytest.importorskip("torch")
    with torch.enable_grad():
        for name in sorted(rules.PASS):
            for rga, rgb in ((True, False), (False, True), (False, False)):
                a = torch.rand(3, 4, requires_grad=rga)
                b = torch.rand(3, 4, requires_grad=rgb)
                used = name not in ("pow", "norm", "var", "std", "amax", "amin", "logsumexp",
                                    "cumsum", "softplus", "leaky_relu", "elu", "normalize",
                                    "layer_norm", "clamp", "expand", "repeat", "narrow", "roll",
                                    "flip", "cross_entropy", "prod", "tril", "triu")  # fmt: skip
                want = rga or (rgb and used)
                out = _pass_call(torch, name, a, b)
                assert out.requires_grad is want, (name, rga, rgb)


def test_weighted_layers_need_grad():
    """A ``WEIGHTED`` layer's output requires grad under grad mode whatever its input (its
    weight is a parameter: the norms with their affine flag left on)."""
    torch = pytest.importorskip("torch")
    nn = torch.nn
    made = {
        "Linear": (nn.Linear(4, 2), (2, 4)), "Conv1d": (nn.Conv1d(3, 2, 1), (2, 3, 4)),
        "Conv2d": (nn.Conv2d(3, 2, 1), (2, 3, 4, 4)), "Conv3d": (nn.Conv3d(3, 2, 1), (2, 3, 2, 2, 2)),
        "ConvTranspose1d": (nn.ConvTranspose1d(3, 2, 1), (2, 3, 4)),
        "ConvTranspose2d": (nn.ConvTranspose2d(3, 2, 1), (2, 3, 4, 4)),
        "ConvTranspose3d": (nn.ConvTranspose3d(3, 2, 1), (2, 3, 2, 2, 2)),
        "LayerNorm": (nn.LayerNorm(4), (2, 4)), "GroupNorm": (nn.GroupNorm(1, 3), (2, 3, 4)),
        "BatchNorm1d": (nn.BatchNorm1d(3), (2, 3, 4)), "BatchNorm2d": (nn.BatchNorm2d(3), (2, 3, 4, 4)),
        "BatchNorm3d": (nn.BatchNorm3d(3), (2, 3, 2, 2, 2)),
    }  # fmt: skip
    with torch.enable_grad():
        for name in sorted(rules.WEIGHTED):
            if name == "Embedding":
                out = nn.Embedding(4, 2)(torch.zeros(3, dtype=torch.long))
            else:
                m, shape = made[name]
                out = m.eval()(torch.randn(*shape))
            assert out.requires_grad, name
        for m in (nn.LayerNorm(4, elementwise_affine=False), nn.BatchNorm1d(3, affine=False)):
            assert not m.eval()(torch.randn(2, 3, 4) if isinstance(m, nn.BatchNorm1d)
                                else torch.randn(2, 4)).requires_grad  # fmt: skip
