"""Constructs of the fresh wild batch (issue #16, session 10), each in a small model built in real
torch on the meta device: the static ``params_total`` equals torch's count on the full install
(torch importable) and on the core install (no torch; ``benchmarks/installs.py``), or stays
honestly unknown where that is the point."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import textwrap

import pytest

from benchmarks import installs
from driftcheck.parsers.source import parse_source
from tests.conftest import ROOT
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="meta")


def core_count(path) -> int | None:
    p = subprocess.run(
        [sys.executable, "-c", installs.cli("core"), "check", str(path), "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert p.returncode in (0, 1), p.stderr
    return json.loads(p.stdout)["params_total"]


def both(tmp_path, src: str, core: bool = True) -> tuple[int | None, int | None, int]:
    """(full install's count, core install's count or None when not run, torch's count)."""
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(src))
    full = parse_source(f).params_total()
    return full, core_count(f) if core else None, torch_count(f)


# ------------------------------------------------------------------ inspect.isfunction
ISFUNCTION = """
from inspect import isfunction, ismethod
import torch
from torch import nn

def default(val, d):
    if val is not None:
        return val
    return d() if isfunction(d) else d

class Experts(nn.Module):
    def __init__(self, dim, n):
        super().__init__()
        self.w = nn.Parameter(torch.zeros(n, dim, dim))

class MoE(nn.Module):
    def __init__(self, dim, experts=None, act=nn.GELU, width=None):
        super().__init__()
        # a lambda is a function: default() calls it; a class is not: kept as is
        self.experts = default(experts, lambda: Experts(dim, 4))
        self.act = default(None, act)()
        self.proj = nn.Linear(dim, default(width, dim * 2))
        self.bound = nn.Linear(dim, 3 if ismethod(self.forward) else 5)
        self.unbound = nn.Linear(dim, 7 if isfunction(self.forward) else 2)
        self.cls = nn.Linear(dim, 1 if isfunction(Experts) else 6)

    def forward(self, x):
        return x

model = MoE(8)
"""


def test_isfunction_decides_default_helpers(tmp_path):
    full, core, want = both(tmp_path, ISFUNCTION)
    assert full == core == want == 4 * 64 + (8 * 16 + 16) + (8 * 3 + 3) + (8 * 2 + 2) + (8 * 6 + 6)


def test_isfunction_of_a_library_callable_is_unknown(tmp_path):
    # torch.sigmoid is a builtin function of torch: not a Python function; what a library's
    # callable is, is not read here -- unknown, never guessed
    full, _, want = both(
        tmp_path,
        """
        from inspect import isfunction
        import torch
        from torch import nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.l = nn.Linear(4, 3 if isfunction(torch.sigmoid) else 5)

        model = M()
        """,
        core=False,
    )
    assert want == 25 and full is None


# ------------------------------------------------------------------ hook handles
HOOKS = """
from torch import nn

def track(module):
    def hook(_, grad_in, grad_out):
        return None
    return module.register_full_backward_hook(hook)

class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.l = nn.Linear(dim, dim)
        self._handle = track(self)
        self._pre = self.l.register_forward_pre_hook(lambda m, a: None)
        self._post = self.register_forward_hook(lambda m, a, o: None)
        self._post.remove()

model = nn.Sequential(Block(8), nn.Linear(8, 2))
"""


def test_hook_handles_are_not_layers(tmp_path):
    full, core, want = both(tmp_path, HOOKS)
    assert full == core == want == 72 + 18


# ------------------------------------------------------------------ re.match, bool()
PREFIXED = """
import re
from torch import nn

def begins_with(prefix, s):
    return bool(re.match(f'^{prefix}', s))

def group_by_prefix(prefix, d):
    picked, rest = dict(), dict()
    for key in d.keys():
        (picked if begins_with(prefix, key) else rest)[key] = d[key]
    return dict(map(lambda kv: (kv[0][len(prefix):], kv[1]), tuple(picked.items()))), rest

class EncDec(nn.Module):
    def __init__(self, dim, **kwargs):
        super().__init__()
        enc, kwargs = group_by_prefix('enc_', kwargs)
        dec, kwargs = group_by_prefix('dec_', kwargs)
        self.enc = nn.Embedding(enc['num_tokens'], dim)
        self.dec = nn.Embedding(dec['num_tokens'], dim)
        m = re.search(r'(\\d+)x(\\d+)', 'patch_4x2')
        self.patch = nn.Linear(int(m.group(1)) * int(m.group(2)), dim)
        self.miss = nn.Linear(dim, 2 if re.fullmatch('a+', 'aab') else 3)

model = EncDec(8, enc_num_tokens=10, dec_num_tokens=20)
"""


