"""The unused-layer note (SML002) against torch: a layer the analyzer calls unused must be one
torch never calls under ANY of the inputs the model accepts, and one that really is never
called must still be reported.

Each model below is built in torch on CPU and run once per input combination (optional inputs
given or left out) with forward hooks on every leaf module; a module counts as used when some
run called it, or when its weight is the same Parameter as a called module's (tied: it is
trained and saved through that module). The static graph's "unused in forward" notes must be
exactly the leaves no run used.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
import torch

from driftcheck.parsers.source import parse_source

BRANCH = """\
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.image_proj = nn.Linear(4, 8)  # only when an image is given
        self.forgotten = nn.LayerNorm(8)  # never called

    def forward(self, x, image=None):
        h = self.fc(x)
        if image is not None:
            h = h + self.encode(image)
        return h

    def encode(self, image):
        return self.image_proj(image)
"""

TIED = """\
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(10, 8)  # never called; its weight is enc_emb's
        self.enc_emb = nn.Embedding(10, 8)
        self.enc_emb.weight = self.shared.weight
        self.out = nn.Linear(8, 3)

    def forward(self, ids):
        return self.out(self.enc_emb(ids))
"""

TIED_BRANCH = """\
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.patch_embed = nn.Linear(4, 8)  # never called; shares its weights with enc_patch
        self.enc_patch = nn.Linear(4, 8)
        self.enc_patch.weight = self.patch_embed.weight
        self.enc_patch.bias = self.patch_embed.bias

    def forward(self, x, image=None):
        h = self.fc(x)
        if image is not None:  # enc_patch (and through it patch_embed) runs with an image
            h = h + self.enc_patch(image)
        return h
"""

ZIPPED = """\
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.ModuleList([nn.Conv1d(4, 4, 3, dilation=d, padding=d) for d in (1, 3, 5)])
        self.b = nn.ModuleList([nn.Conv1d(4, 4, 3, padding=1) for _ in range(3)])

    def forward(self, x):
        for c1, c2 in zip(self.a, self.b):
            x = c2(c1(x)) + x
        return x
"""

HF_EMBEDDINGS = """\
import torch.nn as nn
from transformers import PreTrainedConfig, PreTrainedModel


class TinyText(PreTrainedModel):
    config_class = PreTrainedConfig

    def __init__(self, config):
        super().__init__(config)
        self.embed_tokens = nn.Embedding(10, 8)
        self.norm = nn.LayerNorm(8)

    def forward(self, input_ids=None, inputs_embeds=None):
        if inputs_embeds is None:
            inputs_embeds = self.embed_tokens(input_ids)
        return self.norm(inputs_embeds)


class TinyMultimodal(PreTrainedModel):
    config_class = PreTrainedConfig

    def __init__(self, config):
        super().__init__(config)
        self.language_model = TinyText(config)
        self.vision = nn.Linear(4, 8)

    def forward(self, input_ids, pixel_values=None):
        embeds = self.get_input_embeddings()(input_ids)
        if pixel_values is not None:
            embeds = embeds + self.vision(pixel_values)
        return self.language_model(inputs_embeds=embeds)
"""

CASES = {
    # name: (source, class, input combinations as {arg: tensor factory})
    "branch": (
        BRANCH,
        "Net",
        [
            {"x": lambda: torch.randn(2, 8)},
            {"x": lambda: torch.randn(2, 8), "image": lambda: torch.randn(2, 4)},
        ],
    ),
    "tied": (TIED, "Net", [{"ids": lambda: torch.tensor([[1, 2, 3]])}]),
    "zipped": (ZIPPED, "Net", [{"x": lambda: torch.randn(1, 4, 16)}]),
    "tied_branch": (
        TIED_BRANCH,
        "Net",
        [
            {"x": lambda: torch.randn(2, 8)},
            {"x": lambda: torch.randn(2, 8), "image": lambda: torch.randn(2, 4)},
        ],
    ),
    "hf_embeddings": (
        HF_EMBEDDINGS,
        "TinyMultimodal",
        [
            {"input_ids": lambda: torch.tensor([[1, 2]])},
            {
                "input_ids": lambda: torch.tensor([[1, 2]]),
                "pixel_values": lambda: torch.randn(1, 2, 4),
            },
        ],
    ),
}


def _import(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def _torch_unused(model: torch.nn.Module, inputs: list[dict]) -> set[str]:
    """Leaf modules with weights that no run calls and that share no weight with one that is."""
    called: set[str] = set()
    leaves = {n: m for n, m in model.named_modules() if not list(m.children()) and n}
    hooks = [
        m.register_forward_hook(lambda mod, a, out, n=n: called.add(n)) for n, m in leaves.items()
    ]
    with torch.no_grad():
        for combo in inputs:
            model(**{k: f() for k, f in combo.items()})
    for h in hooks:
        h.remove()
    used_params = {id(p) for n in called for p in leaves[n].parameters()}
    return {
        n
        for n, m in leaves.items()
        if n not in called
        and list(m.parameters())
        and not any(id(p) in used_params for p in m.parameters())
    }


@pytest.mark.parametrize("case", sorted(CASES))
def test_unused_notes_equal_torch(case, tmp_path):
    src, cls, inputs = CASES[case]
    path = tmp_path / f"unused_{case}.py"
    path.write_text(src)
    mod = _import(path, f"unused_{case}")
    if case == "hf_embeddings":
        from transformers import PreTrainedConfig

        model = getattr(mod, cls)(PreTrainedConfig())
    else:
        model = getattr(mod, cls)()
    model.eval()
    want = _torch_unused(model, inputs)
    g = parse_source(str(path), entry=cls)
    got = {n.name or n.id for n in g.nodes if "unused in forward" in n.notes}
    assert got == want, (case, got, want)
    if case == "branch":
        assert want == {"forgotten"}  # the control: a layer no input reaches is still reported
    if case == "hf_embeddings":  # the call through get_input_embeddings() is a dataflow edge
        emb = g.index["language_model/embed_tokens"]
        assert any(e.dst == emb.id for e in g.edges)
