"""The same answer in every install (issue #17): ``driftcheck compare`` on the core install
(no torch; transformers present as the source the static route reads, never imported) gives
exactly the findings of the full install, on planted drifts in a fork of transformers' Llama
file and on the README's example.

The core install is simulated by ``benchmarks/installs.py`` (as ``tests/test_no_torch.py``
does), with a meta-path finder in a subprocess: ``torch`` is not installed at all;
``transformers`` can be *found* (``importlib.util.find_spec``, which the static route uses to
locate its source) but any import of it fails and is recorded, and the run then exits 3.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import installs
from tests.conftest import ROOT


def run_core(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", installs.cli("core"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


LLAMA = {
    "model_type": "llama",
    "architectures": ["LlamaModel"],
    "hidden_size": 64,
    "intermediate_size": 128,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "vocab_size": 256,
    "max_position_embeddings": 128,
    "rms_norm_eps": 1e-6,
}
PLANTED = {  # one config read of modeling_llama.py replaced by a literal, as bench_drift does
    "heads": ("config.hidden_size, config.num_attention_heads * self.head_dim",
              "config.hidden_size, 8 * self.head_dim"),
    "kv_heads": ("config.hidden_size, config.num_key_value_heads * self.head_dim",
                 "config.hidden_size, 4 * self.head_dim"),
    "layers": ("for layer_idx in range(config.num_hidden_layers)", "for layer_idx in range(3)"),
    "ffn": ("self.intermediate_size = config.intermediate_size", "self.intermediate_size = 96"),
    "vocab": ("nn.Embedding(config.vocab_size,", "nn.Embedding(300,"),
    "eps": ("LlamaRMSNorm(config.hidden_size, eps=config.rms_norm_eps)\\n\\n",
            "LlamaRMSNorm(config.hidden_size, eps=1e-5)\\n\\n"),
}  # fmt: skip


def _mirror(tmp: Path) -> Path:
    """A transformers tree of symlinks with a real ``models/llama`` directory, so a modified
    copy of ``modeling_llama.py`` resolves its relative imports as the original does."""
    from driftcheck.parsers import hf_registry as reg

    pkg = reg.package_dir()
    root = tmp / "transformers"
    root.mkdir(parents=True)
    for e in pkg.iterdir():
        if e.name != "models":
            (root / e.name).symlink_to(e)
    (root / "models").mkdir()
    for e in (pkg / "models").iterdir():
        if e.name != "llama":
            (root / "models" / e.name).symlink_to(e)
    (root / "models" / "llama").mkdir()
    for e in (pkg / "models" / "llama").iterdir():
        if e.name != "modeling_llama.py":
            (root / "models" / "llama" / e.name).symlink_to(e)
    return root / "models" / "llama"


@pytest.fixture(scope="module")
def forks(tmp_path_factory) -> dict[str, tuple[str, str]]:
    from driftcheck.parsers import hf_registry as reg

    tmp = tmp_path_factory.mktemp("forks")
    original = (reg.package_dir() / "models" / "llama" / "modeling_llama.py").read_text()
    cfg = tmp / "config.json"
    cfg.write_text(json.dumps(LLAMA))
    out = {}
    for name, (old, new) in PLANTED.items():
        old, new = old.replace("\\n", "\n"), new.replace("\\n", "\n")
        assert old in original, name
        folder = _mirror(tmp / name)
        fork = folder / "modeling_llama.py"
        fork.write_text(original.replace(old, new, 1))
        out[name] = (str(fork), str(cfg))
    return out


def run_full(*args: str) -> subprocess.CompletedProcess:
    """The full install (torch and transformers importable), in this process."""
    import contextlib
    import io

    from driftcheck.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(list(args))
    return subprocess.CompletedProcess(args, rc, out.getvalue(), err.getvalue())


def _report(r: subprocess.CompletedProcess) -> tuple[int, list]:
    assert r.returncode in (0, 1), r.stderr
    data = json.loads(r.stdout)
    return r.returncode, [
        (f["check_id"], f["severity"], f["message"], json.dumps(f.get("values"), sort_keys=True))
        for f in data["findings"]
    ]


@pytest.mark.parametrize("drift", sorted(PLANTED))
def test_planted_fork_drift_same_findings_core_and_full(forks, drift):
    fork, cfg = forks[drift]
    full = _report(run_full("compare", fork, cfg, "--format", "json"))
    core = _report(run_core("compare", fork, cfg, "--format", "json"))
    assert any(sev != "info" for _, sev, _, _ in full[1]), full  # found (eps: minor, rc 0)
    assert core == full


def test_readme_example_same_findings_core_and_full():
    drift = ROOT / "examples" / "drift"
    args = ("compare", str(drift / "bert-base-uncased.config.json"),
            str(drift / "tiny_encoder.py"), "--format", "json")  # fmt: skip
    full, core = _report(run_full(*args)), _report(run_core(*args))
    assert full[0] == 1 and len(full[1]) == 2  # the README's 2 major findings
    assert core == full


TORCH_LAYERS = '''
import torch
from torch import nn

EPS = 1e-6


class LayerNorm2d(nn.LayerNorm):
    """A torch layer subclass with a forward of its own that calls the layer's."""

    def forward(self, x):
        return super().forward(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)


class ScaledEmbedding(nn.Embedding):
    def __init__(self, num, dim):
        super().__init__(num, dim, padding_idx=0)


