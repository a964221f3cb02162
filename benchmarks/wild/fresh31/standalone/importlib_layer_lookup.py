"""Idiom: layer classes named by dotted strings in a config and resolved with importlib.import_module +
getattr (the "_target_" style); "torch.nn.GRU" builds a GRU, "torch.nn.modules.activation.GELU" a GELU."""

import importlib

import torch.nn as nn

SPEC = [
    {"_target_": "torch.nn.Embedding", "num_embeddings": 64, "embedding_dim": 12},
    {"_target_": "torch.nn.GRU", "input_size": 12, "hidden_size": 20, "num_layers": 2},
    {"_target_": "torch.nn.modules.activation.GELU"},
    {"_target_": "torch.nn.Linear", "in_features": 20, "out_features": 6},
]


def instantiate(spec):
    spec = dict(spec)
    module_name, _, cls_name = spec.pop("_target_").rpartition(".")
    return getattr(importlib.import_module(module_name), cls_name)(**spec)


model = nn.ModuleList(instantiate(s) for s in SPEC)
