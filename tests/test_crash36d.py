"""Session 36 (crashfix36d): forward-mode AD's ``make_dual`` (``dataflow_fix36d``): no dual
level open, a tangent of another size. Each model is run by torch (CPU, seeded): a blocker
exactly when torch raises; the clean twins (``_ok``) show what the rules must not claim."""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, net_source, registrar, torch_crashes, write

HEAD = (
    "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
    "import torch.autograd.forward_ad as fwAD\n"
)
HEAD_ENTER = HEAD + "from torch.autograd.forward_ad import enter_dual_level, exit_dual_level\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
FC = ("self.fc = nn.Linear(6, 4)",)


def op(name: str, body: str, init: str = "") -> None:
    model(name, (3, 6), net_source(FC, body, init))


# make_dual outside any dual level
op("dual_no_level", "d = fwAD.make_dual(h, torch.ones_like(h))\n        return d * 2")
op(
    "dual_level_after",
    "d = fwAD.make_dual(h, torch.ones_like(h))\n"
    "        with fwAD.dual_level():\n"
    "            return fwAD.unpack_dual(d * 2).tangent",
)
op(
    "dual_level_closed",
    "with fwAD.dual_level():\n            y = h * 2\n"
    "        return fwAD.make_dual(y, torch.ones_like(y))",
)
op(
    "dual_ok_inside",
    "with fwAD.dual_level():\n"
    "            d = fwAD.make_dual(h, torch.ones_like(h))\n"
    "            return fwAD.unpack_dual(d * 2).tangent",
)
op(
    "dual_ok_helper_inside",  # the helper runs under the caller's level
    "with fwAD.dual_level():\n            return self.tan(h)\n\n"
    "    def tan(self, h):\n"
    "        return fwAD.unpack_dual(fwAD.make_dual(h, torch.ones_like(h)) * 2).tangent",
)
op(
    "dual_ok_nested_ctx",  # a level inside another context manager
    "with torch.no_grad(), fwAD.dual_level():\n"
    "            return fwAD.unpack_dual(fwAD.make_dual(h, h.clone())).tangent",
)
# the tangent's size
op(
    "dual_tangent_row",
    "with fwAD.dual_level():\n"
    "            d = fwAD.make_dual(h, torch.ones(h.shape[1]))\n"
    "            return fwAD.unpack_dual(d).tangent",
)
op(
    "dual_tangent_column",
    "with fwAD.dual_level():\n"
    "            d = fwAD.make_dual(h, torch.ones(h.shape[1], 1))\n"
    "            return fwAD.unpack_dual(d).tangent",
)
op(
    "dual_tangent_kw",
    "with fwAD.dual_level():\n"
    "            d = fwAD.make_dual(h, tangent=torch.eye(4)[:2])\n"
    "            return fwAD.unpack_dual(d).tangent",
)
op(
    "dual_tangent_ok_same",
    "with fwAD.dual_level():\n"
    "            d = fwAD.make_dual(h, torch.eye(4)[:3])\n"
    "            return fwAD.unpack_dual(d).tangent",
)
op(
    "dual_tangent_ok_normalized",
    "v = F.normalize(torch.randn_like(h), dim=-1)\n"
    "        with fwAD.dual_level():\n"
    "            return fwAD.unpack_dual(self.fc2(fwAD.make_dual(h, v))).tangent",
    "self.fc2 = nn.Linear(4, 2)",
)

ENTER: dict[str, tuple[str, tuple[int, ...], str]] = {}
model_enter = registrar(ENTER)
# a level entered by hand: the rule claims nothing in such a file
model_enter(
    "dual_ok_entered",
    (3, 6),
    net_source(
        FC,
        "enter_dual_level()\n        try:\n"
        "            return fwAD.unpack_dual(fwAD.make_dual(h, torch.ones_like(h))).tangent\n"
        "        finally:\n            exit_dual_level()",
    ),
)

