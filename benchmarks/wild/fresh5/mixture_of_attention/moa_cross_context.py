"""Mixture-of-attention as a routed cross-attention layer over a longer context."""

from mixture_of_attention import MixtureOfAttention

model = MixtureOfAttention(
    dim=128,
    dim_context=64,
    num_routed_queries=32,
    num_routed_key_values=64,
    num_experts=3,
    dim_head=32,
    heads=4,
    use_triton=False,
)
