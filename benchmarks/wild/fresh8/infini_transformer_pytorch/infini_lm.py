"""Infini-attention transformer LM (compressive memory per layer), small sizes."""

from infini_transformer_pytorch import InfiniTransformer

model = InfiniTransformer(
    num_tokens=256, dim=512, depth=6, dim_head=128, heads=8, use_mem_delta_rule=True
)
