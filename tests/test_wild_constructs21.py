"""Session 21 (burnwild21, issue #16): the constructs behind the confident wrong counts of the
burned held-out parts of fresh11..fresh14 (benchmarks/wild/build_truth.BURNED), each with the
variants of its family, counted both ways: statically and in real torch (CPU).

- ``set_submodule`` / ``get_submodule`` on dotted paths (interp/submodpath.py): the call did
  nothing, the swapped layer stayed (fresh13 ``set_submodule_dotted_paths``);
- ``exec`` reaching a ``global`` model (interp/exectext.py): a text known statically run in the
  module's globals, an unknown text leaving every module it can reach unresolved (fresh11's
  torchbnn ``nonbayes_to_bayes``); and statements after ``model = ...`` that reach the model
  through the module's own functions or ``globals()`` (interp/postbuild.py ``reach``);
- ``vars(namespace)`` / ``ns.__dict__`` are the live namespace (fresh11
  ``argparse_defaults_lstm_tagger``: ``vars(args).update(layers=2)``);
- a Parameter's conversions (library/paramconv.py): ``p.to(device=None)`` is ``p`` itself, still
  registered (fresh13's torch_uncertainty ``Mask1d``); a conversion that may copy is unknown;
- a config class's own ``__post_init__`` pops a keyword before ``PreTrainedConfig`` sees it
  (interp/configs.py; fresh14's chronos T5: ``T5Config(tie_word_embeddings=False)`` still ties).

Every variant's expected count is torch's, computed here; an unknown is asserted only where the
value depends on what the interpreter does not track (a dtype, strides, a text not known).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")


def _write(tmp_path: Path, code: str) -> Path:
    f = tmp_path / "m.py"
    f.write_text(code.lstrip())
    return f


def exact(tmp_path: Path, code: str) -> int:
    f = _write(tmp_path, code)
    want = torch_count(f)
    assert parse_source(f).params_total() == want
    return want


def unknown(tmp_path: Path, code: str) -> list[str]:
    f = _write(tmp_path, code)
    assert torch_count(f) > 0
    g = parse_source(f)
    assert g.params_total() is None
    return [u for n in g.nodes for u in n.unresolved] + g.notes


SET_SUBMODULE = {
    "ss_dict": r"""
import torch
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
        self.md = nn.ModuleDict({"x": nn.Linear(4, 2), "y": nn.Conv1d(4, 4, 3)})
        self.ml = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])


model = B()

model.set_submodule("md.y", nn.Linear(4, 100))
""",
    "ss_list_strict": r"""
import torch
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
        self.md = nn.ModuleDict({"x": nn.Linear(4, 2), "y": nn.Conv1d(4, 4, 3)})
        self.ml = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])


model = B()

model.set_submodule("ml.2", nn.Linear(4, 100), strict=True)
""",
    "ss_kw": r"""
import torch
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
        self.md = nn.ModuleDict({"x": nn.Linear(4, 2), "y": nn.Conv1d(4, 4, 3)})
        self.ml = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])


model = B()

model.set_submodule(target="seq.0", module=nn.Linear(4, 8, bias=False))
""",
    "ss_identity": r"""
import torch
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
        self.md = nn.ModuleDict({"x": nn.Linear(4, 2), "y": nn.Conv1d(4, 4, 3)})
        self.ml = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])


model = B()

model.set_submodule("a", nn.Identity())
""",
    "ss_loop": r"""
import torch
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
        self.md = nn.ModuleDict({"x": nn.Linear(4, 2), "y": nn.Conv1d(4, 4, 3)})
        self.ml = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])


model = B()

for n, _ in list(model.named_modules()):
    if n.endswith("0"):
        model.set_submodule(n, nn.Linear(4, 8, bias=False))
""",
    "ss_nested_new": r"""
import torch
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
        self.md = nn.ModuleDict({"x": nn.Linear(4, 2), "y": nn.Conv1d(4, 4, 3)})
        self.ml = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])


