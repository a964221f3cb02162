"""A small PaLM language model (palm-rlhf-pytorch) as the policy to be RLHF-tuned."""

from palm_rlhf_pytorch import PaLM

model = PaLM(num_tokens=256, dim=64, depth=2, dim_head=16, heads=4, ff_mult=2, causal=True)
