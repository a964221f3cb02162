# DETR-style decoder: one prototype layer, N deep copies, a shared final norm, query embeddings
import copy

import torch.nn as nn


class DecoderLayer(nn.Module):
    def __init__(self, d, heads, ff):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(d, heads)
        self.cross_attn = nn.MultiheadAttention(d, heads)
        self.ff = nn.Sequential(nn.Linear(d, ff), nn.ReLU(), nn.Linear(ff, d))
        self.norms = nn.ModuleList([nn.LayerNorm(d) for _ in range(3)])


def _get_clones(module, n):
    return nn.ModuleList([copy.deepcopy(module) for _ in range(n)])


class Decoder(nn.Module):
    def __init__(self, layer, num_layers, norm, return_intermediate=True):
        super().__init__()
        self.layers = _get_clones(layer, num_layers)
        self.norm = norm
        self.return_intermediate = return_intermediate


class DETRHead(nn.Module):
    def __init__(self, d=64, heads=4, ff=128, n_layers=3, n_queries=20, n_classes=12):
        super().__init__()
        proto = DecoderLayer(d, heads, ff)
        self.decoder = Decoder(proto, n_layers, nn.LayerNorm(d))
        self.query_embed = nn.Embedding(n_queries, d)
        self.class_embed = nn.Linear(d, n_classes + 1)
        self.bbox_embed = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 4))
        # the prototype is kept around (as in some forks) for building more layers later
        self.proto = proto


model = DETRHead()