model = B()

model.seq.set_submodule("2", nn.Linear(8, 40))
model.set_submodule("new", nn.Linear(2, 2))
""",
}


EXEC_KNOWN = {
    "ex_deepcopy_global": r"""
import copy
import torch.nn as nn


def convert(local_model, inplace=True):
    global model
    if inplace:
        model = local_model
    else:
        model = copy.deepcopy(local_model)
    for name, m in model.named_children():
        s = "model." + name + " = nn.Linear(" + str(m.in_features) + ", 7)"
        exec(s, globals())
    return model


class P(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 4)


model = convert(P(), inplace=False)
""",
    "ex_globals_known": r"""
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


model = B()

def f():
    exec("model.seq[0] = nn.Linear(4, 8, bias=False)", globals())
f()
""",
    "ex_module_known": r"""
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


model = B()

exec("model.extra = nn.Linear(3, 3)")
""",
    "ev_add": r"""
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


model = B()

eval("model.add_module(\"z\", nn.Linear(2, 2))")
""",
}


EXEC_UNKNOWN = {
    "ex_deepcopy_repr": r"""
import copy
import torch.nn as nn
from torch.nn import Linear  # noqa: F401  (the repr names it)


def convert(local_model, inplace=True):
    global model
    if inplace:
        model = local_model
    else:
        model = copy.deepcopy(local_model)
    for name, m in model.named_children():
        s = "model." + name + " = " + str(m)
        exec(s, globals())
    return model


class P(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 4)


model = convert(P(), inplace=False)
""",
    "ex_globals_unknown": r"""
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


model = B()

def f(name):
    exec("model." + name + " = nn.Linear(4, 40)", globals())
f(str(model.a)[:1].lower())
""",
    "ex_list_local": r"""
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


model = B()

def swap(holder):
    exec(str(holder[0]).replace("Linear(", "holder[0].extra = nn.Linear("))
swap([model.a])
""",
    "ex_module_repr": r"""
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


model = B()

exec(str(model.a).replace("Linear", "model.b = nn.Linear"))
""",
}


GLOBAL_REACH = {
    "gl_func_patch": r"""
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


model = B()

def patch():
    model.extra = nn.Linear(3, 3)


patch()
""",
    "gl_func_rebind": r"""
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


model = B()

def patch():
    global model
    model = nn.Sequential(model, nn.Linear(4, 3))


patch()
""",
    "gl_method_patch": r"""
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


model = B()

class Patcher:
    def run(self):
        model.seq.append(nn.Linear(4, 9))


Patcher().run()
""",
    "gl_globals_dict": r"""
import torch.nn as nn


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


model = B()

g = globals()
g["model"].extra = nn.Linear(3, 3)
""",
}


VARS = {
    "va_update": r"""
import argparse
import types

import torch.nn as nn


class M(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a.d, a.d) for _ in range(a.n))


p = argparse.ArgumentParser()
p.add_argument("--d", type=int, default=4)
p.add_argument("--n", type=int, default=1)
args = p.parse_args([])
vars(args).update(n=3)
model = M(args)
""",
    "va_setitem": r"""
import argparse
import types

import torch.nn as nn


class M(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a.d, a.d) for _ in range(a.n))


p = argparse.ArgumentParser()
p.add_argument("--d", type=int, default=4)
p.add_argument("--n", type=int, default=1)
args = p.parse_args([])
vars(args)["d"] = 8
model = M(args)
""",
    "va_dunder_update": r"""
import argparse
import types

import torch.nn as nn


class M(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a.d, a.d) for _ in range(a.n))


p = argparse.ArgumentParser()
p.add_argument("--d", type=int, default=4)
p.add_argument("--n", type=int, default=1)
args = p.parse_args([])
args.__dict__.update({"n": 2, "d": 6})
model = M(args)
""",
    "va_alias": r"""
import argparse
import types

import torch.nn as nn


class M(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a.d, a.d) for _ in range(a.n))