def test_re_match_and_bool_of_a_match(tmp_path):
    full, core, want = both(tmp_path, PREFIXED)
    assert full == core == want == 80 + 160 + 8 * 8 + 8 + 27


# ------------------------------------------------------------------ locals()
LOCALS = """
from torch import nn

def split_prefix(prefix, d):
    picked = {k[len(prefix):]: v for k, v in d.items() if k.startswith(prefix)}
    return picked, {k: v for k, v in d.items() if not k.startswith(prefix)}

class CvT(nn.Module):
    def __init__(self, *, s1_dim=8, s1_kernel=3, s2_dim=16, s2_kernel=1, channels=3):
        super().__init__()
        kwargs = dict(locals())          # self, the arguments, and __class__ (super() is used)
        names = sorted(k for k in kwargs if not k.startswith('s'))
        dim = channels
        layers = []
        for prefix in ('s1', 's2'):
            cfg, kwargs = split_prefix(f'{prefix}_', kwargs)
            layers.append(nn.Conv2d(dim, cfg['dim'], cfg['kernel']))
            dim = cfg['dim']
        self.layers = nn.Sequential(*layers)
        self.n = nn.Linear(len(names), 1)   # ['__class__', 'channels']: 2

def outer(width):
    extra = 4
    def build():
        snapshot = locals()               # the free variable it reads, nothing unassigned
        later = 1
        return nn.Linear(len(snapshot) + width, extra + later)
    return build()

model = nn.Sequential(CvT(s1_dim=4), outer(5))
"""


def test_locals_snapshot_of_a_function(tmp_path):
    full, core, want = both(tmp_path, LOCALS)
    assert full == core == want == (3 * 4 * 9 + 4) + (4 * 16 + 16) + 3 + (7 * 5 + 5)


# ------------------------------------------------------------------ weight.shape
WEIGHT_SHAPE = """
from torch import nn

class ViT(nn.Module):
    def __init__(self, patch_dim=48, dim=32):
        super().__init__()
        self.to_patch = nn.Sequential(nn.LayerNorm(patch_dim), nn.Linear(patch_dim, dim))
        self.conv = nn.Conv2d(3, 6, (3, 5), groups=3, bias=False)
        self.up = nn.ConvTranspose1d(4, 6, 3, groups=2)
        self.emb = nn.Embedding(11, dim)

class MAE(nn.Module):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder
        out_w, in_w = encoder.to_patch[1].weight.shape
        c = encoder.conv.weight
        k = encoder.up.weight.size()
        self.to_pixels = nn.Linear(out_w, encoder.to_patch[1].weight.shape[-1])
        self.a = nn.Linear(c.size(1) * c.shape[-1] + c.ndim, c.numel() // 10)
        self.b = nn.Linear(k[0] + k[1] + encoder.up.bias.shape[0], encoder.emb.weight.size(-2))
        self.c = nn.Linear(encoder.to_patch[0].weight.numel(), in_w + encoder.up.weight.dim())

model = MAE(ViT())
"""


def test_layer_weight_shapes_are_torch_shapes(tmp_path):
    full, core, want = both(tmp_path, WEIGHT_SHAPE)
    assert full == core == want


def test_tied_weight_shape_stays_unknown(tmp_path):
    # after ``head.weight = emb.weight`` the head's weight is the embedding's: not read here
    full, _, want = both(
        tmp_path,
        """
        from torch import nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = nn.Embedding(10, 4)
                self.head = nn.Linear(4, 10, bias=False)
                self.head.weight = self.emb.weight
                self.out = nn.Linear(self.head.weight.shape[0], 2)

        model = M()
        """,
        core=False,
    )
    assert want == 40 + 22 and full is None


# ------------------------------------------------------------------ json.loads, yaml.safe_load
TEXTS = '''
import json
import yaml
from torch import nn

CFG = """
{"dim": 16, "depth": 2, "heads": [2, 4], "bias": false, "name": "tiny"}
"""
YML = """
n_embd: 8
layers:
  - {out: 4}
  - {out: 6}
bias: no
"""
cfg = json.loads(CFG)
y = yaml.safe_load(YML)
z = yaml.load("width: 3", Loader=yaml.SafeLoader)
layers = [nn.Linear(cfg["dim"], cfg["dim"] * h, bias=cfg["bias"]) for h in cfg["heads"]]
layers += [nn.Linear(y["n_embd"], l["out"], bias=y["bias"]) for l in y["layers"]]
layers.append(nn.Linear(z["width"], len(cfg["name"])))
model = nn.Sequential(*layers)
'''


