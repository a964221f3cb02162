"""Session 34 (crashfix34b): crash fresh26's dev misses and false blockers. Each model here is
run by torch (construction and forward, CPU, seeded): a blocker exactly when torch raises."""

from __future__ import annotations

import runpy

import pytest

from tests.crash_rule_support import blockers, registrar, write

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)

# a container attribute filled by forward hooks (or forward itself) is not known empty
model(
    "hookdict_ok_closure",
    (2, 3, 8, 8),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stages = nn.ModuleList(nn.Conv2d(3, 3, 3, padding=1) for _ in range(2))
            self.features = {}
            for i, s in enumerate(self.stages):
                s.register_forward_hook(self.keep(i))

        def keep(self, i):
            def hook(module, inp, out):
                self.features[i] = out
            return hook

        def forward(self, x):
            for s in self.stages:
                x = s(x)
            return torch.cat([f.mean((2, 3)) for f in self.features.values()], 1)
    """,
)
model(
    "hookdict_ok_forward_write",
    (2, 4),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(4, 4)
            self.features = {}

        def forward(self, x):
            self.features["a"] = self.a(x)
            return torch.cat([f for f in self.features.values()], 1)
    """,
)
model(
    "hookdict_local_empty",  # a local the pass made: still known empty
    (2, 4),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(4, 4)

        def forward(self, x):
            feats = {}
            x = self.a(x)
            return torch.cat([f for f in feats.values()], 1)
    """,
)


# ModuleList.extend / ModuleList(...) given one module; ModuleDict.update / ModuleDict(...) given
# a sequence of modules (not (key, module) pairs)
CONT = """
class Expert(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return self.fc(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Expert(4)])
        self.heads = nn.ModuleDict()

    def forward(self, x):
        {}
        for b in self.blocks:
            x = b(x)
        return x
"""


def cont(name: str, stmt: str) -> None:
    model(name, (2, 4), CONT.replace("{}", stmt))


cont("ml_extend_module", "self.blocks.extend(Expert(4))")
cont("ml_extend_layer", "self.blocks.extend(nn.Linear(4, 4))")
cont("ml_ok_extend_list", "self.blocks.extend([Expert(4)])")
cont("ml_ok_extend_seq", "self.blocks.extend(nn.Sequential(nn.Linear(4, 4)))")
cont("ml_new_module", "self.blocks = nn.ModuleList(Expert(4))")
cont("ml_ok_new_list", "self.blocks = nn.ModuleList([Expert(4), Expert(4)])")
cont("md_update_list", "self.heads.update([nn.Linear(4, 2), nn.Linear(4, 3)])")
cont("md_update_comp", "self.heads.update([Expert(4) for _ in range(2)])")
cont("md_ok_update_pairs", "self.heads.update([(str(i), Expert(4)) for i in range(2)])")
cont("md_ok_update_dict", "self.heads.update({'a': Expert(4)})")
cont("md_new_list", "self.heads = nn.ModuleDict([Expert(4), Expert(4)])")
cont("md_update_module", "self.heads.update(Expert(4))")


# nn.init misuse in forward (a lazy first-call init)
INIT = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1, bias=False)
        self.fc = nn.Linear(4, 4)
        self.norm = nn.BatchNorm2d(4, affine=False)

    def forward(self, x):
        {}
        return self.fc(self.norm(self.conv(x)).mean((2, 3)))
"""


def init(name: str, stmt: str) -> None:
    model(name, (2, 3, 6, 6), INIT.replace("{}", stmt))


init("eye_conv", "nn.init.eye_(self.conv.weight)")
init("eye_ok_linear", "nn.init.eye_(self.fc.weight)")
init("eye_bias", "nn.init.eye_(self.fc.bias)")
init("dirac_linear", "nn.init.dirac_(self.fc.weight)")
init("dirac_ok_conv", "nn.init.dirac_(self.conv.weight)")
init("sparse_conv", "nn.init.sparse_(self.conv.weight, 0.5)")
init("orth_bias", "nn.init.orthogonal_(self.fc.bias)")
init("orth_gain_str", "nn.init.orthogonal_(self.fc.weight, gain='tanh')")
init("orth_ok_gain", "nn.init.orthogonal_(self.conv.weight, gain=nn.init.calculate_gain('tanh'))")
init("xavier_bias", "nn.init.xavier_uniform_(self.fc.bias)")
init("xavier_gain_str", "nn.init.xavier_normal_(self.fc.weight, gain='relu')")
init("xavier_ok", "nn.init.xavier_normal_(self.conv.weight, gain=2.0)")
init("kaiming_mode", "nn.init.kaiming_uniform_(self.fc.weight, mode='fan_avg')")
init("kaiming_ok_mode_case", "nn.init.kaiming_uniform_(self.fc.weight, mode='FAN_OUT')")
init("kaiming_nl", "nn.init.kaiming_normal_(self.conv.weight, nonlinearity='gelu')")
init("kaiming_ok_nl", "nn.init.kaiming_normal_(self.conv.weight, nonlinearity='selu')")
init("kaiming_bias", "nn.init.kaiming_normal_(self.fc.bias)")
init("gain_swish", "g = nn.init.calculate_gain('swish')")
init("gain_ok_conv_t", "g = nn.init.calculate_gain('conv_transpose2d')")
init("zeros_no_bias", "nn.init.zeros_(self.conv.bias)")
init("ones_no_affine", "nn.init.ones_(self.norm.weight)")
init("const_no_affine", "nn.init.constant_(self.norm.bias, 0.0)")
init("zeros_ok_bias", "nn.init.zeros_(self.fc.bias)")


# ``self.apply(fn)`` in forward: fn runs on every module, children first (isinstance decided)
APPLY = """
class Block(nn.Module):
    def __init__(self, bias):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 3, padding=1)
        self.fc = nn.Linear(3, 3, bias=bias)

    def forward(self, x):
        return self.fc(self.conv(x).mean((2, 3)))


class MyLinear(nn.Linear):
    pass


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Block(True)
        self.b = Block({bias})
        self.c = MyLinear(3, 3, bias={mybias})
        self.ready = False

    def init(self, m):
        {body}

    def forward(self, x):
        if not self.ready:
            self.apply(self.init)
            self.ready = True
        return self.c(self.a(x) + self.b(x))
"""


def apply(name: str, body: str, bias: str = "True", mybias: str = "True") -> None:
    src = APPLY.replace("{body}", body).replace("{bias}", bias).replace("{mybias}", mybias)
    model(name, (2, 3, 5, 5), src)


Z = "if isinstance(m, nn.Linear):\n            nn.init.zeros_(m.bias)"
apply("apply_zeros_no_bias", Z, bias="False")
apply("apply_zeros_subclass", Z, mybias="False")
apply("apply_ok_zeros", Z)
apply("apply_eye_conv", "if isinstance(m, nn.Conv2d):\n            nn.init.eye_(m.weight)")
apply("apply_ok_eye_linear", "if isinstance(m, nn.Linear):\n            nn.init.eye_(m.weight)")
apply(
    "apply_ok_tuple",
    "if isinstance(m, (nn.Linear, nn.Conv2d)):\n            nn.init.kaiming_normal_(m.weight)",
)
apply(
    "apply_tuple_bias",
    "if isinstance(m, (nn.Conv2d, nn.Linear)):\n            nn.init.constant_(m.bias, 0.0)",
    bias="False",
)


# torch.nn.utils.prune amounts (validated before anything else; an int above the size)
PRUNE = """
import torch.nn.utils.prune as prune


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 6)
        self.conv = nn.Conv2d(3, 4, 3)

    def forward(self, x):
        {}
        return self.fc(self.conv(x).mean((2, 3)))
"""


def prune(name: str, stmt: str) -> None:
    model(name, (2, 3, 5, 5), PRUNE.replace("{}", stmt))


prune("prune_percent", "prune.l1_unstructured(self.fc, 'weight', amount=30.0)")
prune("prune_ok_fraction", "prune.l1_unstructured(self.fc, 'weight', amount=0.3)")
prune("prune_ok_int", "prune.random_unstructured(self.fc, 'weight', 24)")
prune("prune_int_over", "prune.random_unstructured(self.fc, 'weight', 25)")
prune("prune_negative", "prune.l1_unstructured(self.conv, 'bias', amount=-0.1)")
prune("prune_neg_int", "prune.l1_unstructured(self.conv, 'bias', amount=-1)")
prune("prune_ok_one_float", "prune.l1_unstructured(self.conv, 'bias', amount=1.0)")
prune("prune_struct_over", "prune.ln_structured(self.conv, 'weight', amount=4, n=2, dim=1)")
prune("prune_ok_struct", "prune.ln_structured(self.conv, 'weight', amount=4, n=2, dim=0)")
prune("prune_rs_over", "prune.random_structured(self.fc, 'weight', 5, -1)")
prune("prune_ok_rs", "prune.random_structured(self.fc, 'weight', 4, -1)")
prune(
    "prune_global_over",
    "prune.global_unstructured([(self.fc, 'weight')], prune.L1Unstructured, amount=1.5)",
)
prune(
    "prune_ok_global",
    "prune.global_unstructured([(self.fc, 'weight')], prune.L1Unstructured, amount=0.5)",
)


# clip_grad_norm_'s norm_type read by float(); load_state_dict of what is no Mapping
STEP = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.twin = nn.Linear(4, 4)

    def forward(self, x):
        with torch.enable_grad():
            self.fc(x).square().mean().backward()
        {}
        return self.fc(x)
"""


def step(name: str, stmt: str) -> None:
    model(name, (2, 4), STEP.replace("{}", stmt))


step("clip_l2", "nn.utils.clip_grad_norm_(self.fc.parameters(), 1.0, norm_type='l2')")
step("clip_ok_inf", "nn.utils.clip_grad_norm_(self.fc.parameters(), 1.0, norm_type='inf')")
step("clip_ok_two", "nn.utils.clip_grad_norm_(self.fc.parameters(), 1.0, 2.0)")
step("clip_pos_name", "nn.utils.clip_grad_norm_(self.fc.parameters(), 1.0, 'fro')")
step("load_module", "self.twin.load_state_dict(self.fc)")
step("load_list", "self.twin.load_state_dict(list(self.fc.state_dict().values()))")
step("load_items", "self.twin.load_state_dict([(k, v) for k, v in self.fc.state_dict().items()])")
step("load_ok_dict", "self.twin.load_state_dict(dict(self.fc.state_dict().items()))")
step("load_ok_sd", "self.twin.load_state_dict(self.fc.state_dict())")


# the old weight_norm / spectral_norm hook API applied twice to one parameter
NORM = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(3, 4, 3, padding=1)
        self.post = nn.Conv1d(4, 4, 3, padding=1)
        {init}

    def forward(self, x):
        {body}
        return self.post(self.conv(x))
"""


def norm(name: str, init: str, body: str) -> None:
    model(name, (2, 3, 8), NORM.replace("{init}", init).replace("{body}", body))


WN = "nn.utils.weight_norm(self.conv)"
SN = "nn.utils.spectral_norm(self.conv)"
norm("wn_init_then_fwd", WN, WN)
norm("wn_fwd_twice", "pass", f"{WN}\n        {WN}")
norm("wn_ok_other_layer", WN, "nn.utils.weight_norm(self.post)")
norm("wn_ok_other_name", WN, "nn.utils.weight_norm(self.conv, name='bias')")
norm("wn_ok_removed", WN, f"nn.utils.remove_weight_norm(self.conv)\n        {WN}")
norm("wn_ok_undecided", f"if len(str(self)) > 10 ** 6:\n            {WN}", WN)
norm("sn_init_then_fwd", SN, SN)
RW = "nn.utils.remove_weight_norm(self.post)"
norm("rm_wn_never", WN, RW)
norm("rm_ok_wn_init", "nn.utils.weight_norm(self.post)", RW)
norm("rm_ok_wn_fwd", "pass", f"nn.utils.weight_norm(self.post)\n        {RW}")
norm("rm_sn_of_wn", "nn.utils.weight_norm(self.post)", "nn.utils.remove_spectral_norm(self.post)")
norm(
    "rm_ok_undecided",
    "if len(str(self)) < 10 ** 6:\n            nn.utils.weight_norm(self.post)",
    RW,
)
norm(
    "rm_ok_unread_module",
    "nn.utils.weight_norm(getattr(self, 'post' if len(str(self)) < 10 ** 6 else 'conv'))",
    RW,
)


# forward hooks and pre-hooks called by torch with (module, args[, kwargs], output)
HOOK = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.seen = []
        self.fc.{reg}

    def tap(self, {params}):
        self.seen.append(1)

    def forward(self, x):
        return self.fc(x)
"""


def hook(name: str, reg: str, params: str) -> None:
    model(name, (2, 4), HOOK.replace("{reg}", reg).replace("{params}", params))


FH, PH = "register_forward_hook(self.tap", "register_forward_pre_hook(self.tap"
hook("hook_ok_three", f"{FH})", "m, a, o")
hook("hook_kwargs_three", f"{FH}, with_kwargs=True)", "m, a, o")
hook("hook_ok_kwargs_four", f"{FH}, with_kwargs=True)", "m, a, k, o")
hook("hook_two", f"{FH})", "m, o")
hook("hook_ok_star", f"{FH}, with_kwargs=True)", "m, *rest")
hook("hook_ok_default", f"{FH})", "m, a, o, extra=None")
hook("pre_ok_two", f"{PH})", "m, a")
hook("pre_three", f"{PH})", "m, a, o")
hook("pre_ok_kwargs", f"{PH}, with_kwargs=True)", "m, a, k")
hook("hook_kwonly", f"{FH})", "m, a, o, *, scale")


def _torch_crashes(path, shape) -> bool:
    """True when building the file's ``Net()`` or its forward on a seeded input raises."""
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    try:
        net = runpy.run_path(str(path), run_name="__crash34b__")["Net"]()
        net(torch.randn(shape))
    except Exception:  # noqa: BLE001 - any error construction or forward raises
        return True
    return False


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, _ = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = _torch_crashes(path, shape)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)
    if crashes:
        assert any(loc.get("line") for f in found for loc in f.get("locations", [])), found
