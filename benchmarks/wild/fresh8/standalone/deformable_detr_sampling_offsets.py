"""Deformable DETR encoder / decoder layers by hand: multi-scale deformable attention with
sampling-offset and attention-weight linears per (head, level, point), level embeddings as a
parameter, learned query embeddings, box heads cloned per decoder layer (no sharing)."""

import copy

import torch
import torch.nn as nn


class MSDeformAttn(nn.Module):
    def __init__(self, d_model=256, n_levels=4, n_heads=8, n_points=4):
        super().__init__()
        self.sampling_offsets = nn.Linear(d_model, n_heads * n_levels * n_points * 2)
        self.attention_weights = nn.Linear(d_model, n_heads * n_levels * n_points)
        self.value_proj = nn.Linear(d_model, d_model)
        self.output_proj = nn.Linear(d_model, d_model)


class EncLayer(nn.Module):
    def __init__(self, d, ffn):
        super().__init__()
        self.self_attn = MSDeformAttn(d)
        self.norm1 = nn.LayerNorm(d)
        self.linear1, self.linear2 = nn.Linear(d, ffn), nn.Linear(ffn, d)
        self.norm2 = nn.LayerNorm(d)


class DecLayer(EncLayer):
    def __init__(self, d, ffn, heads=8):
        super().__init__(d, ffn)
        self.cross_attn = self.self_attn
        self.self_attn = nn.MultiheadAttention(d, heads)
        self.norm3 = nn.LayerNorm(d)


class DeformableDETR(nn.Module):
    def __init__(self, d=256, ffn=1024, enc=6, dec=6, queries=300, classes=91, levels=4):
        super().__init__()
        self.level_embed = nn.Parameter(torch.empty(levels, d))
        self.input_proj = nn.ModuleList(
            nn.Sequential(nn.Conv2d(c, d, 1), nn.GroupNorm(32, d)) for c in (512, 1024, 2048)
        ).append(nn.Sequential(nn.Conv2d(2048, d, 3, 2, 1), nn.GroupNorm(32, d)))
        self.encoder = nn.ModuleList(EncLayer(d, ffn) for _ in range(enc))
        self.decoder = nn.ModuleList(DecLayer(d, ffn) for _ in range(dec))
        self.query_embed = nn.Embedding(queries, 2 * d)
        self.reference_points = nn.Linear(d, 2)
        cls = nn.Linear(d, classes)
        box = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 4))
        self.class_embed = nn.ModuleList(copy.deepcopy(cls) for _ in range(dec))
        self.bbox_embed = nn.ModuleList(copy.deepcopy(box) for _ in range(dec))


model = DeformableDETR(enc=3, dec=3, queries=100)