def test_json_and_yaml_texts_are_parsed(tmp_path):
    full, core, want = both(tmp_path, TEXTS)
    assert full == core == want == 16 * 32 + 16 * 64 + 8 * 4 + 8 * 6 + 3 * 4 + 4


# ------------------------------------------------------------------ argparse
ARGPARSE = """
import argparse
from torch import nn

def get_args(argv=None):
    p = argparse.ArgumentParser(description="train")
    p.add_argument("--dim", type=int, default="24")          # a string default goes through type
    p.add_argument("--depth", type=int, default=2)
    p.add_argument("--no-bias", action="store_true")
    g = p.add_argument_group("head")
    g.add_argument("--num-classes", type=int, default=10)
    p.add_argument("--widths", type=int, nargs="+", default=[4, 6])
    p.set_defaults(depth=3)
    return p.parse_args([] if argv is None else argv)

args = get_args()
more, rest = argparse.ArgumentParser().parse_known_args(["--x", "1"])
over = get_args(["--dim", "8", "--no-bias", "--widths", "5"])
layers = [nn.Linear(args.dim, args.dim, bias=not args.no_bias) for _ in range(args.depth)]
layers += [nn.Linear(args.dim, w) for w in args.widths]
layers.append(nn.Linear(over.dim, over.widths[0] + len(rest), bias=not over.no_bias))
layers.append(nn.Linear(args.widths[-1], args.num_classes))
model = nn.Sequential(*layers)
"""


def test_argparse_defaults_and_known_argv(tmp_path):
    full, core, want = both(tmp_path, ARGPARSE)
    assert full == core == want == 3 * (24 * 24 + 24) + (24 * 4 + 4) + (24 * 6 + 6) + 8 * 7 + 70


def test_argparse_of_the_command_line_is_unknown(tmp_path):
    # ``parse_args()`` reads sys.argv: what a user passes is not known statically
    full, _, want = both(
        tmp_path,
        """
        import argparse
        from torch import nn

        p = argparse.ArgumentParser()
        p.add_argument("--dim", type=int, default=8)
        args, _ = p.parse_known_args()
        model = nn.Linear(args.dim, 2)
        """,
        core=False,
    )
    assert want == 18 and full is None


# ------------------------------------------------------------------ complex views
COMPLEX = """
import torch
from torch import nn

class S4DKernel(nn.Module):
    def __init__(self, h=6, n=8):
        super().__init__()
        C = torch.randn(h, n // 2, dtype=torch.cfloat)
        self.C = nn.Parameter(torch.view_as_real(C))          # (h, n/2, 2)
        self.B = nn.Parameter(torch.randn(h, n, dtype=torch.cfloat))   # complex: numel h*n
        self.back = nn.Parameter(torch.view_as_complex(torch.zeros(3, 5, 2)))

model = S4DKernel()
"""


def test_view_as_real_and_complex(tmp_path):
    full, core, want = both(tmp_path, COMPLEX)
    assert full == core == want == 6 * 4 * 2 + 6 * 8 + 15


# ------------------------------------------------------------------ inherited dataclass __init__
DATACLASS_SUB = """
import copy
from dataclasses import dataclass, field
from typing import Callable, Optional
from torch import nn

class Block(nn.Module):
    def __init__(self, cnf, p):
        super().__init__()
        self.l = nn.Linear(cnf.input_channels, cnf.out_channels)

@dataclass
class _Cfg:
    expand_ratio: float
    input_channels: int
    out_channels: int
    block: Callable[..., nn.Module]
    tags: list = field(default_factory=list)

class Fused(_Cfg):                       # torchvision's FusedMBConvConfig
    def __init__(self, expand_ratio, input_channels, out_channels, block=None):
        if block is None:
            block = Block
        super().__init__(expand_ratio, input_channels, out_channels, block)

class Plain(_Cfg):                       # no __init__: the dataclass's generated one runs
    pass

@dataclass(init=False)
class Manual(_Cfg):                      # init=False: the base's generated __init__ runs
    extra: int = 5

stages = [Fused(1, 8, 16), Plain(4, 16, 24, Block), Manual(2, 24, 4, Block)]
layers = []
for cnf in stages:
    c = copy.copy(cnf)
    layers.append(c.block(c, 0.1))
layers.append(nn.Linear(len(stages[1].tags) + 3, 2))
model = nn.Sequential(*layers)
"""


def test_subclass_of_a_dataclass_runs_its_generated_init(tmp_path):
    full, core, want = both(tmp_path, DATACLASS_SUB)
    assert full == core == want == (8 * 16 + 16) + (16 * 24 + 24) + (24 * 4 + 4) + 8
