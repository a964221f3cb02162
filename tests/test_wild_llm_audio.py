"""Constructs met by the wild corpus's diffusion, LLM, audio, protein and standalone files
(issue #16: diffusers, litgpt, esm, standalone research files): each small model is counted
statically and by real torch (meta device), and the two must agree."""

from __future__ import annotations

import runpy
import sys
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")


def count_both(tmp_path: Path, src: str, **helpers: str) -> tuple[int | None, int]:
    """``src`` as ``m.py`` (with helper modules beside it): the static count and torch's."""
    for name, text in helpers.items():
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(text))
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(src))
    got = parse_source(f).params_total()
    sys.path.insert(0, str(tmp_path))
    try:
        with torch.device("meta"):
            model = runpy.run_path(str(f), run_name="__wild__")["model"]
    finally:
        sys.path.remove(str(tmp_path))
        for name in helpers:
            sys.modules.pop(name, None)
    want = sum(p.numel() for p in model.parameters())
    return got, want


def test_user_decorator_fills_a_registry(tmp_path):
    # ConvNeXt's reference repository: ``@register_model`` stores each size in a module dict
    got, want = count_both(
        tmp_path,
        """
        from torch import nn

        _MODELS = {}

        def register_model(fn):
            _MODELS[fn.__name__] = fn
            return fn

        def register(name):
            def deco(fn):
                _MODELS[name] = fn
                return fn
            return deco

        @register_model
        def tiny(**kwargs):
            return nn.Sequential(nn.Linear(3, 5, **kwargs), nn.Linear(5, 2))

        @register("wide")
        def wide_net(**kwargs):
            return nn.Linear(3, 50, **kwargs)

        model = nn.ModuleList([_MODELS["tiny"](bias=False), _MODELS["wide"]()])
        """,
    )
    assert got == want == 3 * 5 + 5 * 2 + 2 + 3 * 50 + 50


def test_module_table_built_by_later_statements(tmp_path):
    # litgpt's ``configs`` list: a literal, then ``extend``, a loop appending deep copies,
    # item assignment; ``from_name`` reads the table the whole module body built
    got, want = count_both(
        tmp_path,
        """
        from torch import nn
        from tables import Config

        class Net(nn.Module):
            def __init__(self, cfg):
                super().__init__()
                self.blocks = nn.ModuleList(
                    [nn.Linear(cfg.width, cfg.width) for _ in range(cfg.depth)]
                )
                self.head = nn.Linear(cfg.width, cfg.vocab)

        model = Net(Config.from_name("b-chat", depth=3))
        """,
        tables="""
        from copy import deepcopy
        from dataclasses import dataclass

        configs = [dict(name="a", width=4, depth=1, vocab=10)]
        family = [dict(name="b{}", width=6, depth=2, vocab=12)]
        family.append(dict(name="c{}", width=7, depth=2, vocab=13))
        for c in family:
            for kind in ("", "-chat"):
                copy = deepcopy(c)
                copy["name"] = c["name"].format(kind)
                configs.append(copy)
        configs[1]["vocab"] += 5
        configs.extend([dict(name="d", width=9, depth=1, vocab=2)])
        name_to_config = {c["name"]: c for c in configs}

        @dataclass
        class Config:
            name: str = ""
            width: int = 1
            depth: int = 1
            vocab: int = 1

            @classmethod
            def from_name(cls, name, **kwargs):
                d = dict(name_to_config[name])
                d.update(kwargs)
                return cls(**d)
        """,
    )
    assert got == want == 3 * (6 * 6 + 6) + 6 * 12 + 12


def test_len_of_a_user_object(tmp_path):
    # esm's ``Alphabet``: ``len(alphabet)`` through its ``__len__`` sizes the embedding
    got, want = count_both(
        tmp_path,
        """
        from torch import nn

        class Alphabet:
            def __init__(self, toks):
                self.all_toks = ["<pad>", "<eos>"] + list(toks)
                for i in range((8 - len(self.all_toks) % 8) % 8):
                    self.all_toks.append(f"<null_{i}>")

            def __len__(self):
                return len(self.all_toks)

        model = nn.Embedding(len(Alphabet("ACDEFGHIK")), 4)
        """,
    )
    assert got == want == 16 * 4


def test_class_defined_after_an_import_that_fails(tmp_path):
    # esm's ESM1bLayerNorm: apex's fused norm when apex imports, else torch's LayerNorm
    got, want = count_both(
        tmp_path,
        """
        from torch import nn
        from norms import Norm, Extra

        class Block(nn.Module):
            def __init__(self, d=8):
                super().__init__()
                self.fc = nn.Linear(d, d)
                self.norm = Norm(d)
                self.extra = Extra(d)

        model = Block()
        """,
        norms="""
        from torch import nn

        try:
            from apex_not_installed.normalization import FusedLayerNorm as _Fused

            class Norm(_Fused):
                pass

            def Extra(d):
                return _Fused(d)
        except ImportError:
            from torch.nn import LayerNorm as Norm

            def Extra(d):
                return nn.Linear(d, 1)
        """,
    )
    assert got == want == 8 * 8 + 8 + 2 * 8 + 8 + 1


