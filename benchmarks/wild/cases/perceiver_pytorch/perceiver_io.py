"""perceiver_pytorch: perceiver_io (wild-code corpus, benchmarks/wild)."""

from perceiver_pytorch import PerceiverIO

model = PerceiverIO(
    dim=32,
    queries_dim=16,
    logits_dim=10,
    depth=2,
    num_latents=16,
    latent_dim=32,
    cross_heads=1,
    latent_heads=4,
    cross_dim_head=16,
    latent_dim_head=16,
)