p = argparse.ArgumentParser()
p.add_argument("--d", type=int, default=4)
p.add_argument("--n", type=int, default=1)
args = p.parse_args([])
cfg = vars(args)
cfg.setdefault("n", 5)
cfg["n"] += 1
model = M(args)
""",
    "va_simplens": r"""
import argparse
import types

import torch.nn as nn


class M(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a.d, a.d) for _ in range(a.n))


a = types.SimpleNamespace(d=4, n=1)
vars(a).update(n=4)
model = M(a)
""",
    "va_copy_ns": r"""
import argparse
import types

import torch.nn as nn


class M(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a.d, a.d) for _ in range(a.n))


p = argparse.ArgumentParser()
p.add_argument("--d", type=int, default=4)
p.add_argument("--n", type=int, default=1)
args = p.parse_args([])
ns = argparse.Namespace(**vars(args))
vars(ns)["n"] = 7
model = M(args)
""",
    "va_dict_copy": r"""
import argparse
import types

import torch.nn as nn


class M(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a.d, a.d) for _ in range(a.n))


p = argparse.ArgumentParser()
p.add_argument("--d", type=int, default=4)
p.add_argument("--n", type=int, default=1)
args = p.parse_args([])
d = dict(vars(args))
d["n"] = 7
model = M(args)
""",
    "va_pop": r"""
import argparse
import types

import torch.nn as nn


class M(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a.d, a.d) for _ in range(a.n))


p = argparse.ArgumentParser()
p.add_argument("--d", type=int, default=4)
p.add_argument("--n", type=int, default=1)
args = p.parse_args([])
vars(args).pop("n")
args.n = 2
model = M(args)
""",
    "va_plainobj": r"""
import argparse
import types

import torch.nn as nn


class M(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a.d, a.d) for _ in range(a.n))


class Cfg:
    def __init__(self):
        self.d = 4
        self.n = 1
c = Cfg()
vars(c).update(n=3)
model = M(c)
""",
}


PARAM_SAME = {
    # dtype casts are decided by the tracked dtype (session 22, library/paramconv.py)
    "pt_to_torch_float32": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).to(torch.float32)


model = M()
""",
    "pt_half": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).half()


model = M()
""",
    # the dtype is tracked (session 22, library/paramconv.py): float() of a float32
    # Parameter is the Parameter itself
    "pt_float": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).float()


model = M()
""",
    "pt_to": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).to()


model = M()
""",
    "pt_to_device_one": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).to(device=None)


model = M()
""",
    "pt_to_device_dev": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).to(device=dev)


model = M()
""",
    "pt_to_dtype_one": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).to(dtype=None)


model = M()
""",
    "pt_data": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).data


model = M()
""",
    "pt_to_copy_rue": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).to(copy=True)


model = M()
""",
    "pt_requires_grad__alse": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).requires_grad_(False)


model = M()
""",
    "pt_detach": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).detach()


model = M()
""",
}


PARAM_MAYBE = {
    "pt_cpu": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).cpu()


model = M()
""",
    "pt_contiguous": r"""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, dev=None):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.zeros(3, 4)).contiguous()


model = M()
""",
}


CONFIG = {
    "cf_umt5": r"""
from transformers import UMT5Config, UMT5ForConditionalGeneration

model = UMT5ForConditionalGeneration(UMT5Config(d_model=32, d_kv=8, d_ff=64, num_layers=1, num_heads=4, vocab_size=128, decoder_start_token_id=0, tie_word_embeddings=False))
""",
    "cf_t5_enc": r"""
from transformers import T5Config, T5EncoderModel

model = T5EncoderModel(T5Config(d_model=32, d_kv=8, d_ff=64, num_layers=1, num_heads=4, vocab_size=128, decoder_start_token_id=0, tie_word_embeddings=False, feed_forward_proj="gated-gelu"))
""",
    "cf_t5_attrs": r"""
from transformers import T5Config
import torch.nn as nn

