"""perceiver_pytorch: perceiver_lm (wild-code corpus, benchmarks/wild)."""

from perceiver_pytorch import PerceiverLM

model = PerceiverLM(
    num_tokens=100,
    dim=32,
    depth=2,
    max_seq_len=64,
    num_latents=16,
    latent_dim=32,
    latent_heads=4,
)
