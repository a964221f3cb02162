"""Session 36 (fixreview36a): the crash-side confident wrongs review36 found, each checked
against torch (CPU, seeded): a blocker exactly when torch raises, with crash and clean twins.

1. forward pre-hooks / forward hooks run only where the call reaches ``nn.Module.__call__``:
   a class of the code's own overriding ``__call__`` never runs them (``dataflow_fix36.call_impl``).
2. ``torch.fx.symbolic_trace``: a test is a Proxy's truth only where the callee, resolved in the
   traced module's globals, dispatches through ``__torch_function__``; torch's pure-Python
   predicates (``torch.is_tensor``, ``torch.jit.isinstance``, ``torch.overrides.*``) return a
   bool, and the local names ``torch`` / ``F`` are not keys (``dataflow_fix36b_trace._proxy``).
3. quantile's ``q`` tensor: its values as torch stores them, float32 unless ``dtype=float64``
   (``dataflow_fix36b.tensor_made``).
6. a global module pre-hook registered by plain name / imported alias, or through torch's
   ``_global_forward_pre_hooks`` dict, makes the local pre-hooks' inputs unknown
   (``dataflow_fix36.hooks_untouched``).
7. ``with contextlib.suppress(E):`` is read as ``try: ... except E: pass`` (``Runner._suppresses``).
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, registrar, torch_crashes, write

HEAD = "import contextlib\nimport io\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)

# 1. hooks and an own ``__call__``: Block's Linear takes {n} features, the pre-hook cuts to 2
HOOKED = """
def cut(m, args):
    return (args[0][:, :2],)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear({n}, 4)

    def forward(self, x):
        return self.lin(x)
{call}

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 4)
        self.block = Block()
        self.block.{reg}
    def forward(self, x):
        h = self.fc(x)
        return {ret}
"""
OWN = "\n    def __call__(self, x):\n        return self.forward(x)\n"
SUPER = "\n    def __call__(self, x):\n        return super().__call__(x)\n"
MODULE_CALL = "\n    def __call__(self, x):\n        return nn.Module.__call__(self, x)\n"
PRE = "register_forward_pre_hook(cut)"
POST = "register_forward_hook(lambda m, a, o: o[:, :2])"


def hooked(name: str, n: int, call: str, reg: str = PRE, ret: str = "self.block(h)") -> None:
    model(name, (3, 6), HOOKED.format(n=n, call=call, reg=reg, ret=ret))


hooked("prehook_plain_cut", 4, "")  # torch runs the hook: (3, 2) into Linear(4)
hooked("prehook_ok_plain_cut", 2, "")
hooked("prehook_ok_own_call", 4, OWN)  # the hook never runs: (3, 4) into Linear(4)
hooked("prehook_own_call_unhooked", 2, OWN)  # the hook never runs: (3, 4) into Linear(2)
hooked("prehook_ok_super_call", 2, SUPER)  # ``super().__call__`` runs the hook: not judged
hooked("prehook_ok_module_call", 2, MODULE_CALL)
MM = "self.block(h) @ torch.ones(4, 4)"
hooked("fwdhook_plain_cut", 4, "", POST, MM)  # (3, 2) @ (4, 4)
hooked("fwdhook_ok_own_call", 4, OWN, POST, MM)  # the hook never runs: (3, 4) @ (4, 4)
hooked("fwdhook_ok_super_call", 4, SUPER, POST, "self.block(h) @ torch.ones(2, 4)")

# 2. fx.symbolic_trace of Inner, whose forward tests {test}
TRACED = """
{pre}
class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        if {test}:
            x = x + 1
        return self.lin(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 4)
        self.inner = Inner()

    def forward(self, x):
        h = self.fc(x)
        g = torch.fx.symbolic_trace(self.inner)
        return h
