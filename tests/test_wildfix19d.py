"""Constructs of the fifteenth wild batch's dev part (session 19, helper wildfix19d), each
counted statically and in torch (tests/model_count_support.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from driftcheck.parsers.source import parse_source
from tests.model_count_support import check_count_matches_torch, check_honest_unknown, torch_count


def test_parameter_from_a_reduced_weight(tmp_path: Path) -> None:
    # ``nn.Parameter(conv.weight.sum(dim=1, keepdim=True))``: RGB filters summed to one channel,
    # then a classifier's rows sliced: new parameters of the shapes the tensor methods give
    check_count_matches_torch(
        tmp_path,
        """
        import torch
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(3, 8, 3)
                self.conv.weight = nn.Parameter(self.conv.weight.sum(dim=1, keepdim=True))
                self.conv.in_channels = 1
                self.fc = nn.Linear(16, 100)
                with torch.no_grad():
                    self.fc.weight = nn.Parameter(self.fc.weight[:10].clone())
                    self.fc.bias = nn.Parameter(self.fc.bias[:10].clone())
                self.fc.out_features = 10
                self.emb = nn.Embedding(50, 4)
                self.emb.weight = nn.Parameter(self.emb.weight.detach().clone())
        """,
    )


def test_parameter_from_a_weight_of_unknown_shape_is_unknown(tmp_path: Path) -> None:
    check_honest_unknown(
        tmp_path,
        """
        import os
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(int(os.environ["C"]), 8, 3)
                self.conv.weight = nn.Parameter(self.conv.weight.sum(dim=1, keepdim=True))
        """,
    )


def test_tuple_subclass_without_its_own_new(tmp_path: Path) -> None:
    # ``class TupleTree(tuple)`` with methods only: ``TupleTree(gen)`` holds the generator's
    # items (tuple.__new__), which its methods and ``len`` / indexing / iteration then read
    check_count_matches_torch(
        tmp_path,
        """
        import itertools
        import torch.nn as nn
        class Tree(tuple):
            def flatten(self):
                new = Tree(s if type(s) is Tree else (s,) for s in self)
                return Tree(itertools.chain.from_iterable(new))
        def tree(*data):
            return Tree(Tree(d) if type(d) in (list, tuple) else d for d in data)
        class M(nn.Module):
            def __init__(self, sizes=(6, [64, 32])):
                super().__init__()
                nodes = tree(*sizes).flatten()
                self.net = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(nodes[:-1], nodes[1:])])
                self.out = nn.Linear(len(Tree()) + len(nodes), 1)
        """,
    )


def test_tuple_subclass_of_unknown_items_is_unknown(tmp_path: Path) -> None:
    check_honest_unknown(
        tmp_path,
        """
        import os
        import torch.nn as nn
        class Tree(tuple):
            pass
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                nodes = Tree(range(int(os.environ["N"])))
                self.lin = nn.Linear(len(nodes), 1)
        """,
    )


def test_weakrefs_to_the_parameters_keep_the_count(tmp_path: Path) -> None:
    # an EMA beside the model (torch_ema) keeps ``weakref.ref(p)`` of each parameter: the
    # reference gives the parameter back and changes nothing, so the model's count stands
    path = tmp_path / "model.py"
    path.write_text(
        textwrap.dedent(
            """
            import weakref
            import torch.nn as nn
            class EMA:
                def __init__(self, parameters):
                    parameters = list(parameters)
                    self.shadow = [p.clone().detach() for p in parameters]
                    self.refs = [weakref.ref(p) for p in parameters]
                def live(self):
                    return [r() for r in self.refs]
            model = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 2))
            ema = EMA(model.parameters())
            model.extra = nn.Linear(len(ema.live()), 3)
            """
        )
    )
    g = parse_source(path)
    assert g.params_total() == torch_count(path, root="model") == 73, [str(n) for n in g.notes]


def test_namespace_copied_through_dir(tmp_path: Path) -> None:
    # momentfm's ``NamespaceWithDefaults.from_namespace``: ``for attr in dir(ns)`` copies an
    # ``argparse.Namespace`` field by field, sizes included
    check_count_matches_torch(
        tmp_path,
        """
        from argparse import Namespace
        import torch.nn as nn
        class Copy(Namespace):
            @classmethod
            def of(cls, ns):
                new = cls()
                for attr in dir(ns):
                    if not attr.startswith("__"):
                        setattr(new, attr, getattr(ns, attr))
                return new
        class M(nn.Module):
            def __init__(self, cfg=Namespace(d_in=12, d_out=5)):
                super().__init__()
                cfg = Copy.of(cfg)
                self.lin = nn.Linear(cfg.d_in, cfg.d_out)
        """,
    )


def test_get_encoder_of_a_transformers_model(tmp_path: Path) -> None:
    # ``T5Model(cfg).get_encoder()`` (inherited from ``PreTrainedModel``): its ``encoder``
    import pytest

    pytest.importorskip("transformers")
    path = tmp_path / "model.py"
    path.write_text(
        textwrap.dedent(
            """
            from transformers import T5Config, T5Model
            cfg = T5Config(d_model=16, d_ff=32, d_kv=4, num_heads=2, num_layers=1,
                           vocab_size=8, is_encoder_decoder=False)
            model = T5Model(cfg).get_encoder()
            """
        )
    )
    g = parse_source(path)
    assert g.params_total() == torch_count(path, root="model"), [str(n) for n in g.notes]