def test_decorated_init_records_its_arguments_as_config(tmp_path):
    # diffusers' ``@register_to_config``: the decorator reads ``inspect.signature(init)`` and
    # stores the arguments as ``self.config`` (an OrderedDict subclass) before ``init`` runs;
    # ``self.config`` is found on the mixin past ``nn.Module`` in the MRO
    got, want = count_both(
        tmp_path,
        """
        from torch import nn
        from cfgmix import ConfigMixin, register_to_config

        class Net(nn.Module, ConfigMixin):
            @register_to_config
            def __init__(self, width=8, depth=2, out_dim=None):
                super().__init__()
                out = self.config.out_dim or self.config.width
                self.layers = nn.ModuleList(
                    [nn.Linear(self.config.width, width) for _ in range(self.config.depth)]
                )
                self.head = nn.Linear(width, out)

        model = nn.ModuleList([Net(16, depth=3, out_dim=5), Net(width=4)])
        """,
        cfgmix="""
        import functools
        import inspect
        from collections import OrderedDict

        class FrozenDict(OrderedDict):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                for key, value in self.items():
                    setattr(self, key, value)
                self.__frozen = True

        class ConfigMixin:
            config_name = "config.json"
            ignore_for_config = []

            def register_to_config(self, **kwargs):
                if not hasattr(self, "_internal_dict"):
                    internal_dict = kwargs
                else:
                    internal_dict = {**self._internal_dict, **kwargs}
                self._internal_dict = FrozenDict(internal_dict)

            @property
            def config(self):
                return self._internal_dict

        def register_to_config(init):
            @functools.wraps(init)
            def inner_init(self, *args, **kwargs):
                ignore = getattr(self, "ignore_for_config", [])
                signature = inspect.signature(init)
                parameters = {
                    name: p.default
                    for i, (name, p) in enumerate(signature.parameters.items())
                    if i > 0 and name not in ignore
                }
                new_kwargs = dict(zip(parameters.keys(), args))
                new_kwargs.update(
                    {k: kwargs.get(k, d) for k, d in parameters.items() if k not in new_kwargs}
                )
                getattr(self, "register_to_config")(**new_kwargs)
                init(self, *args, **kwargs)

            return inner_init
        """,
    )
    assert got == want == 3 * (16 * 16 + 16) + 16 * 5 + 5 + 2 * (4 * 4 + 4) + 4 * 4 + 4


def test_recurrent_layers_with_positional_arguments_without_torch(tmp_path):
    # torchaudio's DeepSpeech / WaveRNN / Tacotron2 and encodec's SLSTM on the core install:
    # nn.LSTM / nn.GRU / nn.RNN take ``*args`` (named by their typed overload in the table)
    import json

    from tests.test_no_torch import run_without_torch

    f = tmp_path / "m.py"
    f.write_text(
        "import torch.nn as nn\n"
        "model = nn.ModuleList([nn.LSTM(4, 8, 2, True, False, 0.0, True), nn.GRU(3, 5, 2),\n"
        "                       nn.RNN(3, 5, 1, 'relu', False), nn.LSTM(4, 6, proj_size=3)])\n"
    )
    r = run_without_torch("check", str(f), "--format", "json")
    assert r.returncode in (0, 1), r.stderr
    got = json.loads(r.stdout)["params_total"]
    with torch.device("meta"):
        model = runpy.run_path(str(f))["model"]
    assert got == sum(p.numel() for p in model.parameters())


def test_subclass_of_an_unreadable_library_class_is_unknown(tmp_path):
    # a base from a library that is not on disk (apex's fused norm imported unguarded): the
    # instance may hold weights, so the count is null with a note, never 0 for it
    (tmp_path / "fused.py").write_text(
        "from apex_not_installed.normalization import FusedLayerNorm\n\n"
        "class Norm(FusedLayerNorm):\n    pass\n"
    )
    f = tmp_path / "m.py"
    f.write_text(
        "from torch import nn\nfrom fused import Norm\n\n"
        "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.fc = nn.Linear(2, 2)\n        self.norm = Norm(4)\n\nmodel = M()\n"
    )
    g = parse_source(f)
    assert g.params_total() is None
    assert any("apex_not_installed" in n for n in g.notes)


def test_conv_subclass_reads_its_sizes_as_tuples_without_torch(tmp_path):
    # efficientnet_pytorch's Conv2dStaticSamePadding on the core install: ``self.stride[0]`` and
    # ``self.dilation[0]`` (a default) are n-tuples, as torch's ``_pair`` stores them, so the
    # padding layer chosen from them is decided
    import json

    from tests.test_no_torch import run_without_torch

    f = tmp_path / "m.py"
    f.write_text(
        "import torch.nn as nn\n"
        "class C(nn.Conv2d):\n"
        "    def __init__(self, i, o, k, stride=1, **kw):\n"
        "        super().__init__(i, o, k, stride, **kw)\n"
        "        kh, kw_ = self.weight.size()[-2:]\n"
        "        if (kh - 1) * self.dilation[0] + self.stride[1] > 3:\n"
        "            self.pad = nn.Linear(2, 2)\n"
        "        else:\n"
        "            self.pad = nn.Identity()\n"
        "model = nn.ModuleList([C(3, 8, 3, stride=2, bias=False), C(3, 4, 1)])\n"
    )
    r = run_without_torch("check", str(f), "--format", "json")
    assert r.returncode in (0, 1), r.stderr
    got = json.loads(r.stdout)["params_total"]
    with torch.device("meta"):
        model = runpy.run_path(str(f))["model"]
    assert got == sum(p.numel() for p in model.parameters())
