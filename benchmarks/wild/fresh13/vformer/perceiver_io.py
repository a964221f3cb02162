"""vformer's PerceiverIO with a logits head."""

from vformer.models import PerceiverIO

model = PerceiverIO(
    dim=16,
    depth=2,
    latent_dim=64,
    num_latents=32,
    cross_head_dim=16,
    latent_head_dim=16,
    queries_dim=16,
    logits_dim=8,
    decoder_ff=True,
)
