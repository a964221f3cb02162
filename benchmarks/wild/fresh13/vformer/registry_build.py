"""Models built from vformer's MODEL_REGISTRY by name, the way its config-driven scripts do."""

import torch.nn as nn
from vformer.models import MODEL_REGISTRY

cfgs = {
    "CCT": dict(
        img_size=32,
        patch_size=4,
        embedding_dim=64,
        num_layers=2,
        head_dim=32,
        num_heads=2,
        n_classes=10,
        decoder_config=(64, 10),
    ),
    "ConViT": dict(
        img_size=32,
        patch_size=8,
        n_classes=10,
        embedding_dim=64,
        head_dim=16,
        depth_sa=1,
        depth_gpsa=1,
        attn_heads_sa=4,
        attn_heads_gpsa=4,
        encoder_mlp_dim=128,
    ),
}
model = nn.ModuleDict({name: MODEL_REGISTRY.get(name)(**kw) for name, kw in cfgs.items()})