cfg = T5Config(d_model=8, tie_word_embeddings=False)
model = nn.Linear(2, 1 + int(cfg.scale_decoder_outputs) + 2 * int(hasattr(cfg, "tie_word_embeddings")) + 4 * int(cfg.tie_word_embeddings))
""",
    "cf_t5_tied": r"""
from transformers import T5Config, T5ForConditionalGeneration

model = T5ForConditionalGeneration(T5Config(d_model=32, d_kv=8, d_ff=64, num_layers=1, num_heads=4, vocab_size=128, decoder_start_token_id=0, tie_word_embeddings=True))
""",
    "cf_mt5": r"""
from transformers import MT5Config, MT5ForConditionalGeneration

model = MT5ForConditionalGeneration(MT5Config(d_model=32, d_kv=8, d_ff=64, num_layers=1, num_heads=4, vocab_size=128, decoder_start_token_id=0, tie_word_embeddings=False))
""",
    "cf_lfm2": r"""
from transformers import Lfm2Config, Lfm2ForCausalLM

model = Lfm2ForCausalLM(Lfm2Config(vocab_size=128, hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, full_attn_idxs=[1], tie_embedding=False))
""",
}


@pytest.mark.parametrize("name", sorted(SET_SUBMODULE))
def test_set_submodule_on_dotted_paths(tmp_path, name):
    exact(tmp_path, SET_SUBMODULE[name])


def test_get_submodule_sizes_a_layer(tmp_path):
    exact(
        tmp_path,
        """
import torch.nn as nn


class Stage(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c + 1, 3)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.Sequential(Stage(4), Stage(6))


model = Net()
old = model.get_submodule("stages.1.conv")
model.set_submodule("stages.1.conv", nn.Conv2d(old.in_channels, old.out_channels, 1))
model.head = nn.Linear(model.get_submodule("stages.0").conv.out_channels, 2)
""",
    )


def test_set_submodule_on_an_unknown_path_is_unknown(tmp_path):
    notes = unknown(
        tmp_path,
        """
import sys

import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 4))
model.set_submodule(str(len(sys.argv) - 1), nn.Linear(4, 40))
""",
    )
    assert any("set_submodule at m.py:6" in n for n in notes)


@pytest.mark.parametrize("name", sorted(EXEC_KNOWN))
def test_exec_of_a_known_text_in_the_module_globals(tmp_path, name):
    exact(tmp_path, EXEC_KNOWN[name])


@pytest.mark.parametrize("name", sorted(EXEC_UNKNOWN))
def test_exec_of_an_unknown_text_leaves_what_it_reaches_unresolved(tmp_path, name):
    notes = unknown(tmp_path, EXEC_UNKNOWN[name])
    assert any("exec() at m.py:" in n and "not known statically" in n for n in notes)


@pytest.mark.parametrize("name", sorted(GLOBAL_REACH))
def test_statements_reaching_the_model_through_own_functions(tmp_path, name):
    exact(tmp_path, GLOBAL_REACH[name])


@pytest.mark.parametrize("name", sorted(VARS))
def test_vars_of_a_namespace_is_live(tmp_path, name):
    exact(tmp_path, VARS[name])


@pytest.mark.parametrize("name", sorted(PARAM_SAME))
def test_parameter_conversions_known_to_keep_or_drop_it(tmp_path, name):
    exact(tmp_path, PARAM_SAME[name])


@pytest.mark.parametrize("name", sorted(PARAM_MAYBE))
def test_parameter_conversions_that_may_copy_are_unknown(tmp_path, name):
    notes = unknown(tmp_path, PARAM_MAYBE[name])
    assert any("the Parameter itself or a converted copy" in n and "m.py:" in n for n in notes)


@pytest.mark.parametrize("name", sorted(CONFIG))
def test_config_post_init_pops_a_keyword(tmp_path, name):
    pytest.importorskip("transformers")
    exact(tmp_path, CONFIG[name])