# Function.apply binds the arguments to forward's signature when setup_context is overridden
FUNCS = (
    "class NewStyle(torch.autograd.Function):\n"
    "    @staticmethod\n    def forward(x, lo, hi):\n        return x.clamp(lo, hi)\n\n"
    "    @staticmethod\n    def setup_context(ctx, inputs, output):\n        pass\n\n"
    "    @staticmethod\n    def backward(ctx, g):\n        return g, None, None\n\n\n"
    "class CtxFirst(torch.autograd.Function):\n"
    "    @staticmethod\n    def forward(ctx, x, lo, hi=1.0):\n        return x.clamp(lo, hi)\n\n"
    "    @staticmethod\n    def setup_context(ctx, inputs, output):\n        pass\n\n"
    "    @staticmethod\n    def backward(ctx, g):\n        return g, None, None\n\n\n"
    "class CtxFirstChild(CtxFirst):\n    pass\n\n\n"
    "class OldStyle(torch.autograd.Function):\n"
    "    @staticmethod\n    def forward(ctx, x, lo, hi):\n        return x.clamp(lo, hi)\n\n"
    "    @staticmethod\n    def backward(ctx, g):\n        return g, None, None\n\n\n"
    "class Star(torch.autograd.Function):\n"
    "    @staticmethod\n    def forward(ctx, *xs):\n        return xs[0] * 2\n\n"
    "    @staticmethod\n    def setup_context(ctx, inputs, output):\n        pass\n\n"
    "    @staticmethod\n    def backward(ctx, g):\n        return g\n"
)
APPLY: dict[str, tuple[str, tuple[int, ...], str]] = {}
model_apply = registrar(APPLY)
for _name, _body in {
    "apply_ctx_first_missing": "return CtxFirst.apply(h, -1.0)",
    "apply_ctx_first_child": "return CtxFirstChild.apply(h)",
    "apply_new_too_many": "return NewStyle.apply(h, -1.0, 1.0, 2.0)",
    "apply_new_missing": "return NewStyle.apply(h, -1.0)",
    "apply_new_unexpected_kw": "return NewStyle.apply(h, -1.0, top=1.0)",
    "apply_ok_new": "return NewStyle.apply(h, -1.0, 1.0)",
    "apply_ok_new_kw": "return NewStyle.apply(h, -1.0, hi=1.0)",
    "apply_ok_old_style": "return OldStyle.apply(h, -1.0, 1.0)",
    "apply_ok_star": "return Star.apply(h, h)",
}.items():
    model_apply(_name, (3, 6), net_source(FC, _body))


@pytest.mark.parametrize("name", sorted(APPLY))
def test_apply_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = APPLY[name]
    path = write(APPLY, HEAD + "\n\n" + FUNCS, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


def test_entered_by_hand_is_clean(tmp_path, capsys):
    _, shape, kind = ENTER["dual_ok_entered"]
    path = write(ENTER, HEAD_ENTER, "dual_ok_entered", tmp_path)
    assert not torch_crashes(path, shape, kind)
    assert not blockers(path, shape, capsys)


@pytest.mark.parametrize("name", ["dual_no_level", "dual_tangent_column"])
def test_switch_off(name, tmp_path, capsys, monkeypatch):
    """These rules are what flag these: with ``DRIFTCHECK_NO_FIX36D=1`` nothing does."""
    _, shape, _ = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_FIX36D", "1")
    assert not blockers(path, shape, capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_FIX36D")
    assert blockers(path, shape, capsys)


def test_messages(tmp_path, capsys):
    path = write(MODELS, HEAD, "dual_tangent_column", tmp_path)
    (b,) = blockers(path, (3, 6), capsys)
    assert "Tensor is of size [3, 4] while the given forward gradient is of size [4, 1]" in str(b)
    path = write(MODELS, HEAD, "dual_no_level", tmp_path)
    (b,) = blockers(path, (3, 6), capsys)
    assert "no level exists" in str(b)
