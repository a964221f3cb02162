"""perceiver_pytorch: perceiver_io_tied (wild-code corpus, benchmarks/wild)."""

from perceiver_pytorch import PerceiverIO

model = PerceiverIO(
    dim=32,
    queries_dim=16,
    logits_dim=10,
    depth=3,
    num_latents=16,
    latent_dim=32,
    latent_heads=4,
    weight_tie_layers=True,
    decoder_ff=True,
)