class Frozen(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("scale", torch.ones(n))


def replace_batch_norm(model):
    for name, module in model.named_children():
        if isinstance(module, nn.BatchNorm2d):  # a Conv2d is not one: torch's MROs decide
            setattr(model, name, Frozen(module.num_features))
        else:
            replace_batch_norm(module)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = nn.Sequential(nn.Conv2d(3, 3, 1), nn.BatchNorm2d(3), nn.Conv2d(3, 3, 1))
        replace_batch_norm(self)
        self.stem = nn.Conv2d(3, 16, 4, stride=4)
        self.norm = LayerNorm2d(16, eps=EPS)
        self.emb = ScaledEmbedding(50, 16)
        self.lstm = nn.LSTM(16, 24, 2)
        self.gru = nn.GRU(24, 8, 1, True, True, 0.0, True)
        self.rnn = nn.RNN(16, 8, 1, "relu")

    def forward(self, x, ids):
        y = self.norm(self.stem(self.block(x)))
        h, _ = self.lstm(self.emb(ids))
        g, _ = self.gru(h)
        r, _ = self.rnn(self.emb(ids))
        return y, g, r


model = M()
'''


def test_torch_layers_and_subclasses_same_graph_core_and_full(tmp_path):
    """RNN/LSTM/GRU with positional arguments (torch's ``__init__(*args, **kwargs)`` behind
    ``@overload``s), subclasses of torch layers and ``isinstance`` against torch layer classes
    give the same graph with and without torch, and torch's own count."""
    import runpy

    import torch

    f = tmp_path / "layers.py"
    f.write_text(TORCH_LAYERS)
    with torch.device("meta"):
        want = sum(p.numel() for p in runpy.run_path(str(f))["model"].parameters())
    full = run_full("graph", str(f), "--format", "json")
    core = run_core("graph", str(f), "--format", "json")
    assert full.returncode == 0 and core.returncode == 0, full.stderr + core.stderr
    g_full, g_core = json.loads(full.stdout), json.loads(core.stdout)
    for g in (g_full, g_core):
        g["origin"].pop("detail")  # lines read: torch's source on the full install only
    assert g_full["params_total"] == want
    assert g_core == g_full
    types = {n["type"] for n in g_full["nodes"]}
    assert {"LSTM", "GRU", "RNN", "LayerNorm"} <= types


DISCARDED_ARGS = '''
from torch import nn


class Attention(nn.Module):
    """smp's decoder attention: ``nn.Identity(**params)`` when no attention is asked for."""

    def __init__(self, name, **params):
        super().__init__()
        if name is None:
            self.attention = nn.Identity(**params)
        else:
            self.attention = nn.Linear(params["in_channels"], 4)

    def forward(self, x):
        return self.attention(x)


class PassThrough(nn.Identity):
    def __init__(self, width):
        super().__init__(width, scale=2.0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.attn = Attention(None, in_channels=8)
        self.keep = nn.Identity(3, 4, foo="x")
        self.sub = PassThrough(8)

    def forward(self, x):
        return self.sub(self.keep(self.attn(self.proj(x))))


model = M()
'''


def test_identity_discards_its_arguments_core_and_full(tmp_path):
    """``nn.Identity(in_channels=64)``: torch's ``__init__(self, *args, **kwargs)`` drops the
    arguments unread. Without torch the shipped table says so (``discards_extra``); the count is
    torch's and the graph the full install's (before: unknown on the core install)."""
    import runpy

    import torch

    f = tmp_path / "identity.py"
    f.write_text(DISCARDED_ARGS)
    with torch.device("meta"):
        want = sum(p.numel() for p in runpy.run_path(str(f))["model"].parameters())
    full = run_full("graph", str(f), "--format", "json")
    core = run_core("graph", str(f), "--format", "json")
    assert full.returncode == 0 and core.returncode == 0, full.stderr + core.stderr
    g_full, g_core = json.loads(full.stdout), json.loads(core.stdout)
    for g in (g_full, g_core):
        g["origin"].pop("detail")
    assert g_full["params_total"] == want == 72
    assert g_core == g_full
    assert [n["type"] for n in g_core["nodes"]].count("Identity") >= 2


FEATURE_TESTS = """
import torch
import torch.nn.functional as F
from torch import nn

# timm's activation tables: a native torch layer when this torch has it, else a fallback
_has_hardswish = "hardswish" in dir(torch.nn.functional)
_has_nothing = "no_such_function" in dir(F)


class Fallback(nn.Module):
    def __init__(self, n=16):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return x * self.scale


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Hardswish() if _has_hardswish else Fallback(16)
        self.b = nn.Identity() if not _has_nothing else Fallback(32)
        self.c = nn.SiLU() if hasattr(F, "silu") else Fallback(64)
        self.d = Fallback(8) if hasattr(nn, "no_such_attribute") else nn.ReLU()
        self.e = nn.Linear(16, 16) if hasattr(nn, "functional") else Fallback(128)

    def forward(self, x):
        return self.e(self.d(self.c(self.b(self.a(x)))))


model = M()
"""


def test_feature_tests_of_torch_modules_same_answer_core_and_full(tmp_path):
    """``'hardswish' in dir(torch.nn.functional)`` and ``hasattr(F, 'silu')`` without torch:
    the shipped ``dir()`` of torch, torch.nn and torch.nn.functional answers as torch does
    (before: unknown on the core install, timm's LeViT and MobileNetV3 activations)."""
    import runpy

    import torch

    f = tmp_path / "features.py"
    f.write_text(FEATURE_TESTS)
    with torch.device("meta"):
        want = sum(p.numel() for p in runpy.run_path(str(f))["model"].parameters())
    full = run_full("graph", str(f), "--format", "json")
    core = run_core("graph", str(f), "--format", "json")
    assert full.returncode == 0 and core.returncode == 0, full.stderr + core.stderr
    g_full, g_core = json.loads(full.stdout), json.loads(core.stdout)
    assert want == 16 * 16 + 16
    assert g_core["params_total"] == want
    assert g_full["params_total"] == want