"""


def traced(name: str, test: str, pre: str = "") -> None:
    model(name, (3, 6), TRACED.format(test=test, pre=pre))


traced("fx_ok_is_tensor", "torch.is_tensor(x)")
traced("fx_ok_is_storage", "torch.is_storage(x)")
traced("fx_ok_jit_isinstance", "torch.jit.isinstance(x, torch.Tensor)")
traced("fx_ok_overrides", "torch.overrides.has_torch_function((x,))")
traced("fx_ok_is_tensor_imported", "is_tensor(x)", "from torch import is_tensor\n")
traced("fx_ok_own_F", "F.check(x)", "class F:\n    check = staticmethod(lambda x: True)\n")
traced("fx_numel", "torch.numel(x) > 0")
traced("fx_is_floating_point", "torch.is_floating_point(x)")
traced("fx_relu_imported", "act(x).sum() > 0", "from torch import relu as act\n")
traced("fx_functional_alias", "nnf.relu(x).sum() > 0", "import torch.nn.functional as nnf\n")


# 3. quantile of a q tensor whose values round into [0, 1] as float32
def quant(name: str, body: str) -> None:
    model(name, (3, 6), HOOKED.format(n=4, call="", reg="training", ret=body))


quant("quantile_ok_f32_round", "torch.quantile(h, torch.tensor([1.00000001]), dim=0)")
quant("quantile_ok_f32_negzero", "torch.quantile(h, torch.tensor([-1e-50]), dim=0)")
quant("quantile_ok_f32_dtype", "h.quantile(torch.tensor([0.5, 1.00000001], dtype=torch.float32))")
quant("quantile_f64_round", "torch.quantile(h.double(), torch.tensor([1.00000001], "
      "dtype=torch.float64), dim=0)")  # fmt: skip
quant("quantile_f32_above", "torch.quantile(h, torch.tensor([0.5, 1.0001]), dim=0)")
quant("quantile_f32_overflow", "torch.quantile(h, torch.tensor([1e300]), dim=0)")


# 6. a global pre-hook widens Block's input to (3, 8); the local one reshapes it to (6, 4)
GLOBAL = HOOKED.format(n=4, call="", reg="register_forward_pre_hook(lambda m, a: "
                       "(a[0].reshape(6, 4),))", ret="self.block(h)")  # fmt: skip
WIDEN = "(lambda m, a: (torch.cat([a[0], a[0]], 1),) if isinstance(m, Block) else None)"
model("global_ok_plain_name", (3, 6), "from torch.nn.modules.module import "
      "register_module_forward_pre_hook\n" + GLOBAL + f"\nregister_module_forward_pre_hook{WIDEN}\n")  # fmt: skip
model("global_ok_alias", (3, 6), "from torch.nn.modules.module import "
      "register_module_forward_pre_hook as reg\n" + GLOBAL + f"\nreg{WIDEN}\n")  # fmt: skip
model("global_ok_attr", (3, 6), GLOBAL + f"\nnn.modules.module.register_module_forward_pre_hook{WIDEN}\n")  # fmt: skip
model("global_ok_dict", (3, 6), "from torch.nn.modules import module as _mm\n" + GLOBAL
      + f"\n_mm._global_forward_pre_hooks[12345] = {WIDEN}\n")  # fmt: skip
model("global_none_reshape", (3, 6), GLOBAL)  # no global hook: (3, 4) cannot become (6, 4)


# 7. crash rules inside ``with contextlib.suppress(...)``
def sup(name: str, ctx: str, stmt: str, pre: str = "") -> None:
    body = f"{ctx}:\n            {stmt}\n        return h"
    model(name, (3, 6), pre + HOOKED.format(n=4, call="", reg="training", ret=body)
          .replace("return " + body, body))  # fmt: skip


ADAM = "o = torch.optim.Adam(self.parameters(), lr=-1)"
sup("suppress_ok_adam", "with contextlib.suppress(ValueError)", ADAM)
sup("suppress_ok_linear", "with contextlib.suppress(Exception)", "y = self.fc(h)")
sup("suppress_ok_groupnorm", "with contextlib.suppress(Exception)", "y = nn.GroupNorm(3, 4)")
sup("suppress_ok_save", "with contextlib.suppress(Exception)",
    "torch.save({'f': lambda: 0}, io.BytesIO())")  # fmt: skip
sup("suppress_ok_imported", "with suppress(ValueError)", ADAM, "from contextlib import suppress\n")
sup("suppress_nullcontext_adam", "with contextlib.nullcontext()", ADAM)
sup("suppress_nullcontext_linear", "with contextlib.nullcontext()", "y = self.fc(h)")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    module = pytest.importorskip("torch.nn.modules.module")
    before = set(module._global_forward_pre_hooks)
    try:
        crashes = torch_crashes(path, shape, kind)
    finally:  # the global hooks a ``global_*`` model registered stay in torch: removed
        for k in set(module._global_forward_pre_hooks) - before:
            del module._global_forward_pre_hooks[k]
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


def test_suppress_switch_off(tmp_path, capsys, monkeypatch):
    """``DRIFTCHECK_NO_SUPPRESS_36=1``: the body is read as before, the Adam check fires."""
    _, shape, _ = MODELS["suppress_ok_adam"]
    path = write(MODELS, HEAD, "suppress_ok_adam", tmp_path)
    assert not blockers(path, shape, capsys)
    monkeypatch.setenv("DRIFTCHECK_NO_SUPPRESS_36", "1")
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    assert blockers(path, shape, capsys)
