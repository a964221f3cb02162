"""A DiT (diffusion transformer) from a named config ("DiT-S/4" at small width): patch embed, frozen
sin-cos position embedding (a non-trainable Parameter), timestep MLP, label embedding with one extra row
for the classifier-free-guidance null class, adaLN-Zero modulation (6 * hidden per block), final layer."""

import torch
import torch.nn as nn

DIT_CONFIGS = {
    "DiT-S/4": dict(depth=3, hidden_size=48, patch_size=4, num_heads=3),
    "DiT-B/4": dict(depth=12, hidden_size=768, patch_size=4, num_heads=12),
}


class TimestepEmbedder(nn.Module):
    def __init__(self, hidden, freq=64):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(freq, hidden), nn.SiLU(), nn.Linear(hidden, hidden))


class LabelEmbedder(nn.Module):
    def __init__(self, num_classes, hidden, dropout_prob):
        super().__init__()
        use_cfg = dropout_prob > 0
        self.embedding_table = nn.Embedding(num_classes + use_cfg, hidden)


class DiTBlock(nn.Module):
    def __init__(self, hidden, heads, mlp_ratio=4.0):
        super().__init__()
        self.norm1 = nn.LayerNorm(hidden, elementwise_affine=False, eps=1e-6)
        self.attn = nn.MultiheadAttention(hidden, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(hidden, elementwise_affine=False, eps=1e-6)
        inner = int(hidden * mlp_ratio)
        self.mlp = nn.Sequential(
            nn.Linear(hidden, inner), nn.GELU(approximate="tanh"), nn.Linear(inner, hidden)
        )
        self.adaLN_modulation = nn.Sequential(nn.SiLU(), nn.Linear(hidden, 6 * hidden))


class FinalLayer(nn.Module):
    def __init__(self, hidden, patch, out_channels):
        super().__init__()
        self.norm_final = nn.LayerNorm(hidden, elementwise_affine=False, eps=1e-6)
        self.linear = nn.Linear(hidden, patch * patch * out_channels)
        self.adaLN_modulation = nn.Sequential(nn.SiLU(), nn.Linear(hidden, 2 * hidden))


class DiT(nn.Module):
    def __init__(
        self,
        input_size=16,
        in_channels=4,
        depth=3,
        hidden_size=48,
        patch_size=4,
        num_heads=3,
        num_classes=10,
        class_dropout_prob=0.1,
        learn_sigma=True,
    ):
        super().__init__()
        self.out_channels = in_channels * 2 if learn_sigma else in_channels
        self.x_embedder = nn.Conv2d(in_channels, hidden_size, patch_size, patch_size)
        self.t_embedder = TimestepEmbedder(hidden_size)
        self.y_embedder = LabelEmbedder(num_classes, hidden_size, class_dropout_prob)
        num_patches = (input_size // patch_size) ** 2
        self.pos_embed = nn.Parameter(torch.zeros(1, num_patches, hidden_size), requires_grad=False)
        self.blocks = nn.ModuleList(DiTBlock(hidden_size, num_heads) for _ in range(depth))
        self.final_layer = FinalLayer(hidden_size, patch_size, self.out_channels)


model = DiT(input_size=16, in_channels=4, num_classes=10, **DIT_CONFIGS["DiT-S/4"])
